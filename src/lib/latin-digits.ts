import { FluentNumber, type FluentVariable } from "@fluent/bundle";

const LATIN = { numberingSystem: "latn" } as const;

/**
 * A number Fluent prints with Latin digits in every locale: with a plain number, Fluent formats it
 * for the bundle's locale, and in Persian that means ۱۵ for 15. Counts and seconds stand beside
 * amounts and ids, which keep their digits, so every number does.
 */
export function latinDigits(value: FluentVariable): FluentVariable {
  return typeof value === "number" ? new FluentNumber(value, LATIN) : value;
}
