import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { FLOW_STORAGE_VERSION } from "../../src/bot/swap-flow/flow.ts";
import { flowVersions, OLDER_FLOW_VERSIONS } from "../../src/bot/swap-flow/flow-versions.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";
import { flowVersionAt, previousRelease } from "../support/previous-release.ts";

/** The versions below the current one that nothing says how to carry (or restart). */
function unregistered(current: number, older: Readonly<Record<number, unknown>>): number[] {
  return Array.from({ length: current - 1 }, (_, i) => i + 1).filter((v) => !(v in older));
}

/** Rewrites a chat's stored flow as if `version` of the flow had stored it (the bot stopped). */
function storeAsVersion(dbPath: string, chatId: number, version: number): void {
  const db = new BetterSqlite3(dbPath);
  try {
    const key = String(chatId);
    const row = db.prepare("select value from conversation_state where key = ?").get(key) as
      | { value: string }
      | undefined;
    if (!row) throw new Error(`chat ${key} has no stored flow`);
    const stored = JSON.parse(row.value) as { version: [number, number] };
    stored.version[1] = version;
    db.prepare("update conversation_state set value = ? where key = ?").run(
      JSON.stringify(stored),
      key,
    );
  } finally {
    db.close();
  }
}

describe("stored flows across versions (swap-flow/flow-versions.ts)", () => {
  it("every older FLOW_STORAGE_VERSION is registered as carried or restarted", () => {
    expect(
      unregistered(FLOW_STORAGE_VERSION, OLDER_FLOW_VERSIONS),
      `bumped FLOW_STORAGE_VERSION to ${FLOW_STORAGE_VERSION}? register the versions below it in src/bot/swap-flow/flow-versions.ts`,
    ).toEqual([]);
    expect(
      Object.keys(OLDER_FLOW_VERSIONS)
        .map(Number)
        .filter((v) => v >= FLOW_STORAGE_VERSION),
    ).toEqual([]);
  });

  it("is really checked: a bump without its registration is named", () => {
    expect(unregistered(FLOW_STORAGE_VERSION + 1, OLDER_FLOW_VERSIONS)).toEqual([
      FLOW_STORAGE_VERSION,
    ]);
  });

  it("the previous release's flows are the current version's or registered", () => {
    const previous = flowVersionAt(previousRelease().commit);
    expect(previous === FLOW_STORAGE_VERSION || previous in OLDER_FLOW_VERSIONS).toBe(true);
  });

  it("carries a registered version (reshaped by its migrate), restarts the others", () => {
    const state = { exchange: [] };
    const versions = flowVersions({
      1: { kind: "restart", why: "test" },
      2: { kind: "carry", why: "test" },
      3: { kind: "carry", why: "test", migrate: (s) => ({ ...s, more: [] }) },
    });
    expect(versions.version).toBe(FLOW_STORAGE_VERSION);
    expect(versions.carry(1, state)).toBeUndefined();
    expect(versions.carry(2, state)).toBe(state);
    expect(versions.carry(3, state)).toEqual({ exchange: [], more: [] });
    expect(versions.carry("3", state)).toBeUndefined();
    expect(versions.carry(99, state)).toBeUndefined();
  });
});

describe("a chat mid-flow when the bot is upgraded to a version that cannot carry its flow", () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it("is told in one sentence that the bot was updated and to start again with /exchange, once, never 'I did not get that'", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    await step(user, "btc", "receive");
    await step(user, "eth", "amount");
    // The stored flow now reads as one a release before this one stored, in steps that changed.
    const restarted = Object.entries(OLDER_FLOW_VERSIONS).find(([, o]) => o.kind === "restart");
    expect(restarted).toBeDefined();
    const dbPath = h.dbPath;
    await h.restart(() => storeAsVersion(dbPath, user.chatId, Number(restarted?.[0])));

    const told = await user.reply("0.5");
    expect(told.text).toContain("The bot was updated");
    expect(told.text).toContain("/exchange");
    expect(user.transcript().filter((m) => m.text.includes("I did not get that"))).toEqual([]);
    // Told once: the next stray message is an ordinary one, and /exchange starts afresh.
    expect((await user.reply("0.5")).text).toContain("I did not get that");
    await step(user, "/exchange", "send");
    expect(user.transcript().filter((m) => m.text.includes("The bot was updated"))).toHaveLength(1);
  });

  it("a button of the dropped flow is answered with the same sentence", async () => {
    h = await startHarness();
    const user = h.tg.user();
    await step(user, "/exchange", "send");
    const dbPath = h.dbPath;
    await h.restart(() => storeAsVersion(dbPath, user.chatId, 1));
    await user.press("BTC");
    const told = await user.waitFor("The bot was updated");
    expect(told.text).toContain("/exchange");
  });
});
