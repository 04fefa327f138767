import { describe, expect, it } from "vitest";
import { parseAmount } from "../../src/lib/amount-input.ts";
import { amountRefusal } from "../../src/webapp/server/answers.ts";
import { PageTexts } from "../../src/webapp/server/texts.ts";

const texts = new PageTexts();

/** The Mini App's sentence for a typed amount that does not parse, as the page shows it. */
function refusalOf(typed: string, locale: "en" | "ru" = "en"): string {
  const amount = parseAmount(typed);
  if (amount.ok) throw new Error(`${typed} parsed`);
  const [key, vars] = amountRefusal(typed, amount);
  return texts.t(locale, key, vars);
}

describe("the Mini App's amount refusals", () => {
  it("asks which reading of 1,000 is meant, naming both, in the user's language", () => {
    expect(refusalOf("1,000")).toBe(
      "1,000 can be read as 1000 or as 1. Type the one you mean: 1000 or 1.",
    );
    expect(refusalOf("12,345", "ru")).toContain("12345");
    expect(refusalOf("12,345", "ru")).toContain("12.345");
  });

  it("still says how to type an amount for one that is not a number", () => {
    expect(refusalOf("abc")).toBe("Type an amount, e.g. 0.5.");
  });
});
