import { afterEach, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { dialectNamed } from "../../src/exchange/dialects/index.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import {
  DIALECTS,
  type Dialect,
  type NamedSandbox,
  NEUTRAL_MARKET,
  type Sandbox,
  startSandbox,
  startSandboxSet,
} from "../../src/sandbox/index.ts";
import { ExchangeApiError } from "../../src/swaps/exchange-errors.ts";
import { describeExchangeError } from "../../src/swaps/failures.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { until } from "../support/until.ts";
import { ETH_ADDRESS } from "./helpers.ts";

/**
 * Several sandboxes side by side, as the bot runs them without any exchange configured (issue 41):
 * each quotes at its own prices and limits, issues its own ids, and can be taken down or made to
 * refuse creates while the others serve. Quotes and creates go through the bot's own adapters, so
 * what is checked is what the bot would make of each answer.
 */

const amount = (v: string) => v as DecimalString;
const unlimited = { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 };
const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: amount("0.05"),
  withdrawalAddress: ETH_ADDRESS,
};

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function set(): Promise<NamedSandbox[]> {
  const started = await startSandboxSet({ limits: false, schedule: false });
  open.push(...started.map((s) => s.sandbox));
  return started;
}

async function one(dialect: Dialect, options: Parameters<typeof startSandbox>[0] = {}) {
  const sandbox = await startSandbox({ limits: false, schedule: false, dialect, ...options });
  open.push(sandbox);
  return sandbox;
}

function clientOf(sandbox: Sandbox): ExchangeClient {
  return new ExchangeClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    dialect: dialectNamed(sandbox.dialect),
    limits: unlimited,
    timeoutMs: 5_000,
    getRetries: 0,
  });
}

function byName(sandboxes: readonly NamedSandbox[], name: string): Sandbox {
  const found = sandboxes.find((s) => s.name === name);
  if (!found) throw new Error(`no sandbox ${name}`);
  return found.sandbox;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/** A path every dialect answers without a key: its coin list. */
const COINS_PATH: Readonly<Record<Dialect, string>> = {
  spec: "/currencies?size=1",
  exolix: "/currencies?size=1",
  changenow: "/exchange/currencies",
  letsexchange: "/v2/coins",
};

/** Each dialect's create (a raw POST: the bot's create is not aborted, it runs to its deadline). */
const CREATE_PATH: Readonly<Record<Dialect, string>> = {
  spec: "/transactions",
  exolix: "/transactions",
  changenow: "/exchange",
  letsexchange: "/v1/transaction",
};

describe("four sandboxes started with only their dialect", () => {
  it("are named for the bot's settings, one per dialect", async () => {
    const sandboxes = await set();
    expect(sandboxes.map((s) => [s.name, s.sandbox.dialect])).toEqual([
      ["swapspec", "spec"],
      ["exolix", "exolix"],
      ["changenow", "changenow"],
      ["letsexchange", "letsexchange"],
    ]);
    expect(new Set(sandboxes.map((s) => s.sandbox.url)).size).toBe(4);
    expect(new Set(sandboxes.map((s) => s.sandbox.apiKey)).size).toBe(4);
  });

  it("quote one pair at four different amounts (exolix best, changenow worst) and take different minimums", async () => {
    const sandboxes = await set();
    const quotes = Object.fromEntries(
      await Promise.all(
        sandboxes.map(async ({ name, sandbox }) => {
          const quote = await clientOf(sandbox).getRate({
            coinFrom: "btc",
            coinTo: "eth",
            amount: amount("0.5"),
          });
          return [name, quote] as const;
        }),
      ),
    );
    const receive = (name: string) => quotes[name]!.receiveAmount;
    expect(new Set(Object.values(quotes).map((q) => q.receiveAmount)).size).toBe(4);
    expect(receive("exolix")).toBeGreaterThan(receive("letsexchange"));
    expect(receive("letsexchange")).toBeGreaterThan(receive("swapspec"));
    expect(receive("swapspec")).toBeGreaterThan(receive("changenow"));
    // Within a percent of each other: offers of one market, not of another coin.
    expect(receive("exolix") / receive("changenow")).toBeLessThan(1.01);
    expect(receive("exolix") / receive("swapspec")).toBeCloseTo(1.004, 4);
    expect(receive("changenow") / receive("swapspec")).toBeCloseTo(0.997, 4);
    // One takes a smaller amount than another: the minimums differ.
    const minimum = (name: string) => quotes[name]!.minimum;
    expect(minimum("changenow")).toBeLessThan(minimum("swapspec"));
    expect(minimum("swapspec")).toBeLessThan(minimum("letsexchange"));
  });

  it("a market option moves one sandbox's rate and limits; the neutral market is the spec's", async () => {
    const request = { coinFrom: "btc", coinTo: "eth", amount: amount("0.5") };
    const spec = await clientOf(await one("spec")).getRate(request);
    const neutral = await clientOf(await one("exolix", { market: NEUTRAL_MARKET })).getRate({
      ...request,
      rateType: "float",
    });
    expect(neutral.receiveAmount).toBe(spec.receiveAmount);
    const moved = await one("spec", { market: { rateFactor: 1.01, minFactor: 2 } });
    const quote = await clientOf(moved).getRate(request);
    expect(quote.receiveAmount / spec.receiveAmount).toBeCloseTo(1.01, 4);
    expect(quote.minimum).toBeGreaterThan(spec.minimum * 1.9);
    expect(quote.maximum).toBe(spec.maximum);
    moved.control.setMarket({ rateFactor: 1 });
    expect((await clientOf(moved).getRate(request)).receiveAmount).toBe(spec.receiveAmount);
    await expect(one("spec", { market: { rateFactor: 0 } })).rejects.toThrow(/rateFactor/);
  });

  it("never issue the same transaction id: each sandbox's ids start with its own prefix", async () => {
    const sandboxes = await set();
    const created = await Promise.all(
      sandboxes.map(({ sandbox }) => clientOf(sandbox).createTransaction(ORDER)),
    );
    expect(new Set(created.map((c) => c.id)).size).toBe(4);
    // Two sandboxes of one dialect too: all the ids of one share a prefix no id of the other has.
    const a = (await one("spec")).control.seed(200);
    const b = (await one("spec")).control.seed(200);
    const prefixOf = (ids: string[]) =>
      ids.reduce((p, id) => {
        let i = 0;
        while (i < p.length && p[i] === id[i]) i++;
        return p.slice(0, i);
      });
    expect(prefixOf(a)).not.toBe("");
    expect(b.some((id) => id.startsWith(prefixOf(a)))).toBe(false);
    expect(a.every((id) => /^[0-9a-z]{10,}$/.test(id))).toBe(true);
  });
});

describe("one sandbox taken down while the others serve", () => {
  it("hang: a request gets no answer while another sandbox answers; up again, it answers", async () => {
    const sandboxes = await set();
    const exolix = byName(sandboxes, "exolix");
    const changenow = byName(sandboxes, "changenow");
    exolix.control.takeDown();
    expect(exolix.control.downMode()).toBe("hang");

    const deadline = new AbortController();
    let answered = false;
    const hanging = fetch(`${exolix.url}${COINS_PATH.exolix}`, { signal: deadline.signal }).then(
      (res) => {
        answered = true;
        return res;
      },
    );
    await until(() => exolix.control.heldRequests() === 1, 10_000, "the request held");
    const other = await fetch(`${changenow.url}${COINS_PATH.changenow}`);
    expect(other.status).toBe(200);
    expect(answered).toBe(false);
    // The client's own deadline is what ends it: aborted, never answered.
    deadline.abort();
    const error = await failure(hanging);
    expect(error).toMatchObject({ name: "AbortError" });
    expect(answered).toBe(false);
    await until(() => exolix.control.heldRequests() === 0, 10_000, "the aborted request let go");

    exolix.control.bringUp();
    expect(exolix.control.downMode()).toBe(false);
    expect((await fetch(`${exolix.url}${COINS_PATH.exolix}`)).status).toBe(200);
  });

  it("hang holds every endpoint (a quote, a create, a path it does not know) in every dialect", async () => {
    for (const dialect of DIALECTS) {
      const sandbox = await one(dialect);
      sandbox.control.takeDown("hang");
      const client = clientOf(sandbox);
      const deadline = new AbortController();
      const calls = [
        client.getRate(
          { coinFrom: "btc", coinTo: "eth", amount: amount("0.5") },
          { signal: deadline.signal },
        ),
        fetch(`${sandbox.url}${CREATE_PATH[dialect]}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(ORDER),
          signal: deadline.signal,
        }),
        fetch(`${sandbox.url}/no/such/path`, { signal: deadline.signal }),
      ].map((call) => failure(call));
      await until(() => sandbox.control.heldRequests() === 3, 10_000, `${dialect}: three held`);
      deadline.abort();
      await Promise.all(calls);
      expect(sandbox.control.transactions()).toEqual([]);
    }
  });

  it("close() ends promptly while a request hangs, and the request fails instead of hanging on", async () => {
    const sandbox = await one("letsexchange");
    sandbox.control.takeDown();
    const hanging = failure(fetch(`${sandbox.url}${COINS_PATH.letsexchange}`));
    await until(() => sandbox.control.heldRequests() === 1, 10_000, "the request held");
    await sandbox.close();
    expect(await hanging).toBeInstanceOf(TypeError);
    expect(sandbox.control.heldRequests()).toBe(0);
  });

  it("503: every request is answered 503 at once, the bot reads it as unavailable, nothing is created; up again, it serves", async () => {
    const sandboxes = await set();
    const changenow = byName(sandboxes, "changenow");
    changenow.control.takeDown("unavailable");
    const client = clientOf(changenow);
    const quote = await failure(
      client.getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") }),
    );
    expect(quote).toMatchObject({ status: 503 });
    expect(describeExchangeError(quote)).toEqual({ kind: "unavailable" });
    expect(await failure(client.createTransaction(ORDER))).toMatchObject({ status: 503 });
    expect(changenow.control.transactions()).toEqual([]);
    // The others serve meanwhile.
    const spec = byName(sandboxes, "swapspec");
    expect((await fetch(`${spec.url}${COINS_PATH.spec}`)).status).toBe(200);

    changenow.control.bringUp();
    expect((await client.createTransaction(ORDER)).id).toBeTruthy();
    expect(changenow.control.transactions()).toHaveLength(1);
  });
});

describe("a sandbox refusing creates", () => {
  /** Each dialect's words for a pair it does not take. */
  const REFUSAL: Readonly<Record<Dialect, { status: number; words: RegExp }>> = {
    spec: { status: 400, words: /BTC\/ETH is not available/ },
    exolix: { status: 422, words: /Such exchange pair is not available/ },
    changenow: { status: 400, words: /pair is inactive/i },
    letsexchange: { status: 422, words: /Such exchange pair is not available/ },
  };

  it.each(DIALECTS)(
    "%s: a definite refusal in its own words, nothing created; quotes still answer; accepted again after",
    async (dialect) => {
      const sandbox = await one(dialect);
      const client = clientOf(sandbox);
      sandbox.control.refuseCreates();
      expect(sandbox.control.refusingCreates()).toBe(true);

      const refused = await failure(client.createTransaction(ORDER));
      expect(refused).toBeInstanceOf(ExchangeApiError);
      expect(refused).toMatchObject({ status: REFUSAL[dialect].status });
      // A 4xx other than 401, 408 and 429: an answer that says no swap was made.
      expect(describeExchangeError(refused)).toMatchObject({
        kind: "rejected",
        message: expect.stringMatching(REFUSAL[dialect].words),
      });
      expect(sandbox.control.transactions()).toEqual([]);
      const quote = await client.getRate({
        coinFrom: "btc",
        coinTo: "eth",
        amount: amount("0.05"),
      });
      expect(quote.receiveAmount).toBeGreaterThan(0);

      sandbox.control.refuseCreates(false);
      const created = await client.createTransaction(ORDER);
      expect(sandbox.control.transactions().map((tx) => tx.id)).toEqual([created.id]);
    },
  );

  it("clearFaults ends the refusal and the down mode", async () => {
    const sandbox = await one("spec");
    sandbox.control.refuseCreates();
    sandbox.control.takeDown("unavailable");
    sandbox.control.clearFaults();
    expect(sandbox.control.refusingCreates()).toBe(false);
    expect(sandbox.control.downMode()).toBe(false);
    expect((await clientOf(sandbox).createTransaction(ORDER)).id).toBeTruthy();
  });
});
