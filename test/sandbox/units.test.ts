import { describe, expect, it } from "vitest";
import { depositAddressFor, isAddressFor, txHashFor } from "../../src/sandbox/addresses.ts";
import { buildCatalog } from "../../src/sandbox/coins.ts";
import { decimalString, quote, round8 } from "../../src/sandbox/pricing.ts";

describe("addresses", () => {
  const networks = [...new Set(buildCatalog().flatMap((c) => c.networks))];

  it("hands out deposit addresses that its own check accepts, on every network", () => {
    for (const network of networks) {
      for (let i = 0; i < 5; i++) {
        const address = depositAddressFor(network);
        expect(isAddressFor(network, address), `${network} ${address}`).toBe(true);
      }
    }
  });

  it("knows the formats of the common chains", () => {
    expect(isAddressFor("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(true);
    expect(isAddressFor("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(true);
    expect(isAddressFor("BTC", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e")).toBe(false);
    expect(isAddressFor("ERC20", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e")).toBe(true);
    expect(isAddressFor("TRC20", "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8")).toBe(true);
    expect(isAddressFor("XRP", "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh")).toBe(true);
    expect(isAddressFor("XLM", "GCKFBEIYV2U22IO2BJ4KVJOIP7XPWQGQFKKWXR6DOSJBV7STMAQSMTGG")).toBe(
      true,
    );
    expect(isAddressFor("ATOM", "cosmos1xv9tklw7d82sezh9haa573wufgy59vmwe6xxe5")).toBe(true);
    expect(isAddressFor("EOS", "binancecleos")).toBe(true);
    // Chains the sandbox has no format for: length and characters only.
    expect(
      isAddressFor("KDA", "k:5a2afbc4564b76b2c27ce5a644cab643c43663835ea0be22433b209d3351f937"),
    ).toBe(true);
    expect(isAddressFor("KDA", "too-short")).toBe(false);
  });

  it("writes hashes the way each chain does", () => {
    expect(txHashFor("ETH")).toMatch(/^0x[0-9a-f]{64}$/);
    expect(txHashFor("BTC")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("catalog", () => {
  it("has several hundred unique coins, each with a price and a default network", () => {
    const coins = buildCatalog();
    expect(coins.length).toBeGreaterThanOrEqual(300);
    expect(new Set(coins.map((c) => c.code)).size).toBe(coins.length);
    for (const c of coins) {
      expect(c.code).toMatch(/^[a-z0-9]+$/);
      expect(c.usd).toBeGreaterThan(0);
      expect(c.networks.length).toBeGreaterThan(0);
    }
  });
});

describe("pricing", () => {
  const [btc, eth] = buildCatalog();

  it("rounds to 8 decimals without float noise", () => {
    expect(round8(0.1 + 0.2)).toBe(0.3);
    expect(round8(1.123456789)).toBe(1.12345679);
  });

  it("quotes limits with two significant digits, min below max", () => {
    const q = quote(btc!, eth!, 0.5, "float");
    expect(String(q.minAmount)).toMatch(/^0\.000\d\d?$/);
    expect(q.minAmount).toBeLessThan(q.maxAmount);
    expect(quote(btc!, eth!, 0.5, "fixed").maxAmount).toBeLessThan(q.maxAmount);
  });

  it("writes numbers as plain decimals for the string quirk", () => {
    expect(decimalString(0.5)).toBe("0.5");
    expect(decimalString(1.5e-7)).toBe("0.00000015");
    expect(decimalString(2.09474e-10)).toBe("0.000000000209474");
    expect(decimalString(120)).toBe("120");
  });
});
