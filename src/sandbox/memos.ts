import type { SandboxCoin } from "./coins.ts";

/** How a network's memo (destination tag) is named and which values it takes. */
export interface SandboxMemoRule {
  /** "Destination tag" or "Memo", as Exolix's `memoName` says. */
  name: string;
  /** The `memoRegex` of Exolix's networks; checked on every memo sent to that network. */
  regex: string;
  /** Why `value` is not a memo of this network, or undefined when it is. */
  problem(value: string): string | undefined;
}

/** XRP's destination tag: an unsigned 32-bit integer. */
const MAX_TAG = 4_294_967_295;

function rule(
  name: string,
  regex: string,
  extra?: (v: string) => string | undefined,
): SandboxMemoRule {
  const pattern = new RegExp(regex, "u");
  return {
    name,
    regex,
    problem: (value) =>
      pattern.test(value) ? extra?.(value) : `is not a valid ${name.toLowerCase()}`,
  };
}

const TAG = rule("Destination tag", "^[0-9]{1,10}$", (v) =>
  Number(v) > MAX_TAG ? `is not a valid destination tag: at most ${MAX_TAG}` : undefined,
);
/** Stellar's text memo: 28 bytes. */
const XLM = rule("Memo", "^.{1,28}$");
/** Anything else: some text, within reason. */
const TEXT = rule("Memo", "^[^\\n\\r]{1,100}$");

/** The memo rule of a network whose deposits and payouts take one. */
export function memoRuleOf(network: string): SandboxMemoRule {
  if (network === "XRP") return TAG;
  if (network === "XLM") return XLM;
  return TEXT;
}

/**
 * The networks whose deposits and payouts take a memo: one list for both sides (a shared deposit
 * address told apart by `deposit_extra_id`, a payout memo as `withdrawalExtraId`), read from the
 * catalog. A memo belongs to the network: every coin on it takes one.
 */
export function memoNetworksOf(coins: readonly SandboxCoin[]): ReadonlySet<string> {
  return new Set(coins.flatMap((c) => c.memoNetworks));
}
