import { describe, expect, it } from "vitest";
import { ExchangeSet, type OfferedExchange } from "../../src/swaps/exchange-set.ts";
import { FakeExchange } from "../support/fakes/exchange.ts";

const exchange = (id: string, aliases?: string[]): OfferedExchange => ({
  id,
  label: id.toUpperCase(),
  port: new FakeExchange(),
  kyc: null,
  trackingLink: () => null,
  ...(aliases ? { aliases } : {}),
});

describe("ExchangeSet", () => {
  it("finds a recorded exchange by its id or the id its swaps had before, and names one gone by its id", () => {
    const set = new ExchangeSet([
      exchange("exolix", ["https://exolix.com"]),
      exchange("changenow"),
    ]);
    expect(set.primary.id).toBe("exolix");
    expect(set.get("https://exolix.com")?.id).toBe("exolix");
    expect(set.get("changenow")?.label).toBe("CHANGENOW");
    expect(set.get("letsexchange")).toBeUndefined();
    expect(set.labelOf("https://exolix.com")).toBe("EXOLIX");
    expect(set.labelOf("letsexchange")).toBe("letsexchange");
  });

  it("takes an exchange out of the offers once, saying why, and keeps it readable", () => {
    const set = new ExchangeSet([exchange("exolix"), exchange("changenow")]);
    expect(set.takeOut("exolix", "key refused")).toBe(true);
    expect(set.takeOut("exolix", "again")).toBe(false);
    expect(set.takeOut("unknown", "never configured")).toBe(false);
    expect(set.offering().map((e) => e.id)).toEqual(["changenow"]);
    expect(set.whyOut("exolix")).toBe("key refused");
    expect(set.get("exolix")?.id).toBe("exolix");
  });

  it("refuses to offer nothing", () => {
    expect(() => new ExchangeSet([])).toThrow(/no exchange/);
  });
});
