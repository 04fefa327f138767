import { describe, expect, it } from "vitest";
import { coinNetworks, defaultNetwork } from "../../src/catalog/networks.ts";

const coin = (notes: string) => ({ code: "usdt", name: "Tether", icon: "", notes });

describe("a coin's default network", () => {
  it("is the first its notes list, the order exchanges list them in", () => {
    expect(defaultNetwork(coin("Networks: ERC20, TRC20, BEP20, SOL."))).toBe("ERC20");
  });

  it("is the one the notes mark (default), wherever it stands, and the mark is not part of its code", () => {
    const marked = coin("Networks: ERC20, TRC20 (default), BEP20.");
    expect(defaultNetwork(marked)).toBe("TRC20");
    expect(coinNetworks(marked)).toEqual(["ERC20", "TRC20", "BEP20"]);
  });

  it("is none for a coin with one network or none named: its own chain", () => {
    expect(defaultNetwork(coin("Networks: TRC20."))).toBeUndefined();
    expect(defaultNetwork(coin("A memo may be required for deposits."))).toBeUndefined();
  });
});
