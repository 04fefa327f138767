import { describe, expect, it } from "vitest";
import type { DecimalString } from "../../src/lib/decimal.ts";
import type { Quote } from "../../src/quotes/quote.ts";
import { ExchangeSet, type OfferedExchange } from "../../src/swaps/exchange-set.ts";
import {
  answers,
  type Localized,
  offersProblem,
  type PricedOffer,
  pageOffers,
} from "../../src/webapp/server/answers.ts";
import { PageTexts } from "../../src/webapp/server/texts.ts";

const exchange = (id: string, label: string, kyc: OfferedExchange["kyc"]): OfferedExchange =>
  ({ id, label, kyc, port: {}, trackingLink: () => null }) as unknown as OfferedExchange;

const THREE = new ExchangeSet([
  exchange("exolix", "Exolix", "B"),
  exchange("changenow", "ChangeNOW", "C"),
  exchange("mine", "Mine", null),
]);

const offer = (
  at: string,
  receive: number,
  limits: { min: number; max: number },
  send = "0.5",
): PricedOffer => ({
  send: send as DecimalString,
  quote: {
    exchange: at,
    receiveAmount: receive,
    sendAmount: Number(send),
    rate: receive / Number(send),
    minimum: limits.min,
    maximum: limits.max,
    fetchedAt: 0,
  } as unknown as Quote,
});

const say = answers(new PageTexts());
const en: Localized = { get: () => "en" };

describe("the Mini App's offers", () => {
  it("lists every exchange's offer in the order given, with its label, KYC letter and whether its limits take the amount; the first that fits is the best", () => {
    const listed = pageOffers(
      [
        offer("changenow", 12, { min: 0.1, max: 2 }),
        offer("exolix", 11.9, { min: 0.1, max: 2 }),
        offer("mine", 13, { min: 1, max: 2 }),
      ],
      "float",
      THREE,
    );
    expect(
      listed.map(({ exchange, label, kyc, fits, best, toAmount }) => ({
        exchange,
        label,
        kyc,
        fits,
        best,
        toAmount,
      })),
    ).toEqual([
      { exchange: "changenow", label: "ChangeNOW", kyc: "C", fits: true, best: true, toAmount: 12 },
      { exchange: "exolix", label: "Exolix", kyc: "B", fits: true, best: false, toAmount: 11.9 },
      { exchange: "mine", label: "Mine", kyc: null, fits: false, best: false, toAmount: 13 },
    ]);
  });

  it("marks no offer best when no exchange's limits take the amount", () => {
    const listed = pageOffers(
      [offer("exolix", 1, { min: 1, max: 2 }), offer("changenow", 1, { min: 2, max: 3 })],
      "fixed",
      THREE,
    );
    expect(listed.some((o) => o.best)).toBe(false);
    expect(listed.every((o) => o.rateType === "fixed")).toBe(true);
  });

  it("lists none with one exchange configured: the page then shows no list", () => {
    const one = new ExchangeSet([exchange("exolix", "Exolix", "B")]);
    expect(pageOffers([offer("exolix", 12, { min: 0.1, max: 2 })], "float", one)).toEqual([]);
  });

  it("refuses an amount only when no exchange's limits take it, naming the limits over all of them", () => {
    const oneTakes = [
      offer("exolix", 1, { min: 1, max: 2 }),
      offer("mine", 1, { min: 0.1, max: 2 }),
    ];
    expect(offersProblem(say, en, oneTakes, "0.5" as DecimalString, "btc")).toBeUndefined();
    const none = [offer("exolix", 1, { min: 1, max: 2 }), offer("mine", 1, { min: 0.8, max: 3 })];
    expect(offersProblem(say, en, none, "0.5" as DecimalString, "btc")).toBe(
      "Below the minimum of 0.8 BTC.",
    );
    const above = [
      offer("exolix", 1, { min: 0.1, max: 2 }, "5"),
      offer("mine", 1, { min: 0.1, max: 3 }, "5"),
    ];
    expect(offersProblem(say, en, above, "5" as DecimalString, "btc")).toBe(
      "Above the maximum of 3 BTC.",
    );
  });
});
