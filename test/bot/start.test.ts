import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("/start", () => {
  it("welcomes and says how to start", async () => {
    const reply = await h.tg.user({ firstName: "Ada" }).reply("/start");
    expect(reply.text).toContain("Ada");
    expect(reply.text).toContain("/exchange");
  });
});
