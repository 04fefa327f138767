import { ExchangeApiError, ExchangeBusyError } from "./exchange-errors.ts";

/**
 * What a failed exchange call means for the user, as plain data with no text: conversations store
 * it (errors do not survive their replay log) and the bot turns it into a sentence.
 */
export type ExchangeFailure =
  | { kind: "busy"; retryAfterMs: number }
  | { kind: "rejected"; message: string }
  | { kind: "not-found" }
  | { kind: "unavailable" };

export function describeExchangeError(error: unknown): ExchangeFailure {
  if (error instanceof ExchangeBusyError) return { kind: "busy", retryAfterMs: error.retryAfterMs };
  if (!(error instanceof ExchangeApiError)) return { kind: "unavailable" };
  const { status } = error;
  if (status === 429) return { kind: "busy", retryAfterMs: error.retryAfterMs ?? 30_000 };
  // 401/403 mean the operator's key is wrong: nothing the user can fix, and nothing to reveal.
  if (status === 401 || status === 403 || status >= 500) return { kind: "unavailable" };
  if (status === 404) return { kind: "not-found" };
  return { kind: "rejected", message: error.upstreamMessage.slice(0, 300) || `HTTP ${status}` };
}
