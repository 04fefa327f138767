import type { DecimalString } from "../lib/decimal.ts";
import type { SwapStatus } from "./status.ts";

export type RateType = "float" | "fixed";

/**
 * What a user confirmed: the order the exchange is asked to carry out. It is also the body of
 * POST /transactions (the client takes the same shape), and what the answer is verified against.
 */
export interface SwapOrder {
  coinFrom: string;
  coinTo: string;
  networkFrom?: string;
  networkTo?: string;
  /**
   * The amount to send: exactly the digits the user typed, normalized, or for an amount to
   * receive the amount to send the quote named (the summary showed it).
   */
  amount: DecimalString;
  /**
   * An amount to receive that goes upstream instead of `amount` (a fixed-rate swap on an exchange
   * with reverse quotes: exactly this is paid out; the exchange names the amount to send).
   */
  receiveAmount?: DecimalString;
  withdrawalAddress: string;
  rateType?: RateType;
  refundAddress?: string;
  /** The payout memo (destination tag) the receiving wallet or account needs. */
  payoutMemo?: string;
  /** The refund address's memo. */
  refundMemo?: string;
  /** The fixed quote the summary showed, by the exchange's id of it (`ExchangeQuote.quoteId`). */
  quoteId?: string;
}

/**
 * A swap: one upstream transaction the bot created for a chat, and everything it knows of it.
 * Every view of a swap is a `Pick` of this type. Amounts are exact decimal strings; times are unix
 * ms except `createdAt`, the upstream's ISO timestamp kept verbatim (the tracker sends it back).
 */
export interface Swap {
  id: string;
  chatId: number;
  userId: number;
  coinFrom: string;
  coinTo: string;
  networkFrom: string | null;
  networkTo: string | null;
  amountIn: string;
  amountOutExpected: string;
  amountOut: string | null;
  rate: string | null;
  rateType: string;
  depositAddress: string;
  /**
   * The memo (destination tag) that must go with a deposit to a shared address: part of the
   * deposit instructions wherever the address is shown. Null: none was given.
   */
  depositMemo: string | null;
  withdrawalAddress: string;
  /** The payout memo (destination tag) sent with the order; null: none. */
  payoutMemo: string | null;
  refundAddress: string | null;
  /** The refund address's memo; null: none. */
  refundMemo: string | null;
  txHashIn: string | null;
  txHashOut: string | null;
  /** The exchange's own explorer links of the hashes, when it gave them. */
  txLinkIn: string | null;
  txLinkOut: string | null;
  /**
   * While the exchange holds the swap for verification (status `verifying`): where the user answers
   * it (a KYC page, the swap's page at the exchange) and what it asks, in its words; null: not said.
   * Kept after a release (a support ticket may still name it); shown only while held.
   */
  holdLink: string | null;
  holdAsks: string | null;
  status: SwapStatus;
  statusChangedAt: number;
  createdAt: string;
  /** The status card message, edited in place on each change. */
  cardMessageId: number | null;
  lastCheckedAt: number | null;
  /**
   * The exchange it was created on (`SANDBOX_EXCHANGE` or the configured exchange's origin; empty
   * for a row recorded before exchanges were): only that exchange is ever asked about it.
   */
  exchange: string;
  /** The first 404 of the current run of them: the exchange did not know the swap since then. */
  notFoundSince: number | null;
  /** After a 404: the swap is not read by id again before this time. */
  nextLookupAt: number | null;
  /** When the tracker gave it up (unknown to the exchange for a day) and told its chat. */
  givenUpAt: number | null;
  /**
   * The exchange's answer disagreed with the order and the detail did not settle it: the deposit
   * address is never shown, the swap is still tracked.
   */
  suspect: boolean;
}

/** What the deposit message (and the status card it becomes) shows. */
export type DepositView = Pick<
  Swap,
  | "id"
  | "coinFrom"
  | "coinTo"
  | "networkFrom"
  | "networkTo"
  | "amountIn"
  | "amountOutExpected"
  | "rateType"
  | "depositAddress"
  | "depositMemo"
  | "withdrawalAddress"
  | "payoutMemo"
  | "status"
  | "exchange"
>;

/** Fields a swap may be recorded without (null then). */
type OptionalOnRecord =
  | "payoutMemo"
  | "refundMemo"
  | "txLinkIn"
  | "txLinkOut"
  | "holdLink"
  | "holdAsks";

/** A swap as first recorded: the bot's own bookkeeping fields start empty. */
export type NewSwap = Omit<
  Swap,
  | "statusChangedAt"
  | "cardMessageId"
  | "lastCheckedAt"
  | "notFoundSince"
  | "nextLookupAt"
  | "givenUpAt"
  | OptionalOnRecord
> &
  Partial<Pick<Swap, OptionalOnRecord>>;

/** What the tracker follows of each open swap. */
export type OpenSwap = Pick<
  Swap,
  | "id"
  | "chatId"
  | "status"
  | "createdAt"
  | "lastCheckedAt"
  | "statusChangedAt"
  | "notFoundSince"
  | "nextLookupAt"
>;

/** The exchange id of the embedded sandbox (its port changes at every start; its swaps are play). */
export const SANDBOX_EXCHANGE = "sandbox";

/**
 * Whether a recorded exchange is an embedded sandbox: the one of the single-exchange settings, or
 * one of those side by side (`sandbox-<dialect>`). Its swaps are simulated: no real funds.
 */
export function isSandboxExchange(exchange: string): boolean {
  return exchange === SANDBOX_EXCHANGE || exchange.startsWith(`${SANDBOX_EXCHANGE}-`);
}

/** The id a swap records for the exchange at `apiUrl`: its origin, or the embedded sandbox. */
export function exchangeIdOf(target: { url: string; sandbox: boolean }): string {
  return target.sandbox ? SANDBOX_EXCHANGE : new URL(target.url).origin;
}

/**
 * Fields a detail read brings that can change after creation. A missing or null value keeps what
 * is stored: a later answer without a hash must not erase the hash already shown.
 */
export type SwapProgress = Pick<Swap, "status"> &
  Partial<
    Pick<
      Swap,
      | "amountOut"
      | "rate"
      | "txHashIn"
      | "txHashOut"
      | "txLinkIn"
      | "txLinkOut"
      | "refundAddress"
      | "networkFrom"
      | "networkTo"
      | "holdLink"
      | "holdAsks"
    >
  >;
