import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExchangeClient } from "../../src/exchange/client.ts";
import type { ExchangeDialect } from "../../src/exchange/dialect.ts";
import { CHANGENOW_SWAP_PAGE } from "../../src/exchange/dialects/changenow.ts";
import { dialectNamed } from "../../src/exchange/dialects/index.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, type SandboxControl, startSandbox } from "../../src/sandbox/index.ts";
import { amountFit } from "../../src/swaps/amount-fit.ts";
import {
  ExchangeApiError,
  ExchangeSchemaError,
  ExchangeTimeoutError,
} from "../../src/swaps/exchange-errors.ts";
import type { SwapHold } from "../../src/swaps/exchange-port.ts";
import { describeExchangeError } from "../../src/swaps/failures.ts";
import type { SwapOrder } from "../../src/swaps/swap.ts";
import { BTC_ADDRESS, ETH_ADDRESS } from "../sandbox/helpers.ts";

/**
 * The exchange port's contract, run against every adapter over its own dialect of the embedded
 * sandbox: what the core may rely on whichever exchange it talks to. Adding a dialect is an
 * adapter, a sandbox dialect and one profile below with this suite passing (docs/design.md §4).
 */

interface AdapterProfile {
  dialect: ExchangeDialect;
  /** The sandbox's words for a transaction's state (control.setStatus) → the core's status. */
  statuses: Readonly<Record<string, string>>;
  /**
   * The hold the adapter reads for a control.hold of swap `id` that set `set`; none: the dialect
   * shows no hold for verification.
   */
  holds?: (id: string, set: SwapHold) => SwapHold;
  /** The exchange's words for a pair it does not offer (default: Exolix's "not available"). */
  pairRefused?: RegExp;
}

/** The hold as the sandbox set it (the dialect shows its link and what it asks). */
const AS_SET = (_id: string, set: SwapHold) => set;

const SHARED = {
  wait: "wait",
  confirmation: "confirmation",
  exchanging: "exchanging",
  success: "success",
  overdue: "overdue",
  refunded: "refunded",
};

/** Every adapter the bot has; a new dialect adds its line here. */
const ADAPTERS: readonly AdapterProfile[] = [
  { dialect: "spec", statuses: SHARED },
  {
    dialect: "exolix",
    statuses: { ...SHARED, confirmed: "confirmation", sending: "exchanging", refund: "refunding" },
  },
  {
    dialect: "changenow",
    statuses: { ...SHARED, new: "wait", sending: "exchanging", failed: "failed" },
    // ChangeNOW names no KYC page nor what it asks: the swap's own page is where it is answered.
    holds: (id) => ({ link: `${CHANGENOW_SWAP_PAGE}${id}`, asks: null }),
    pairRefused: /pair is inactive/i,
  },
  {
    dialect: "letsexchange",
    statuses: {
      ...SHARED,
      confirmed: "confirmation",
      sending: "exchanging",
      sending_confirmation: "exchanging",
      refunding: "refunding",
      error: "error",
    },
    holds: AS_SET,
  },
];

const amount = (v: string) => v as DecimalString;
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
const XLM_ADDRESS = "GDTYVCTAUQVPKEDZIBWEJGKBQHB4UGGXI2SXXUEW7LXMD4B7MK37CWLJ";
const unlimited = { publicPerMin: 10_000, createPerMin: 10_000, readPerMin: 10_000 };

/** BTC → ETH, the plainest order. */
const ORDER: SwapOrder = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: amount("0.05"),
  withdrawalAddress: ETH_ADDRESS,
};

/** XLM → XRP with a payout memo (destination tag) and a refund memo. */
const MEMO_ORDER: SwapOrder = {
  coinFrom: "xlm",
  coinTo: "xrp",
  amount: amount("500"),
  withdrawalAddress: XRP_ADDRESS,
  payoutMemo: "12345",
  refundAddress: XLM_ADDRESS,
  refundMemo: "back to me",
};

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/** i39-reads' sandbox fault: a read's status line and half its body, the rest after `ms`. */
type Stalling = { stallNext?(target: "get", options: { ms: number }): void };

describe.each(ADAPTERS)("the exchange port over $dialect", (profile) => {
  let sandbox: Sandbox;
  let control: SandboxControl;
  beforeAll(async () => {
    sandbox = await startSandbox({ dialect: profile.dialect, schedule: false, limits: false });
    control = sandbox.control;
  });
  afterAll(() => sandbox.close());

  function client(options: { apiKey?: string; timeoutMs?: number } = {}) {
    return new ExchangeClient({
      baseUrl: sandbox.url,
      apiKey: options.apiKey ?? sandbox.apiKey,
      dialect: dialectNamed(profile.dialect),
      limits: unlimited,
      timeoutMs: options.timeoutMs ?? 5_000,
      getRetries: 0,
    });
  }

  it("coins: the catalog, with each memo network's rule where the dialect names networks", async () => {
    const page = await client().listCurrencies({ page: 1, size: 50 });
    expect(page.count).toBeGreaterThan(100);
    const all = await client().listCurrencies({ search: "xrp" });
    const xrp = all.data.find((c) => c.code.toLowerCase() === "xrp");
    expect(xrp).toBeDefined();
    if (xrp?.networks) expect(xrp.networks[0]).toMatchObject({ memoRequired: true });
  });

  it("quote: an amount to send, its estimate and the pair's limits", async () => {
    const quote = await client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") });
    expect(quote.sendAmount).toBe(0.5);
    // A quote that names its rate type names the one asked for (floating by default).
    expect(quote.rateType ?? "float").toBe("float");
    expect(quote.receiveAmount).toBeGreaterThan(0);
    expect(quote.minimum).toBeLessThan(0.5);
    expect(quote.maximum).toBeGreaterThan(0.5);
  });

  it("reverse quote: an amount to receive and what it takes, or none where the dialect has none", async () => {
    const request = {
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("5"),
      receiveAmount: amount("5"),
    };
    const c = client();
    // A dialect without reverse quotes, or with them at a fixed rate only, refuses a floating one.
    if (c.reverseQuotes !== true) {
      expect(await failure(Promise.resolve().then(() => c.getRate(request)))).toBeInstanceOf(
        RangeError,
      );
    }
    if (!c.reverseQuotes) return;
    const quote = await c.getRate(
      c.reverseQuotes === "fixed" ? { ...request, rateType: "fixed" } : request,
    );
    expect(quote.receiveAmount).toBe(5);
    expect(quote.sendAmount).toBeGreaterThan(0);
    expect(amountFit(amount(String(quote.sendAmount)), quote)).toBe("ok");
  });

  it("fixed quote: fixed, a little less than floating", async () => {
    const request = { coinFrom: "btc", coinTo: "eth", amount: amount("0.5") };
    const float = await client().getRate({ ...request, rateType: "float" });
    const fixed = await client().getRate({ ...request, rateType: "fixed" });
    expect(fixed.rateType ?? "fixed").toBe("fixed");
    expect(fixed.receiveAmount).toBeGreaterThan(0);
    expect(fixed.receiveAmount).toBeLessThan(float.receiveAmount);
  });

  it("limits: below the minimum and above the maximum are quotes the user can act on", async () => {
    const pair = { coinFrom: "btc", coinTo: "eth" };
    const below = await client().getRate({ ...pair, amount: amount("0.00000001") });
    expect(below.minimum).toBeGreaterThan(0.00000001);
    expect(amountFit(amount("0.00000001"), below)).toBe("below-min");
    const above = await client().getRate({ ...pair, amount: amount("100000") });
    expect(above.maximum).toBeGreaterThan(0);
    expect(amountFit(amount("100000"), above)).toBe("above-max");
  });

  it("create with memos: the deposit address, the payout and refund memos echoed, the amount exact", async () => {
    const created = await client().createTransaction(MEMO_ORDER);
    expect(created).toMatchObject({
      status: "wait",
      coinFrom: "xlm",
      coinTo: "xrp",
      amountIn: 500,
      withdrawalAddress: XRP_ADDRESS,
      payoutMemo: "12345",
    });
    expect(created.depositAddress).not.toBe("");
    if (created.refundMemo !== undefined) expect(created.refundMemo).toBe("back to me");
    const stored = control.transaction(created.id);
    expect(stored).toMatchObject({ withdrawal_extra_id: "12345", refund_extra_id: "back to me" });
  });

  it("fixed create: the payout the fixed quote promised, by its id where the exchange gives one", async () => {
    const c = client();
    const reverse = Boolean(c.reverseQuotes);
    const request = {
      coinFrom: "btc",
      coinTo: "eth",
      amount: amount("0.05"),
      rateType: "fixed" as const,
      ...(reverse ? { receiveAmount: amount("1") } : {}),
    };
    const quote = await c.getRate(request);
    const created = await c.createTransaction({
      ...ORDER,
      ...request,
      ...(reverse ? { amount: amount(String(quote.sendAmount)) } : {}),
      ...(quote.quoteId ? { quoteId: quote.quoteId } : {}),
    });
    expect(created.amountOutExpected).toBe(quote.receiveAmount);
    if (profile.dialect === "letsexchange" || profile.dialect === "changenow") {
      expect(quote.quoteId).toEqual(expect.any(String));
    }
  });

  it("detail: the swap by its id, with its networks, memos and deposit", async () => {
    const created = await client().createTransaction(MEMO_ORDER);
    const detail = await client().getTransaction(created.id);
    expect(detail).toMatchObject({
      id: created.id,
      status: "wait",
      coinFrom: "xlm",
      coinTo: "xrp",
      networkFrom: "XLM",
      networkTo: "XRP",
      amountIn: 500,
      depositAddress: created.depositAddress,
      depositMemo: created.depositMemo,
      withdrawalAddress: XRP_ADDRESS,
      payoutMemo: "12345",
      refundAddress: XLM_ADDRESS,
    });
  });

  it("list windows: a window holds what was created in it, page by page, and nothing else", async () => {
    const at = Date.UTC(2026, 0, 10, 12);
    const ids = control.seed(45, { createdAt: at, spreadOverMs: 60_000 });
    control.seed(5, { createdAt: at + 3_600_000, spreadOverMs: 1_000 });
    const window = {
      dateFrom: new Date(at - 60_000).toISOString(),
      dateTo: new Date(at).toISOString(),
    };
    const seen: string[] = [];
    let count = 0;
    for (let page = 1; page <= 5; page++) {
      const listed = await client().listTransactions({ ...window, page, size: 20 });
      count = listed.count;
      seen.push(...listed.data.map((item) => item.id));
      if (listed.data.length < 20) break;
    }
    expect(count).toBe(45);
    expect(new Set(seen)).toEqual(new Set(ids));
    const before = await client().listTransactions({
      dateFrom: new Date(at - 7_200_000).toISOString(),
      dateTo: new Date(at - 3_600_000).toISOString(),
    });
    expect(before.data).toEqual([]);
  });

  it("every status mapped onto the core's, on the detail and on the list", async () => {
    const { id, createdAt } = await client().createTransaction(ORDER);
    // A create answer without a time (ChangeNOW's) is dated when it came back, after the exchange
    // dated the swap: the window starts a minute earlier, as the tracker's windows have slack.
    const window = {
      dateFrom: new Date(Date.parse(createdAt) - 60_000).toISOString(),
      dateTo: new Date().toISOString(),
    };
    const seen: Record<string, [string, string]> = {};
    for (const word of Object.keys(profile.statuses)) {
      control.setStatus(id, word);
      const detail = await client().getTransaction(id);
      const listed = (await client().listTransactions({ ...window, size: 100 })).data.find(
        (item) => item.id === id,
      );
      seen[word] = [detail.status, listed?.status ?? "not listed"];
    }
    const expected = Object.fromEntries(
      Object.entries(profile.statuses).map(([word, core]) => [word, [core, core]]),
    );
    expect(seen).toEqual(expected);
  });

  it("a finished swap's detail: what arrived, and the payout's hash", async () => {
    const { id } = await client().createTransaction(ORDER);
    control.setStatus(id, "success");
    const detail = await client().getTransaction(id);
    expect(detail.status).toBe("success");
    expect(detail.amountOut).toBeGreaterThan(0);
    const payoutHash = control.transaction(id)!.tx_hash_out;
    expect(payoutHash).toEqual(expect.any(String));
    expect(detail.txHashOut).toBe(payoutHash);
  });

  it("a hold for verification: verifying, with its link and what it asks, until released", async () => {
    const { id } = await client().createTransaction(ORDER);
    control.setStatus(id, "exchanging");
    control.hold(id, { link: "https://kyc.sandbox.invalid/abc", asks: "kyc@sandbox.invalid" });
    const held = await client().getTransaction(id);
    const hold = profile.holds?.(id, {
      link: "https://kyc.sandbox.invalid/abc",
      asks: "kyc@sandbox.invalid",
    });
    if (!hold) {
      // A dialect without holds shows the swap as it was underneath, never as complete.
      expect(held.status).toBe("exchanging");
      return;
    }
    expect(held).toMatchObject({ status: "verifying", hold });
    control.release(id);
    expect(await client().getTransaction(id)).toMatchObject({ status: "exchanging", hold: null });
  });

  it("error shapes: a refused field in the upstream's words, an unsupported pair, an unknown id", async () => {
    const refused = await failure(
      client().createTransaction({ ...ORDER, withdrawalAddress: BTC_ADDRESS }),
    );
    expect(refused).toBeInstanceOf(ExchangeApiError);
    const failure1 = describeExchangeError(refused);
    expect(failure1.kind).toBe("rejected");
    expect(failure1.kind === "rejected" && failure1.message).toMatch(/address|withdrawal/i);

    control.setPairAvailable("btc", "eth", false);
    try {
      const pair = await failure(
        client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") }),
      );
      expect(pair).toBeInstanceOf(ExchangeApiError);
      expect(describeExchangeError(pair)).toMatchObject({
        kind: "rejected",
        message: expect.stringMatching(profile.pairRefused ?? /not available/i),
      });
    } finally {
      control.setPairAvailable("btc", "eth", true);
    }

    const unknown = await failure(client().getTransaction("no-such-swap"));
    expect(describeExchangeError(unknown)).toEqual({ kind: "not-found" });
  });

  it("401: a wrong key is the operator's problem, never the user's words", async () => {
    const error = await failure(client({ apiKey: "wrong-key" }).createTransaction(ORDER));
    expect(error).toMatchObject({ status: 401 });
    expect(describeExchangeError(error)).toEqual({ kind: "unavailable" });
  });

  it("the API key is in no error the port throws: a wrong key, a refusal, a failure, a wrong shape", async () => {
    const key = sandbox.apiKey;
    const wrongKey = "wrong-key-0123456789abcdef";
    const quote = () => client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("1") });
    const errors = [await failure(client({ apiKey: wrongKey }).createTransaction(ORDER))];
    control.failNext("rate", { status: 400, message: "bad pair", times: 1 });
    errors.push(await failure(quote()));
    control.failNext("rate", { status: 500, times: 1 });
    errors.push(await failure(quote()));
    control.malformedNext("get", { body: "shape" });
    errors.push(await failure(client().getTransaction("any")));
    for (const error of errors) {
      const text = inspect(error, { depth: 6 });
      expect(text).not.toContain(key);
      expect(text).not.toContain(wrongKey);
    }
  });

  it("429: busy, with the exchange's Retry-After", async () => {
    control.failNext("get", { status: 429, retryAfter: 7 });
    const error = await failure(client().getTransaction("any"));
    expect(error).toMatchObject({ status: 429 });
    expect(describeExchangeError(error)).toEqual({ kind: "busy", retryAfterMs: 7_000 });
  });

  it("5xx: the exchange unavailable", async () => {
    control.failNext("rate", { status: 502 });
    const error = await failure(
      client().getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") }),
    );
    expect(error).toMatchObject({ status: 502 });
    expect(describeExchangeError(error)).toEqual({ kind: "unavailable" });
  });

  it("5xx once: a read (a quote by POST included) is retried, a create never", async () => {
    const retrying = new ExchangeClient({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      dialect: dialectNamed(profile.dialect),
      limits: unlimited,
      timeoutMs: 5_000,
      getRetries: 1,
    });
    control.failNext("rate", { status: 503, retryAfter: 0 });
    const quote = await retrying.getRate({ coinFrom: "btc", coinTo: "eth", amount: amount("0.5") });
    expect(quote.receiveAmount).toBeGreaterThan(0);
    const before = control.transactions().length;
    control.createThenHang(0, { status: 500 });
    const error = await failure(retrying.createTransaction(ORDER));
    expect(error).toMatchObject({ status: 500 });
    // The POST reached the exchange once: one swap, never a second.
    expect(control.transactions()).toHaveLength(before + 1);
  });

  it("a body of the wrong shape is a schema error, not a swap", async () => {
    control.malformedNext("get", { body: "shape" });
    expect(await failure(client().getTransaction("any"))).toBeInstanceOf(ExchangeSchemaError);
  });

  it("a create whose body stalls after its headers ends at its deadline", async () => {
    control.createThenHang(60_000, { stallBody: true });
    const error = await failure(client({ timeoutMs: 300 }).createTransaction(ORDER));
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
  });

  it("a read whose body stalls after its headers ends", async () => {
    const { id } = await client().createTransaction(ORDER);
    const stalling = control as SandboxControl & Stalling;
    // The sandbox's stallNext and the client's body deadline on reads come with issue 39 (i39-reads).
    expect(stalling.stallNext, "the sandbox's stallNext (issue 39, i39-reads)").toBeTypeOf(
      "function",
    );
    stalling.stallNext?.("get", { ms: 60_000 });
    const error = await failure(client({ timeoutMs: 300 }).getTransaction(id));
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
  });
});
