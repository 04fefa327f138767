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
