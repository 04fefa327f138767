import type { TranslateFunction } from "@grammyjs/i18n";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../../src/bot/i18n.ts";
import {
  limitsRefusal,
  offerButtonText,
  offerLine,
  offersRefusal,
} from "../../../src/bot/shared/quote-text.ts";
import type { DecimalString } from "../../../src/lib/decimal.ts";
import type { Quote } from "../../../src/quotes/quote.ts";
import { ExchangeSet, type KycRating } from "../../../src/swaps/exchange-set.ts";

const i18n = createI18n(() => undefined);
const inLocale =
  (locale: string): TranslateFunction =>
  (key, variables) =>
    i18n.t(locale, key, variables);
const en = inLocale("en");
const amount = (v: string) => v as DecimalString;

const exchange = (id: string, label: string, kyc: KycRating | null) => ({
  id,
  label,
  kyc,
  port: {} as never,
  trackingLink: () => null,
});
const exchanges = new ExchangeSet([
  exchange("exolix", "Exolix", "B"),
  exchange("changenow", "ChangeNOW", "C"),
  exchange("mydesk", "MyDesk", null),
]);

const quote = (exchange: string, over: Partial<Quote> = {}): Quote => ({
  exchange,
  sendAmount: 0.5,
  receiveAmount: 13.86,
  rate: 27.72,
  minimum: 0.0002,
  maximum: 1.5,
  rateType: "float",
  note: null,
  fetchedAt: 0,
  ...over,
});

describe("offerLine", () => {
  it("names the exchange, how many quoted for the best, its ETA range and its KYC letter", () => {
    expect(
      offerLine(en, quote("changenow", { etaMinutes: { min: 10, max: 60 } }), exchanges, 3),
    ).toBe("🏦 Exchange: <b>ChangeNOW</b> · best of 3 exchanges · ⏱ 10–60 min · KYC C");
  });

  it("leaves out what is not known: no count for one offer, no ETA, no rating", () => {
    expect(offerLine(en, quote("mydesk"), exchanges, 1)).toBe("🏦 Exchange: <b>MyDesk</b>");
    expect(offerLine(en, quote("exolix", { etaMinutes: { min: 20, max: 20 } }), exchanges)).toBe(
      "🏦 Exchange: <b>Exolix</b> · ⏱ about 20 min · KYC B",
    );
  });

  it("an exchange no longer configured is named by its recorded id", () => {
    expect(offerLine(en, quote("gone"), exchanges)).toBe("🏦 Exchange: <b>gone</b>");
  });

  it("is said in every locale", () => {
    for (const locale of ["ru", "es", "pt", "tr", "fa", "zh"]) {
      const line = offerLine(inLocale(locale), quote("changenow"), exchanges, 3);
      expect(line).toContain("ChangeNOW");
      expect(line).toContain("3");
      expect(line).not.toContain("quote-offer");
    }
  });
});

describe("offerButtonText", () => {
  it("is the exchange and what it gives", () => {
    expect(offerButtonText(en, quote("changenow"), exchanges, "ETH")).toBe("ChangeNOW · 13.86 ETH");
  });
});

describe("offersRefusal and limitsRefusal", () => {
  const offers = [
    quote("exolix", { minimum: 0.00016, maximum: 1.5 }),
    quote("changenow", { minimum: 0.00012, maximum: 1.1 }),
  ];

  it("below every minimum: the lowest, at the exchange that takes it", () => {
    const refusal = offersRefusal(offers, amount("0.0001"));
    expect(refusal).toEqual({
      fit: "below-min",
      limits: { min: 0.00012, max: 1.5 },
      minAt: "changenow",
      maxAt: "exolix",
    });
    expect(limitsRefusal(en, refusal!, amount("0.0001"), "BTC", exchanges)).toBe(
      "⚠️ 0.0001 BTC is below the lowest minimum, <b>0.00012 BTC</b> (at ChangeNOW).\nType an amount between 0.00012 and 1.5 BTC.",
    );
  });

  it("above every maximum: the highest, at the exchange that takes it", () => {
    const refusal = offersRefusal(offers, amount("2"))!;
    expect(limitsRefusal(en, refusal, amount("2"), "BTC", exchanges)).toContain(
      "above the highest maximum, <b>1.5 BTC</b> (at Exolix)",
    );
  });

  it("limits that do not differ name no exchange", () => {
    const same = [quote("exolix"), quote("changenow")];
    const refusal = offersRefusal(same, amount("0.0001"))!;
    expect(refusal.minAt).toBeUndefined();
    expect(limitsRefusal(en, refusal, amount("0.0001"), "BTC", exchanges)).toBe(
      "⚠️ 0.0001 BTC is below the minimum of <b>0.0002 BTC</b>.\nType an amount between 0.0002 and 1.5 BTC.",
    );
  });

  it("an amount between one exchange's maximum and another's minimum is no union refusal", () => {
    const apart = [
      quote("exolix", { minimum: 10, maximum: 50 }),
      quote("changenow", { minimum: 1, maximum: 5 }),
    ];
    expect(offersRefusal(apart, amount("7"))).toBeUndefined();
  });
});
