import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import {
  DEFAULT_EXPLORER_TABLE,
  explorerLinkOf,
  explorerTable,
  explorerUrl,
} from "../../src/frontends/explorers.ts";

const HEX = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";
const EVM = `0x${HEX}`;
const SOLANA =
  "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

const TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

describe("explorer links", () => {
  it.each([
    ["BTC", HEX, "https://mempool.space/tx/"],
    ["bitcoin", HEX, "https://mempool.space/tx/"],
    ["ETH", EVM, "https://etherscan.io/tx/"],
    ["ERC20", EVM, "https://etherscan.io/tx/"],
    ["ARBITRUM", EVM, "https://arbiscan.io/tx/"],
    ["OPTIMISM", EVM, "https://optimistic.etherscan.io/tx/"],
    ["BASE", EVM, "https://basescan.org/tx/"],
    ["ZKSYNC", EVM, "https://era.zksync.network/tx/"],
    ["POLYGON", EVM, "https://polygonscan.com/tx/"],
    ["BEP20", EVM, "https://bscscan.com/tx/"],
    ["BSC", EVM, "https://bscscan.com/tx/"],
    ["AVAXC", EVM, "https://snowtrace.io/tx/"],
    ["TRC20", HEX, "https://tronscan.org/#/transaction/"],
    ["TRX", HEX, "https://tronscan.org/#/transaction/"],
    ["SOL", SOLANA, "https://solscan.io/tx/"],
    ["LTC", HEX, "https://litecoinspace.org/tx/"],
    ["DOGE", HEX, "https://blockchair.com/dogecoin/transaction/"],
    ["XMR", HEX, "https://xmrchain.net/tx/"],
    ["XRP", HEX.toUpperCase(), "https://xrpscan.com/tx/"],
    ["XLM", HEX, "https://stellar.expert/explorer/public/tx/"],
    ["TON", HEX, "https://tonviewer.com/transaction/"],
    ["ADA", HEX, "https://cardanoscan.io/transaction/"],
  ])("a %s transaction links to its explorer", (network, hash, prefix) => {
    expect(explorerUrl(DEFAULT_EXPLORER_TABLE, network, hash)).toBe(`${prefix}${hash}`);
  });

  it("spells a network any way exchanges do (case, dashes, spaces)", () => {
    expect(explorerUrl(DEFAULT_EXPLORER_TABLE, "Bep-20", EVM)).toBe(
      `https://bscscan.com/tx/${EVM}`,
    );
  });

  it.each([
    ["an unknown network", "FOOCHAIN", HEX],
    ["an empty hash", "BTC", ""],
    ["a hash too short", "BTC", HEX.slice(0, 40)],
    ["a hash too long", "ETH", `${EVM}00`],
    ["base64, not base58", "TON", "te6cckEBAQEAAgAAAEysuc0+/=="],
    ["markup", "BTC", `${HEX.slice(0, 60)}"><b>`],
    ["a path", "BTC", `../../${HEX}`],
    ["spaces", "SOL", `${SOLANA.slice(0, 40)} ${SOLANA.slice(41)}`],
  ])("gives no link for %s", (_, network, hash) => {
    expect(explorerUrl(DEFAULT_EXPLORER_TABLE, network, hash)).toBeUndefined();
  });

  it("lets the operator replace, add and remove explorers (EXPLORER_URLS)", () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      EXPLORER_URLS:
        "btc=https://blockstream.info/tx/{hash}, kaspa2=https://kas.example/t/{hash}?x=1&y=2 ,xmr=",
    });
    const table = explorerTable(config.explorers);
    expect(explorerUrl(table, "BTC", HEX)).toBe(`https://blockstream.info/tx/${HEX}`);
    expect(explorerUrl(table, "KASPA2", HEX)).toBe(`https://kas.example/t/${HEX}?x=1&y=2`);
    expect(explorerUrl(table, "XMR", HEX)).toBeUndefined();
    expect(explorerUrl(table, "ETH", EVM)).toBe(`https://etherscan.io/tx/${EVM}`);
  });

  it.each([
    "btc",
    "btc=http://insecure.example/tx/{hash}",
    "btc=https://no-placeholder.example/tx/",
    "=https://mempool.space/tx/{hash}",
    "btc=javascript:alert(1)//{hash}",
  ])("refuses EXPLORER_URLS=%s with a line naming the setting", (value) => {
    expect(() => loadConfig({ BOT_TOKEN: TOKEN, EXPLORER_URLS: value })).toThrow(ConfigError);
    try {
      loadConfig({ BOT_TOKEN: TOKEN, EXPLORER_URLS: value });
    } catch (error) {
      expect((error as Error).message).toMatch(/^EXPLORER_URLS must be/);
    }
  });
});

describe("the exchange's own links (the exolix dialect's hashIn.link / hashOut.link)", () => {
  const swap = {
    coinFrom: "abc",
    coinTo: "btc",
    networkFrom: null,
    networkTo: null,
    txHashIn: "a".repeat(64),
    txHashOut: "b".repeat(64),
    txLinkIn: `https://explorer.example/tx/${"a".repeat(64)}`,
    txLinkOut: `https://other.example/tx/${"b".repeat(64)}`,
  };

  it("link a network the table does not know; the table's explorer stays first for one it knows", () => {
    expect(explorerLinkOf(DEFAULT_EXPLORER_TABLE, swap, "deposit")?.link?.url).toBe(swap.txLinkIn);
    expect(explorerLinkOf(DEFAULT_EXPLORER_TABLE, swap, "payout")?.link?.url).toBe(
      `https://mempool.space/tx/${"b".repeat(64)}`,
    );
  });

  it("never link a network the operator removed, nor anything but https", () => {
    const table = explorerTable({ abc: null, btc: null });
    expect(explorerLinkOf(table, swap, "deposit")?.link).toBeUndefined();
    expect(explorerLinkOf(table, swap, "payout")?.link).toBeUndefined();
    const plain = { ...swap, txLinkIn: "javascript:alert(1)" };
    expect(explorerLinkOf(DEFAULT_EXPLORER_TABLE, plain, "deposit")?.link).toBeUndefined();
  });
});
