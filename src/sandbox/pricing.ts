import type { SandboxCoin } from "./coins.ts";

export type SandboxRateType = "float" | "fixed";

/**
 * How one sandbox's market differs from the catalog's prices, so that several sandboxes side by
 * side quote the same pair at different amounts and take different amounts: every rate is
 * multiplied by `rateFactor` (1.004: 0.4 % more to receive), every minimum by `minFactor` and every
 * maximum by `maxFactor` (each in USD before rounding). All three must be positive.
 */
export interface SandboxMarket {
  rateFactor: number;
  minFactor: number;
  maxFactor: number;
}

/** The catalog's prices and limits exactly: the spec dialect's default. */
export const NEUTRAL_MARKET: Readonly<SandboxMarket> = {
  rateFactor: 1,
  minFactor: 1,
  maxFactor: 1,
};

/** Throws a RangeError unless every factor is a positive finite number. */
export function checkedMarket(market: SandboxMarket): SandboxMarket {
  for (const [name, value] of Object.entries(market)) {
    if (!(Number.isFinite(value) && value > 0)) {
      throw new RangeError(
        `sandbox: market.${name} must be a positive number, got ${String(value)}`,
      );
    }
  }
  return {
    rateFactor: market.rateFactor,
    minFactor: market.minFactor,
    maxFactor: market.maxFactor,
  };
}

/** The exchange's margin: a fixed rate costs more because the exchange carries the price risk. */
const MARGIN: Record<SandboxRateType, number> = { float: 0.005, fixed: 0.012 };
/** Limits in USD; a fixed rate is offered for smaller tickets only. */
const MIN_USD = 15;
const MAX_USD: Record<SandboxRateType, number> = { float: 100_000, fixed: 50_000 };

/** Rounds to at most 8 decimals and returns a clean double (no 0.30000000000000004). */
export function round8(value: number): number {
  return Number(value.toFixed(8));
}

/**
 * Rounds a rate to 8 decimals, except for rates so small (a meme coin priced in bitcoin) that 8
 * decimals would leave fewer than four significant digits or none at all.
 */
function roundRate(value: number): number {
  return value >= 1e-4 ? round8(value) : Number(value.toPrecision(6));
}

/** Two significant digits, rounded up: a minimum reads 0.00016, not 0.000157894. */
function niceUp(value: number): number {
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.max(1e-8, round8(Math.ceil(value / step) * step));
}

/** Two significant digits, rounded down, so the maximum is never above what was promised. */
function niceDown(value: number): number {
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return round8(Math.floor(value / step) * step);
}

export interface SandboxQuote {
  fromAmount: number;
  toAmount: number;
  rate: number;
  minAmount: number;
  maxAmount: number;
  rateType: SandboxRateType;
}

/**
 * The quote for `amount` of `from` into `to`, derived from the catalog's USD prices as moved by
 * the sandbox's market.
 */
export function quote(
  from: SandboxCoin,
  to: SandboxCoin,
  amount: number,
  rateType: SandboxRateType,
  market: Readonly<SandboxMarket> = NEUTRAL_MARKET,
): SandboxQuote {
  const rate = roundRate((from.usd / to.usd) * (1 - MARGIN[rateType]) * market.rateFactor);
  return {
    fromAmount: amount,
    toAmount: round8(amount * rate),
    rate,
    minAmount: niceUp((MIN_USD * market.minFactor) / from.usd),
    maxAmount: niceDown((MAX_USD[rateType] * market.maxFactor) / from.usd),
    rateType,
  };
}

/** Rounds up to 8 decimals: the amount to send for an amount to receive never falls short. */
function ceil8(value: number): number {
  const rounded = round8(value);
  return rounded < value ? round8(rounded + 1e-8) : rounded;
}

/**
 * The quote for receiving `withdrawal` of `to` (Exolix's `withdrawalAmount`): the same rate, the
 * amount to send rounded up; at a fixed rate exactly `withdrawal` is paid out.
 */
export function reverseQuote(
  from: SandboxCoin,
  to: SandboxCoin,
  withdrawal: number,
  rateType: SandboxRateType,
  market: Readonly<SandboxMarket> = NEUTRAL_MARKET,
): SandboxQuote {
  const q = quote(from, to, 1, rateType, market);
  return { ...q, fromAmount: ceil8(withdrawal / q.rate), toAmount: withdrawal };
}

/** The payout limits in the receive coin (Exolix's `withdrawMin` / `withdrawMax`). */
export function payoutLimits(q: SandboxQuote): { withdrawMin: number; withdrawMax: number } {
  return { withdrawMin: ceil8(q.minAmount * q.rate), withdrawMax: round8(q.maxAmount * q.rate) };
}

/** Which limit `amount` breaks, if any. */
export function outOfRange(q: SandboxQuote): "below" | "above" | undefined {
  if (q.fromAmount < q.minAmount) return "below";
  if (q.fromAmount > q.maxAmount) return "above";
  return undefined;
}

/** The payout of a finished float-rate swap drifts a little from the estimate; fixed does not. */
export function finalAmountOut(expected: number, rateType: SandboxRateType, seed: string): number {
  if (rateType === "fixed") return expected;
  let hash = 0;
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  const drift = ((Math.abs(hash) % 61) - 30) / 10_000; // within ±0.3 %
  return round8(expected * (1 + drift));
}

/**
 * Writes a number as a plain decimal string, never in exponent form ("0.00000015", not "1.5e-7"),
 * for the quirk that sends numbers as strings.
 */
export function decimalString(value: number): string {
  const text = String(value);
  const exponent = /e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const mantissaDecimals = text.split("e")[0]!.split(".")[1]?.length ?? 0;
  const decimals = Math.min(100, Math.max(0, mantissaDecimals - Number(exponent[1])));
  return value.toFixed(decimals);
}
