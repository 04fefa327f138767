import { RequestBudget } from "../../../src/lib/request-budget.ts";
import { ExchangeApiError } from "../../../src/swaps/exchange-errors.ts";
import type {
  CreatedSwap,
  ExchangeBudgets,
  ExchangePort,
  ExchangeQuote,
  ListedSwap,
  ListRequest,
  Page,
  SwapDetail,
} from "../../../src/swaps/exchange-port.ts";
import type { SwapOrder } from "../../../src/swaps/swap.ts";

/**
 * The exchange port in memory, for the fast tier (docs/design.md §10): no HTTP, no sandbox. Each
 * endpoint answers what the test put there (a value, or an error to throw) and counts its calls;
 * by default a create echoes the order back and a detail read repeats what was created.
 */
export class FakeExchange implements ExchangePort {
  readonly budgets: ExchangeBudgets = {
    public: new RequestBudget(10_000, 60_000),
    create: new RequestBudget(10_000, 60_000),
    read: new RequestBudget(10_000, 60_000),
  };
  readonly calls = { rate: 0, create: 0, list: 0, detail: 0, currencies: 0 };
  readonly orders: SwapOrder[] = [];
  /** What the next creates answer: a function of the order, or an error; default an echo. */
  createAnswer: (order: SwapOrder, id: string) => CreatedSwap | Error = echo;
  /** The detail of each swap by id; a created swap's is filled from its answer. */
  readonly details = new Map<string, SwapDetail | Error>();
  /** Swaps the list leaves out for now (a list lagging behind the exchange's creates). */
  readonly unlisted = new Set<string>();
  /** What the next list reads throw instead of answering (a 5xx, a timeout), while set. */
  listError: Error | undefined;
  quote: ExchangeQuote | Error = {
    sendAmount: 1,
    receiveAmount: 20,
    rate: 20,
    minimum: 0.01,
    maximum: 100,
    note: null,
  };
  private next = 0;

  async listCurrencies(): Promise<Page<never>> {
    this.calls.currencies++;
    return { data: [], count: 0 };
  }

  async getRate(): Promise<ExchangeQuote> {
    this.calls.rate++;
    if (this.quote instanceof Error) throw this.quote;
    return this.quote;
  }

  async createTransaction(order: SwapOrder): Promise<CreatedSwap> {
    this.calls.create++;
    this.orders.push(order);
    const answer = this.createAnswer(order, `fx${++this.next}`);
    if (answer instanceof Error) throw answer;
    if (!this.details.has(answer.id)) this.details.set(answer.id, detailOf(answer));
    return answer;
  }

  /** Newest first, within `dateFrom`/`dateTo` when given, a page at a time, as the spec's list. */
  async listTransactions(params: ListRequest = {}): Promise<Page<ListedSwap>> {
    this.calls.list++;
    if (this.listError) throw this.listError;
    const from = params.dateFrom ? Date.parse(params.dateFrom) : -Infinity;
    const to = params.dateTo ? Date.parse(params.dateTo) : Infinity;
    const all = [...this.details.values()]
      .filter((d): d is SwapDetail => !(d instanceof Error) && !this.unlisted.has(d.id))
      .filter((d) => Date.parse(d.createdAt) >= from && Date.parse(d.createdAt) <= to)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const size = params.size ?? 50;
    const start = ((params.page ?? 1) - 1) * size;
    return { data: all.slice(start, start + size), count: all.length };
  }

  async getTransaction(id: string): Promise<SwapDetail> {
    this.calls.detail++;
    const detail = this.details.get(id);
    if (detail instanceof Error) throw detail;
    if (!detail) throw apiError(404, "transaction not found");
    return detail;
  }
}

/** An HTTP error answer of the exchange, as the client throws it. */
export function apiError(status: number, message: string): ExchangeApiError {
  return new ExchangeApiError("/transactions", status, message, undefined, {}, undefined);
}

/** A create answer that says exactly what was ordered (rate 20, a fresh deposit address). */
export function echo(order: SwapOrder, id: string): CreatedSwap {
  const amountIn = Number(order.amount);
  return {
    id,
    status: "wait",
    rawStatus: "wait",
    coinFrom: order.coinFrom,
    coinTo: order.coinTo,
    networkFrom: order.networkFrom ?? null,
    networkTo: order.networkTo ?? null,
    amountIn,
    amountOutExpected: amountIn * 20,
    // A real address of the coin's format: the service checks the deposit address's format.
    depositAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    depositMemo: null,
    withdrawalAddress: order.withdrawalAddress,
    payoutMemo: order.payoutMemo ?? null,
    refundAddress: order.refundAddress ?? null,
    rate: 20,
    rateType: order.rateType ?? "float",
    createdAt: "2026-11-28T12:00:00.000Z",
  };
}

/** The detail an exchange would give of a swap just created with `created`. */
export function detailOf(created: CreatedSwap): SwapDetail {
  return {
    ...created,
    networkFrom: created.networkFrom ?? null,
    networkTo: created.networkTo ?? null,
    amountOut: created.amountOutExpected,
    refundAddress: created.refundAddress ?? null,
    txHashIn: null,
    txHashOut: null,
  };
}
