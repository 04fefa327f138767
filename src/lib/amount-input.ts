import { type DecimalString, normalizeDecimal } from "./decimal.ts";

export type AmountInput =
  | { ok: true; value: DecimalString }
  | { ok: false; reason: "not-a-number" | "negative" | "zero" | "too-precise" };

/**
 * Reads an amount the way people type it: `0.5`, `0,5`, `.5`, `1 000`. The result is a plain
 * decimal string; it never passes through a float.
 */
export function parseAmount(text: string): AmountInput {
  const compact = text.trim().replace(/[\s\u00a0_']/g, "");
  const negative = /^[-−–]/.test(compact);
  const unsigned = compact.replace(/^[-−–+]/, "").replace(",", ".");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(unsigned);
  if (!match || unsigned === "" || unsigned === "." || (match[1] === "" && !match[2])) {
    return { ok: false, reason: "not-a-number" };
  }
  const [, int = "", frac = ""] = match;
  if (negative) return { ok: false, reason: "negative" };
  if (frac.replace(/0+$/, "").length > 18 || int.length > 15) {
    return { ok: false, reason: "too-precise" };
  }
  const value = normalizeDecimal(`${int || "0"}${frac ? `.${frac}` : ""}`);
  if (/^0(\.0*)?$/.test(value)) return { ok: false, reason: "zero" };
  return { ok: true, value };
}

/** Whether text is a number at all (even one no amount may be): `2`, `-1`, `0,5`, `1 000`. */
export function isNumber(text: string): boolean {
  const amount = parseAmount(text);
  return amount.ok || amount.reason !== "not-a-number";
}

/** What an amount typed with a unit stands for: the coin to send, the coin to receive, US dollars. */
export type AmountUnit = "send" | "receive" | "usd";

export type UnitAmountInput =
  | { ok: true; unit: AmountUnit; value: DecimalString }
  | Extract<AmountInput, { ok: false }>
  /** A number with a unit that is neither coin nor dollars (`5 xyz`). */
  | { ok: false; reason: "unknown-unit"; unit: string };

const DOLLAR_WORDS = new Set(["usd", "$", "dollar", "dollars"]);

/**
 * Reads the amount step's input: a plain number is an amount to send; a number followed (or
 * preceded) by the send coin's code too; by the receive coin's code an amount to receive (`5 eth`);
 * `$100`, `100$`, `100 usd`, `usd 100` an amount worth that many US dollars. Codes in any case.
 */
export function parseAmountWithUnit(
  text: string,
  codes: { send: string; receive: string },
): UnitAmountInput {
  const trimmed = text.trim();
  const plain = parseAmount(trimmed);
  if (plain.ok || plain.reason !== "not-a-number") {
    return plain.ok ? { ok: true, unit: "send", value: plain.value } : plain;
  }
  const match =
    /^([^\d\s.,\-−–+$]+)\s*([-−–+]?[\d.,\s\u00a0_']+)$/u.exec(trimmed) ??
    /^([-−–+]?[\d.,\s\u00a0_']*\d[\d.,\s\u00a0_']*)\s*([^\d\s.,]+)$/u.exec(trimmed) ??
    /^(\$)\s*([-−–+]?[\d.,\s\u00a0_']+)$/u.exec(trimmed);
  if (!match) return plain;
  const [, first = "", second = ""] = match;
  const [number, unitText] = /\d/.test(first) ? [first, second] : [second, first];
  const amount = parseAmount(number);
  if (!amount.ok) return amount;
  const unit = unitText.toLowerCase();
  if (DOLLAR_WORDS.has(unit)) return { ok: true, unit: "usd", value: amount.value };
  if (unit === codes.receive.toLowerCase()) {
    return { ok: true, unit: "receive", value: amount.value };
  }
  if (unit === codes.send.toLowerCase()) return { ok: true, unit: "send", value: amount.value };
  return { ok: false, reason: "unknown-unit", unit: unitText.slice(0, 20) };
}
