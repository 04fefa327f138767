/**
 * Amounts travel through the bot as decimal strings ("0.5", "1200") so that what the user typed,
 * what goes upstream and what is shown are the same digits, without binary float noise.
 */
export type DecimalString = string & { readonly __decimal: unique symbol };

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Max fraction digits we ever show or send: no coin the exchange lists is finer than 1e-18. */
export const MAX_FRACTION_DIGITS = 18;

/** Strips leading zeros of the integer part and trailing zeros of the fraction: "00.500" → "0.5". */
export function normalizeDecimal(value: string): DecimalString {
  if (!PLAIN_DECIMAL.test(value)) throw new RangeError(`not a plain decimal: ${value}`);
  const [intPart = "0", frac = ""] = value.split(".");
  const int = intPart.replace(/^0+(?=\d)/, "");
  const trimmed = frac.replace(/0+$/, "");
  return (trimmed ? `${int}.${trimmed}` : int) as DecimalString;
}

/**
 * Formats a number from the upstream (already a double) as a plain decimal. JavaScript's shortest
 * round-trip representation already avoids noise for values that came from JSON text; the rounding
 * only matters for values we computed, and exponent notation ("1e-7") is expanded.
 */
export function formatDecimal(value: number, maxFractionDigits = 8): DecimalString {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const negative = value < 0;
  const abs = Math.abs(value);
  const shortest = expandExponent(String(abs));
  const fraction = shortest.split(".")[1] ?? "";
  const text =
    fraction.length > maxFractionDigits ? expandExponent(abs.toFixed(maxFractionDigits)) : shortest;
  const normalized = normalizeDecimal(text);
  return (negative && normalized !== "0" ? `-${normalized}` : normalized) as DecimalString;
}

/** Significant digits a rate is read with: enough to compare two offers, few enough to read. */
const RATE_DIGITS = 6;

/**
 * A rate for reading, never for paying (amounts stay exact): six significant digits and at least
 * two decimals, trailing zeros dropped: 41097.83, 29.1235, 0.0000243307.
 */
export function readableRate(value: number): DecimalString {
  if (!(value > 0) || !Number.isFinite(value)) return formatDecimal(value);
  const magnitude = Math.floor(Math.log10(value));
  const decimals =
    value >= 1 ? Math.max(2, RATE_DIGITS - magnitude - 1) : RATE_DIGITS - magnitude - 1;
  return formatDecimal(value, Math.min(decimals, MAX_FRACTION_DIGITS));
}

function expandExponent(text: string): string {
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!match) return text;
  const [, int = "0", frac = "", expText = "0"] = match;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Compares two plain decimal strings exactly (no float conversion). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [ai = "0", af = ""] = normalizeDecimal(a).split(".");
  const [bi = "0", bf = ""] = normalizeDecimal(b).split(".");
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const pa = af.padEnd(len, "0");
  const pb = bf.padEnd(len, "0");
  if (pa === pb) return 0;
  return pa < pb ? -1 : 1;
}

const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An exact running total of decimal strings, negative ones included (through a scaled integer,
 * never a double), in one pass however many are added.
 */
export class DecimalTotal {
  private units = 0n;
  private scale = 0;

  /** Adds `value`; false (and nothing added) when it is not a decimal. */
  add(value: string): boolean {
    const match = SIGNED_DECIMAL.exec(value.trim());
    if (!match) return false;
    const [, sign, int = "0", frac = ""] = match;
    if (frac.length > this.scale) {
      this.units *= 10n ** BigInt(frac.length - this.scale);
      this.scale = frac.length;
    }
    const units = BigInt(int + frac.padEnd(this.scale, "0"));
    this.units += sign ? -units : units;
    return true;
  }

  toString(): string {
    const negative = this.units < 0n;
    const digits = (negative ? -this.units : this.units).toString().padStart(this.scale + 1, "0");
    const text = this.scale
      ? `${digits.slice(0, -this.scale)}.${digits.slice(-this.scale)}`
      : digits;
    const normalized = normalizeDecimal(text);
    return negative && normalized !== "0" ? `-${normalized}` : normalized;
  }
}

/**
 * `a / b` as a plain decimal with at most `fractionDigits` digits, computed on scaled integers
 * (never a double): rounded up (`up`: an amount to send that must not fall short) or to the
 * nearest. Undefined when `b` is zero.
 */
export function divideDecimal(
  a: string,
  b: string,
  fractionDigits: number,
  rounding: "up" | "nearest",
): DecimalString | undefined {
  const [an, as] = scaled(a);
  const [bn, bs] = scaled(b);
  if (bn === 0n) return undefined;
  const numerator = an * 10n ** BigInt(bs + fractionDigits);
  const denominator = bn * 10n ** BigInt(as);
  let quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder > 0n && (rounding === "up" || remainder * 2n >= denominator)) quotient += 1n;
  const digits = quotient.toString().padStart(fractionDigits + 1, "0");
  const text = fractionDigits
    ? `${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`
    : digits;
  return normalizeDecimal(text);
}

/** A plain decimal as an integer and its scale ("1.25" → [125n, 2]). */
function scaled(value: string): [bigint, number] {
  const [int = "0", frac = ""] = normalizeDecimal(value).split(".");
  return [BigInt(int + frac), frac.length];
}
