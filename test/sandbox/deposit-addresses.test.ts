import { describe, expect, it } from "vitest";
import { depositFor } from "../../src/sandbox/addresses.ts";
import { buildCatalog } from "../../src/sandbox/coins.ts";
import { checkAddress, isPlausibleDeposit } from "../../src/swaps/address-check.ts";

/** Each network's addresses are drawn at random: enough draws that one bad in twelve shows. */
const DRAWS = 60;

describe("the sandbox's deposit addresses", () => {
  it("pass the bot's own deposit check for every coin and network it lists, named or not", () => {
    const failures: string[] = [];
    for (const coin of buildCatalog()) {
      for (const network of coin.networks) {
        for (let i = 0; i < DRAWS; i++) {
          const { address } = depositFor(coin, network);
          // The bot names the network when the user chose one; a coin's only network it may not.
          if (!isPlausibleDeposit(address, coin.code, network)) {
            failures.push(`${coin.code}/${network}: ${address}`);
          }
          if (coin.networks.length === 1 && !isPlausibleDeposit(address, coin.code)) {
            failures.push(`${coin.code}: ${address}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("come with a memo exactly on the networks whose deposits need one, at one shared address", () => {
    const catalog = buildCatalog();
    const xrp = catalog.find((c) => c.code === "xrp")!;
    const a = depositFor(xrp, "XRP");
    const b = depositFor(xrp, "XRP");
    expect(a.address).toBe(b.address);
    expect(a.memo).toMatch(/^\d+$/);
    expect(a.memo).not.toBe(b.memo);
    const bnb = catalog.find((c) => c.code === "bnb")!;
    expect(depositFor(bnb, "BEP2").memo).not.toBeNull();
    expect(depositFor(bnb, "BEP20").memo).toBeNull();
    const btc = catalog.find((c) => c.code === "btc")!;
    expect(depositFor(btc, "BTC").memo).toBeNull();
  });
});

describe("an address the validator library throws on", () => {
  // Base58 of a Monero address's length whose decoding overflows: the library throws.
  const THROWS =
    "4RnNDAJ4SokHYE4cX8Jcvryb33Gnni4Ex2dAzR4W4X6gFdraSJf5Yf5NDcA1TV4x96kF1m4Vj3Gdr2UW5yzdaqDmc2yzBe4";

  it("fails the deposit check (never taken as plausible)", () => {
    expect(isPlausibleDeposit(THROWS, "xmr")).toBe(false);
  });

  it("fails the payout check as a format problem", () => {
    expect(checkAddress(THROWS, "xmr")).toEqual({ ok: false, reason: "format" });
  });

  it("while a valid address of that coin passes both", () => {
    const valid =
      "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A";
    expect(isPlausibleDeposit(valid, "xmr")).toBe(true);
    expect(checkAddress(valid, "xmr").ok).toBe(true);
  });
});
