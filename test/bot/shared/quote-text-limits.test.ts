import type { TranslateFunction } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import { limitsText } from "../../../src/bot/shared/quote-text.ts";

const i18n = createI18n(() => undefined);
const inLocale =
  (locale: string): TranslateFunction =>
  (key, variables) =>
    i18n.t(locale, key, variables);

describe("limitsText", () => {
  it("names both limits in the sent coin, as plain decimals", () => {
    expect(limitsText(inLocale("en"), { min: 0.00016, max: 1.05 }, "BTC")).toBe(
      "Minimum: 0.00016 BTC · Maximum: 1.05 BTC",
    );
    expect(limitsText(inLocale("en"), { min: 1e-7, max: 2_500_000 }, "SHIB")).toBe(
      "Minimum: 0.0000001 SHIB · Maximum: 2500000 SHIB",
    );
    expect(limitsText(inLocale("ru"), { min: 0.5, max: 700 }, "USDT (TRC20)")).toBe(
      "Минимум: 0.5 USDT (TRC20) · Максимум: 700 USDT (TRC20)",
    );
  });

  it("leaves out a maximum the exchange does not state", () => {
    expect(limitsText(inLocale("en"), { min: 0.01, max: 0 }, "ETH")).toBe("Minimum: 0.01 ETH");
    expect(limitsText(inLocale("ru"), { min: 0.01, max: 0 }, "ETH")).toBe("Минимум: 0.01 ETH");
  });
});
