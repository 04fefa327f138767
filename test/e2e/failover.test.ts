import { afterEach, describe, expect, it } from "vitest";
import type { BotMessage } from "../../tools/fake-telegram/fake-telegram.ts";
import { type Harness, startHarness, THREE_EXCHANGES } from "../support/bot-harness.ts";
import { step, toSummary } from "../support/flows.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { until } from "../support/until.ts";

/**
 * Failover across three exchanges side by side (contract, "Several exchanges"; docs/design.md §4,
 * "Failover"), through the real bot, the fake Telegram and a sandbox per exchange: a definite
 * refusal shows the next offer, freshly quoted, as a new summary to confirm; an unknown outcome is
 * found at its own exchange and never tried elsewhere; a refused key takes an exchange out.
 */

let h: Harness | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await dropDatabase?.();
  dropDatabase = undefined;
});

const LABELS: Record<string, string> = {
  exolix: "Exolix",
  changenow: "ChangeNOW",
  letsexchange: "LetsExchange",
};

/** The amount a summary says the user receives. */
function receives(summary: BotMessage): string {
  const amount = /You receive: ≈? ?([\d.]+)/.exec(summary.text)?.[1];
  if (!amount) throw new Error(`no amount to receive in: ${summary.text}`);
  return amount;
}

/** POSTs each exchange's sandbox answered, by exchange. */
function creates(harness: Harness): Record<string, number> {
  return Object.fromEntries(
    [...harness.sandboxes].map(([name, s]) => [name, s.control.stats.byEndpoint.create ?? 0]),
  );
}

/** Quote requests each exchange's sandbox answered, by exchange. */
function rates(harness: Harness): Record<string, number> {
  return Object.fromEntries(
    [...harness.sandboxes].map(([name, s]) => [name, s.control.stats.byEndpoint.rate ?? 0]),
  );
}

/** Swaps made at every exchange together. */
function swapsMade(harness: Harness): number {
  return [...harness.sandboxes.values()].reduce((n, s) => n + s.control.transactions().length, 0);
}

/** The exchange (other than `but`) whose label the message names. */
function namedExchange(message: BotMessage, but: string): string {
  const named = Object.keys(LABELS).filter(
    (name) => name !== but && message.text.includes(LABELS[name]!),
  );
  expect(named).toHaveLength(1);
  return named[0]!;
}

describe.each(["SQLite", "PostgreSQL"])("a definite refusal at Confirm (%s)", (database) => {
  it("names the exchange that refused, shows the next offer freshly quoted as a new summary, and its Confirm makes exactly one swap", async () => {
    let databaseUrl: string | undefined;
    if (database === "PostgreSQL") {
      const fresh = await freshPostgresDatabase();
      dropDatabase = fresh.drop;
      databaseUrl = fresh.url;
    }
    h = await startHarness({
      exchanges: THREE_EXCHANGES,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const user = h.tg.user();
    const first = await toSummary(user);
    // The best offer is Exolix's (the sandboxes' markets): the summary names it.
    expect(first.text).toContain("Exchange: Exolix");
    const exolix = h.sandboxes.get("exolix")!.control;
    exolix.refuseCreates();
    const asked = rates(h);

    const next = await step(user, "confirm", "next best offer", 15_000);
    expect(next.text).toContain("Exolix refused this swap");
    // The upstream's own words.
    expect(next.text).toContain("not available");
    const at = namedExchange(next, "exolix");
    expect(next.text).toContain(`Exchange: ${LABELS[at]}`);
    expect(next.text).toContain("Please check");
    expect(JSON.stringify(next.replyMarkup)).toContain("Confirm");
    // Freshly quoted at that exchange, with its own numbers; nothing made anywhere yet.
    expect(rates(h)[at]).toBeGreaterThan(asked[at]!);
    expect(receives(next)).not.toBe(receives(first));
    expect(swapsMade(h)).toBe(0);
    expect(creates(h)).toMatchObject({ exolix: 1, [at]: 0 });

    // The refused summary's Confirm does not confirm the new one's numbers.
    const firstConfirm = first.replyMarkup?.inline_keyboard
      .flat()
      .find((b) => b.text.includes("Confirm"));
    if (!firstConfirm || !("callback_data" in firstConfirm)) throw new Error("no Confirm button");
    await user.pressRaw(first.messageId, firstConfirm.callback_data!);
    await user.waitFor((m) => m.messageId > next.messageId && m.text.includes("Please check"));
    expect(swapsMade(h)).toBe(0);

    await user.press("Confirm");
    const deposit = await user.waitFor((m) => m.text.includes("Swap created"), {
      timeoutMs: 15_000,
    });
    const made = h.sandboxes.get(at)!.control.transactions();
    expect(made).toHaveLength(1);
    expect(deposit.text).toContain(made[0]!.deposit_address);
    expect(swapsMade(h)).toBe(1);
    // Confirm again: the same swap, never a second one.
    await user.press("Confirm");
    await h.tg.settle(300);
    expect(swapsMade(h)).toBe(1);
    const all = creates(h);
    expect(all.exolix).toBe(1);
    expect(all[at]).toBe(1);
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBe(2);
  }, 90_000);
});

describe("a definite refusal with no other offer", () => {
  it("says no other exchange offers it, and ends", async () => {
    h = await startHarness({ exchanges: THREE_EXCHANGES });
    const user = h.tg.user();
    await toSummary(user);
    for (const sandbox of h.sandboxes.values()) sandbox.control.refuseCreates();
    let told: BotMessage | undefined;
    // Each exchange refuses in turn (the best first), each refusal showing the next offer.
    for (let i = 0; i < 3 && !told; i++) {
      const answer = await step(user, "confirm", /refused this swap/, 15_000);
      if (answer.text.includes("No other exchange")) told = answer;
    }
    expect(told?.text).toContain("Nothing was created");
    expect(swapsMade(h)).toBe(0);
    expect(Object.values(creates(h))).toEqual([1, 1, 1]);
  }, 90_000);
});

describe("an unknown outcome at Confirm (a 502 on create)", () => {
  it("is never tried at another exchange: the swap is found at its own and its deposit address shown", async () => {
    h = await startHarness({
      exchanges: THREE_EXCHANGES,
      env: { RECONCILE_GIVE_UP_MS: "1500" },
    });
    const user = h.tg.user();
    const summary = await toSummary(user);
    expect(summary.text).toContain("Exchange: Exolix");
    const exolix = h.sandboxes.get("exolix")!.control;
    // The exchange creates the swap, and a proxy answers 502.
    exolix.createThenHang(0, { status: 502 });
    user.send("confirm");
    const found = await user.waitFor((m) => m.text.includes("Found it"), { timeoutMs: 60_000 });
    const [tx] = exolix.transactions();
    expect(found.text).toContain(tx!.deposit_address);
    expect(user.transcript().some((m) => m.text.includes("next best offer"))).toBe(false);
    expect(creates(h)).toEqual({ exolix: 1, changenow: 0, letsexchange: 0 });
    expect(swapsMade(h)).toBe(1);
  }, 90_000);
});

describe("a refused key (401) on create", () => {
  it("takes the exchange out: the next offer is shown, later quotes do not ask it, the admins are told its name; it is offered again once its key works", async () => {
    const admin = 6161;
    h = await startHarness({
      exchanges: THREE_EXCHANGES,
      env: { ADMIN_CHAT_IDS: String(admin) },
    });
    const adminUser = h.tg.user({ id: admin });
    const user = h.tg.user();
    await toSummary(user);
    const exolix = h.sandboxes.get("exolix")!.control;
    // The key is refused on create, and on every keyed read while the operator has not fixed it.
    exolix.failNext("create", { status: 401, message: "invalid API key" });
    exolix.failNext("list", { status: 401, message: "invalid API key", times: 1_000_000 });

    const next = await step(user, "confirm", "next best offer", 15_000);
    expect(next.text).toContain("Exolix cannot take this swap now");
    // The operator's problem is not the user's to read.
    expect(next.text).not.toContain("invalid API key");
    const at = namedExchange(next, "exolix");
    await user.press("Confirm");
    await user.waitFor((m) => m.text.includes("Swap created"), { timeoutMs: 15_000 });
    expect(h.sandboxes.get(at)!.control.transactions()).toHaveLength(1);
    expect(h.app.exchanges.whyOut("exolix")).toContain("401");

    const alert = await adminUser.waitFor((m) => m.text.includes("rejects the bot's API key"), {
      timeoutMs: 20_000,
    });
    expect(alert.text).toContain("Exolix");
    expect(alert.text).toContain("EXCHANGE_EXOLIX_API_KEY");

    // A later quote asks the others only.
    const before = rates(h);
    await step(h.tg.user(), "/rate 0.3 btc eth", /ETH/, 15_000);
    const after = rates(h);
    expect(after.exolix).toBe(before.exolix);
    expect(after.changenow! + after.letsexchange!).toBeGreaterThan(
      before.changenow! + before.letsexchange!,
    );

    // The key works again: the recovery check finds it, and Exolix is offered again.
    exolix.clearFaults();
    await until(() => h!.app.exchanges.whyOut("exolix") === undefined, 30_000, "Exolix back");
    await adminUser.waitFor((m) => m.text.includes("Exolix answers again"), { timeoutMs: 20_000 });
    const again = rates(h).exolix!;
    await step(h.tg.user(), "/rate 0.31 btc eth", /ETH/, 15_000);
    expect(rates(h).exolix).toBeGreaterThan(again);
  }, 120_000);
});
