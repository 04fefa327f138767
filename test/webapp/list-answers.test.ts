import { describe, expect, it } from "vitest";
import { ListAnswers } from "../../src/webapp/server/list-answers.ts";

describe("ListAnswers", () => {
  it("gives a page's answer back only at the version it was made at, and only to its chat and page", () => {
    const lists = new ListAnswers();
    lists.set(1, 0, 3, { text: "chat 1 at 3" });
    expect(lists.get(1, 0, 3)?.text).toBe("chat 1 at 3");
    expect(lists.get(1, 0, 4)).toBeUndefined();
    expect(lists.get(1, 20, 3)).toBeUndefined();
    expect(lists.get(2, 0, 3)).toBeUndefined();
    lists.set(1, 0, 4, { text: "chat 1 at 4" });
    expect(lists.get(1, 0, 3)).toBeUndefined();
    expect(lists.get(1, 0, 4)?.text).toBe("chat 1 at 4");
  });

  it("keeps at most 1,000 pages, the least recently asked forgotten first", () => {
    const lists = new ListAnswers();
    for (let chat = 0; chat < 1_000; chat++) lists.set(chat, 0, 1, { text: `chat ${chat}` });
    expect(lists.get(0, 0, 1)?.text).toBe("chat 0");
    lists.set(1_000, 0, 1, { text: "one more" });
    expect(lists.get(0, 0, 1)?.text).toBe("chat 0");
    expect(lists.get(1, 0, 1)).toBeUndefined();
    expect(lists.get(1_000, 0, 1)?.text).toBe("one more");
  });
});
