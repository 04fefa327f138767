import { type DecimalString, normalizeDecimal } from "./decimal.ts";

export type AmountInput =
  | { ok: true; value: DecimalString }
  | { ok: false; reason: "not-a-number" | "negative" | "zero" | "too-precise" }
  /**
   * `1,000`, `12,345`: a thousands comma or a decimal comma, and the two readings differ a
   * thousandfold; the user is asked which one (the thousands one first).
   */
  | { ok: false; reason: "ambiguous"; readings: [DecimalString, DecimalString] };

type Refusal = Extract<AmountInput, { ok: false }>;

/** Digits grouped in thousands: one to three, then groups of exactly three (`1`, `12,345,678`). */
function ungrouped(digits: string, separator: string): string | undefined {
  const groups = digits.split(separator);
  const [first = "", ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((group) => /^\d{3}$/.test(group))) return undefined;
  return groups.join("");
}

/**
 * The integer and fraction digits of an unsigned number as people write it. Spaces, `_` and `'`
 * group digits and are gone already. With both `,` and `.`, the last one is the decimal mark and
 * the other groups thousands (`1,000.5`, `1.000,5`); one of them repeated groups thousands
 * (`1,000,000`, `1.000.000`); a single `.` is the decimal point (`1.000` is one); a single `,` is
 * the decimal comma (`0,5`, `1234,567`) unless it could as well group thousands: `1,000` or
 * `12,345` is ambiguous.
 */
function digitsOf(unsigned: string): { int: string; frac: string } | Refusal {
  const notANumber: Refusal = { ok: false, reason: "not-a-number" };
  if (!/^[\d.,]*$/.test(unsigned)) return notANumber;
  const last = Math.max(unsigned.lastIndexOf("."), unsigned.lastIndexOf(","));
  if (last < 0) return { int: unsigned, frac: "" };
  const mark = unsigned.charAt(last);
  const other = mark === "." ? "," : ".";
  const head = unsigned.slice(0, last);
  const tail = unsigned.slice(last + 1);
  if (tail.includes(other)) return notANumber;
  const marks = unsigned.split(mark).length - 1;
  if (head.includes(other)) {
    // Both marks: the last is the decimal one, the other groups thousands before it.
    const int = marks === 1 ? ungrouped(head, other) : undefined;
    return int === undefined ? notANumber : { int, frac: tail };
  }
  if (marks > 1) {
    const int = ungrouped(unsigned, mark);
    return int === undefined ? notANumber : { int, frac: "" };
  }
  if (mark === "," && /^[1-9]\d{0,2}$/.test(head) && /^\d{3}$/.test(tail)) {
    return {
      ok: false,
      reason: "ambiguous",
      readings: [normalizeDecimal(head + tail), normalizeDecimal(`${head}.${tail}`)],
    };
  }
  return { int: head, frac: tail };
}

/**
 * Reads an amount the way people type it: `0.5`, `0,5`, `.5`, `1 000`, `1,000.5`, `1.000,5`
 * (see digitsOf; `1,000` alone is asked about). The result is a plain decimal string; it never
 * passes through a float.
 */
export function parseAmount(text: string): AmountInput {
  const compact = text.trim().replace(/[\s\u00a0_']/g, "");
  const negative = /^[-−–]/.test(compact);
  const unsigned = compact.replace(/^[-−–+]/, "");
  const digits = digitsOf(unsigned);
  if ("ok" in digits) return negative && digits.reason === "ambiguous" ? negativeOf() : digits;
  const { int, frac } = digits;
  if (int === "" && frac === "") return { ok: false, reason: "not-a-number" };
  if (negative) return negativeOf();
  if (frac.replace(/0+$/, "").length > 18 || int.length > 15) {
    return { ok: false, reason: "too-precise" };
  }
  const value = normalizeDecimal(`${int || "0"}${frac ? `.${frac}` : ""}`);
  if (/^0(\.0*)?$/.test(value)) return { ok: false, reason: "zero" };
  return { ok: true, value };
}

function negativeOf(): Refusal {
  return { ok: false, reason: "negative" };
}

/** Whether text is a number at all (even one no amount may be): `2`, `-1`, `0,5`, `1 000`. */
export function isNumber(text: string): boolean {
  const amount = parseAmount(text);
  return amount.ok || amount.reason !== "not-a-number";
}

/** What an amount typed with a unit stands for: the coin to send, the coin to receive, US dollars. */
export type AmountUnit = "send" | "receive" | "usd";

type UnitAmountInput =
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
