import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("/help", () => {
  it("lists every command", async () => {
    const reply = await h.tg.user().reply("/help");
    for (const command of [
      "start",
      "exchange",
      "rate",
      "currencies",
      "status",
      "history",
      "cancel",
      "help",
    ]) {
      expect(reply.text).toContain(`/${command}`);
    }
  });
});
