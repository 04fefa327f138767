import type { SandboxCoin } from "./coins.ts";

export type RateType = "float" | "fixed";

/** The exchange's margin: a fixed rate costs more because the exchange carries the risk. */
const FEE: Record<RateType, number> = { float: 0.005, fixed: 0.015 };
const MIN_USD = 15;
const MAX_USD = 500_000;

/** Rounds to at most 8 decimals and returns a clean double (no 0.30000000000000004). */
export function round8(value: number): number {
  return Number(value.toFixed(8));
}

/** Rounds up to two significant digits: limits look like 0.00016, not 0.000157894. */
function niceUp(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return round8(Math.ceil(value / magnitude) * magnitude) || 1e-8;
}

function niceDown(value: number): number {
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return round8(Math.floor(value / magnitude) * magnitude);
}

export interface SandboxQuote {
  fromAmount: number;
  toAmount: number;
  rate: number;
  minAmount: number;
  maxAmount: number;
  rateType: RateType;
}

export function quote(
  from: SandboxCoin,
  to: SandboxCoin,
  amount: number,
  rateType: RateType,
): SandboxQuote {
  const rawRate = (from.usd / to.usd) * (1 - FEE[rateType]);
  const rate = Number(rawRate.toPrecision(10));
  // Fixed quotes have tighter limits: the exchange hedges less for them.
  const minAmount = niceUp((MIN_USD * (rateType === "fixed" ? 2 : 1)) / from.usd);
  const maxAmount = niceDown((MAX_USD * (rateType === "fixed" ? 0.5 : 1)) / from.usd);
  return {
    fromAmount: amount,
    toAmount: round8(amount * rate),
    rate,
    minAmount,
    maxAmount,
    rateType,
  };
}
