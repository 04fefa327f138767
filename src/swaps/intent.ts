import type { DecimalString } from "../lib/decimal.ts";
import type { NewSwap, SwapOrder } from "./swap.ts";

export const INTENT_STATES = ["pending", "created", "failed", "unknown"] as const;
/**
 * `pending`: claimed, POST under way (or the process died during it); `unknown`: the POST's answer
 * was lost; `failed`: nothing was created, the summary may be confirmed again.
 */
type IntentState = (typeof INTENT_STATES)[number];

/** A confirmed summary, claimed before its POST so that it creates at most one transaction. */
export interface Intent {
  key: string;
  chatId: number;
  userId: number;
  request: SwapOrder;
  /**
   * The exchange the POST goes to, as the swap will record it (`Swap.exchange`): only that
   * exchange's reconciler looks for what it created. Empty: stored before intents named their
   * exchange (a release before this one), named at start-up as such swaps are.
   */
  exchange: string;
  /**
   * The payout of the fixed quote the user confirmed (null: a floating rate): a created swap that
   * promises less is not the deal, whether its POST answered or the reconciler found it.
   */
  fixedAmountOut: DecimalString | null;
  state: IntentState;
  transactionId: string | null;
  error: string | null;
  /** When the POST was (last) sent, unix ms: the reconciler searches upstream from here. */
  createdAt: number;
  updatedAt: number;
}

/**
 * One POST of an intent: a summary confirmed again after a failure is a new POST (its `createdAt`
 * moves), never taken for the one before.
 */
export const postOf = (intent: Pick<Intent, "key" | "createdAt">): string =>
  `${intent.key}@${intent.createdAt}`;

export type IntentInput = Pick<Intent, "key" | "chatId" | "userId" | "request" | "exchange"> &
  Partial<Pick<Intent, "fixedAmountOut">>;

/** `claimed: true`: the caller owns the key and may POST. Otherwise `intent` says how far it got. */
export type ClaimResult = { claimed: boolean; intent: Intent };

/** A swap to record for an intent: chat and user are always the intent's. */
export type SwapRecord = Omit<NewSwap, "chatId" | "userId">;
