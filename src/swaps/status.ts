/**
 * The statuses of a swap: the six the spec lists, `refunding` (a refund under way: the exolix
 * dialect's `refund`), `verifying` (the exchange holds the swap to verify it: ChangeNOW's
 * `verifying`, a LetsExchange swap with a KYC link; not final, not on the happy path, never
 * exchanging nor complete), and any other text the exchange sends (kept as data, never rejected). The
 * adapters map their dialect's words onto these. This module alone says which are final and in which order skipped states
 * are announced.
 */

export const KNOWN_STATUSES = [
  "wait",
  "confirmation",
  "exchanging",
  "success",
  "overdue",
  "refunded",
  "refunding",
  "verifying",
] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];
/** Any status text: unknown ones (`confirmed`, `sending`, ...) are kept as they came. */
export type SwapStatus = KnownStatus | (string & {});

/** After these the exchange never moves a swap again: tracking stops, no instruction to send. */
export const FINAL_STATUSES = ["success", "overdue", "refunded"] as const satisfies KnownStatus[];

export function isKnownStatus(status: string): status is KnownStatus {
  return (KNOWN_STATUSES as readonly string[]).includes(status);
}

export function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** Held by the exchange for verification: see SwapHold (exchange-port.ts). */
const HELD_STATUS = "verifying" satisfies KnownStatus;

export function isHeld(status: string): boolean {
  return status === HELD_STATUS;
}

/** The documented happy path; a swap moves along it in this order. */
const HAPPY_PATH: readonly string[] = ["wait", "confirmation", "exchanging", "success"];

/**
 * The states a swap went through from `from` to `to`, in order. A poll can miss a short state
 * (wait → exchanging between two looks): the user is still told about each step it took.
 */
export function statesReached(from: string, to: string): string[] {
  const a = HAPPY_PATH.indexOf(from);
  const b = HAPPY_PATH.indexOf(to);
  return a >= 0 && b > a ? HAPPY_PATH.slice(a + 1, b + 1) : [to];
}
