import { afterEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat } from "../support/flows.ts";
import { until } from "../support/until.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type User = ReturnType<Harness["tg"]["user"]>;

const STUCK_AFTER_MS = 1_500;

/** New messages (not edits) naming the state the way a status push does. */
const pushes = (user: User, word: string) =>
  user.transcript().filter((m) => !m.photo && new RegExp(`Swap \\w+: ${word}\\n`).test(m.text))
    .length;
const stuckMessages = (user: User) =>
  user.transcript().filter((m) => m.text.includes("taking longer than usual"));

describe("a swap that stays in one state far longer than usual", () => {
  it("held in confirmation past the threshold gets exactly one message, none before, none after a restart", async () => {
    h = await startHarness({
      env: {
        STUCK_CONFIRMING_AFTER_MS: String(STUCK_AFTER_MS),
        STUCK_EXCHANGING_AFTER_MS: "3600000",
      },
    });
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "confirmation");
    await until(() => pushes(user, "confirming") === 1);
    expect(stuckMessages(user)).toHaveLength(0);

    await until(() => stuckMessages(user).length === 1);
    const confirmingSince = (await h.app.repos.transactions.get(id))!.statusChangedAt;
    const told = h.tg
      .callsTo("sendMessage")
      .find((call) => String(call.params.text).includes("taking longer than usual"))!;
    expect(told.at - confirmingSince).toBeGreaterThanOrEqual(STUCK_AFTER_MS);
    // What is going on and what to do, and nothing that reads like a status change.
    const [message] = stuckMessages(user);
    expect(message!.text).toContain("low network fee");
    expect(message!.text).toContain(`quote the transaction id ${id}`);
    expect(message!.text).not.toMatch(/confirming|exchanging|complete|expired/);

    // Many more cycles, and a restart, do not repeat it.
    await h.tg.settle(1_000);
    await h.restart();
    await h.tg.settle(1_000);
    expect(stuckMessages(user)).toHaveLength(1);
    expect(pushes(user, "confirming")).toBe(1);
  });

  it("gets one message per state it is stuck in, each saying what that state means", async () => {
    h = await startHarness({
      env: {
        STUCK_CONFIRMING_AFTER_MS: String(STUCK_AFTER_MS),
        STUCK_EXCHANGING_AFTER_MS: String(STUCK_AFTER_MS),
      },
    });
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "confirmation");
    await until(() => stuckMessages(user).length === 1);
    h.sandbox.control.setStatus(id, "exchanging");
    await until(() => pushes(user, "exchanging") === 1);
    await until(() => stuckMessages(user).length === 2);
    expect(stuckMessages(user)[1]!.text).toContain("still working on the payout");
    h.sandbox.control.setStatus(id, "success");
    await until(() => pushes(user, "complete") === 1);
    await h.tg.settle(500);
    expect(stuckMessages(user)).toHaveLength(2);
  });

  it("a swap that moves on in time gets no such message", async () => {
    h = await startHarness({ env: { STUCK_CONFIRMING_AFTER_MS: "3000" } });
    const user = h.tg.user();
    const id = await createSwapViaChat(user);
    h.sandbox.control.setStatus(id, "confirmation");
    await until(() => pushes(user, "confirming") === 1);
    h.sandbox.control.setStatus(id, "success");
    await until(() => pushes(user, "complete") === 1);
    await new Promise((r) => setTimeout(r, 3_500));
    await h.tg.settle(300);
    expect(stuckMessages(user)).toHaveLength(0);
  });
});
