import type { DecimalString } from "../lib/decimal.ts";
import type { RequestBudget } from "../lib/request-budget.ts";
import type { SwapStatus } from "./status.ts";
import type { RateType, SwapOrder } from "./swap.ts";

/**
 * The exchange as the core needs it, in the core's own words. Each dialect's adapter (`exchange/`)
 * turns its wire shapes into these and back; nothing here names a field of either dialect.
 */

/** The endpoint classes the upstream counts its limits by. */
export type EndpointClass = "public" | "create" | "read";

/** Options of one call to the exchange. */
export interface CallOptions {
  /** Fail with a busy error instead of waiting longer than this for budget. */
  maxWaitMs?: number;
  /** Aborts the wait for budget, and a read in flight (a create runs to its deadline). */
  signal?: AbortSignal;
  /** Served after every waiting user request. */
  background?: boolean;
}

/** A pair of coins (and networks). */
interface PairRequest {
  coinFrom: string;
  coinTo: string;
  networkFrom?: string;
  networkTo?: string;
}

/**
 * A quote asked for: an amount to send (`amount`) or, for a reverse quote, an amount to receive
 * (`receiveAmount`, exactly one of the two).
 */
export interface QuoteRequest extends PairRequest {
  amount: DecimalString;
  receiveAmount?: DecimalString;
  rateType?: RateType;
}

/** An exchange's quote: what is sent and received, the rate and the pair's limits (in the send coin). */
export interface ExchangeQuote {
  /** The amount to send (as asked, or what an amount to receive takes). */
  sendAmount: number;
  /** The estimated (or, fixed, promised) amount received. */
  receiveAmount: number;
  rate: number;
  minimum: number;
  /** 0: no maximum stated. */
  maximum: number;
  rateType?: RateType;
  /** The exchange's own note; non-null with an amount out of bounds. */
  note: string | null;
  /**
   * The exchange's id of this quote's rate, when it keeps one (a fixed rate it holds until a
   * create names it: `SwapOrder.quoteId`); undefined: none.
   */
  quoteId?: string;
  /**
   * How long the exchange says a swap takes, in minutes, as a range (ChangeNOW's "10-60"; one
   * number: min = max); undefined: the exchange gives none.
   */
  etaMinutes?: { min: number; max: number };
}

/** A coin the exchange lists. */
export interface ExchangeCoin {
  code: string;
  name: string;
  icon: string;
  notes: string;
  /** The coin's networks when the exchange names them (the exolix dialect does). */
  networks?: ExchangeNetwork[];
}

/** One network of a coin, with its memo rule. */
export interface ExchangeNetwork {
  code: string;
  name: string;
  defaultForCoin: boolean;
  /** Deposits and payouts on it need a memo (destination tag). */
  memoRequired: boolean;
  /** What the network calls its memo ("Destination tag"); null: none stated. */
  memoLabel: string | null;
  memoPattern: string | null;
  addressPattern: string | null;
}

/** What a POST answer says: the created swap, its deposit instructions and its terms. */
export interface CreatedSwap {
  id: string;
  /** Mapped onto the core's statuses (see `rawStatus` for the exchange's word). */
  status: SwapStatus;
  rawStatus: string;
  coinFrom: string;
  coinTo: string;
  /** undefined: not named by this answer (the spec's created shape names none). */
  networkFrom?: string | null;
  networkTo?: string | null;
  amountIn: number;
  amountOutExpected: number;
  depositAddress: string;
  /** The memo a deposit needs; null: none. */
  depositMemo: string | null;
  withdrawalAddress: string;
  /** The payout memo echoed back; undefined: not echoed, null: echoed empty. */
  payoutMemo?: string | null;
  /** undefined: not echoed. */
  refundAddress?: string | null;
  /** The refund memo echoed back; undefined: not echoed, null: echoed empty. */
  refundMemo?: string | null;
  /** The rate the swap was created at; undefined: not named by this answer (the spec's). */
  rate?: number | null;
  rateType?: RateType;
  createdAt: string;
}

/**
 * An exchange holding a swap to verify it (ChangeNOW's `verifying`, a LetsExchange swap with a KYC
 * link): the swap's status is then `verifying`, and this says what the exchange asks and where.
 */
export interface SwapHold {
  /** Where the user answers it (a KYC page, the exchange's support page for the swap); null: none given. */
  link: string | null;
  /** What the exchange asks, in its own words (an e-mail to write to, AML signals); null: not said. */
  asks: string | null;
}

/** A swap as the list shows it. */
export interface ListedSwap {
  id: string;
  status: SwapStatus;
  rawStatus: string;
  coinFrom: string;
  coinTo: string;
  amountIn: number;
  amountOut?: number | null;
  createdAt: string;
  /** Named by some exchanges' lists: a candidate it rules out costs no detail read. */
  withdrawalAddress?: string;
  /** Set while the exchange holds the swap for verification; undefined: the list does not say. */
  hold?: SwapHold | null;
  /**
   * The deposit's and the payout's hashes and the exchange's links to them, where the dialect's
   * list carries them (Exolix's does); undefined or null: only the detail tells.
   */
  txHashIn?: string | null;
  txHashOut?: string | null;
  txLinkIn?: string | null;
  txLinkOut?: string | null;
}

/** A swap's detail: everything the exchange knows of it now. */
export interface SwapDetail {
  id: string;
  status: SwapStatus;
  rawStatus: string;
  coinFrom: string;
  coinTo: string;
  networkFrom: string | null;
  networkTo: string | null;
  amountIn: number;
  amountOut?: number | null;
  rate?: number | null;
  rateType?: RateType;
  depositAddress: string;
  depositMemo: string | null;
  withdrawalAddress: string;
  payoutMemo?: string | null;
  refundAddress: string | null;
  /** The refund memo; undefined: not named by this answer. */
  refundMemo?: string | null;
  txHashIn: string | null;
  txHashOut: string | null;
  /** The exchange's own explorer links of the hashes, when it gives them. */
  txLinkIn?: string | null;
  txLinkOut?: string | null;
  /** Set while the exchange holds the swap for verification. */
  hold?: SwapHold | null;
  createdAt: string;
}

export interface Page<T> {
  data: T[];
  count: number;
}

export interface ListRequest {
  page?: number;
  size?: number;
  dateFrom?: string;
  dateTo?: string;
}

/** The budgets the exchange's limits are rationed by. */
export type ExchangeBudgets = Record<EndpointClass, RequestBudget>;

/** The exchange the core talks to, whatever its dialect. */
export interface ExchangePort {
  readonly budgets: ExchangeBudgets;
  /**
   * Whether a quote and a create may name the amount to receive (`QuoteRequest.receiveAmount`,
   * `SwapOrder.receiveAmount`); "fixed": at a fixed rate only; without, the caller works the
   * amount to send out from a quote.
   */
  readonly reverseQuotes?: boolean | "fixed";
  listCurrencies(
    params?: { page?: number; size?: number; search?: string },
    call?: CallOptions,
  ): Promise<Page<ExchangeCoin>>;
  getRate(params: QuoteRequest, call?: CallOptions): Promise<ExchangeQuote>;
  /** POST once, never retried: a lost answer may still have created the swap. */
  createTransaction(order: SwapOrder, call?: CallOptions): Promise<CreatedSwap>;
  listTransactions(params?: ListRequest, call?: CallOptions): Promise<Page<ListedSwap>>;
  getTransaction(id: string, call?: CallOptions): Promise<SwapDetail>;
}
