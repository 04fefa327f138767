import { describe, expect, it } from "vitest";
import { normalize } from "../../src/catalog/normalize.ts";
import {
  type Coin,
  CoinIndex,
  damerauLevenshtein,
  type SearchHit,
} from "../../src/catalog/search.ts";

const coin = (code: string, name: string): Coin => ({ code, name, icon: "", notes: "" });

const COINS: Coin[] = [
  coin("btc", "Bitcoin"),
  coin("bch", "Bitcoin Cash"),
  coin("btg", "Bitcoin Gold"),
  coin("bsv", "Bitcoin SV"),
  coin("wbtc", "Wrapped Bitcoin"),
  coin("btt", "BitTorrent"),
  coin("eth", "Ethereum"),
  coin("etc", "Ethereum Classic"),
  coin("ethw", "EthereumPoW"),
  coin("ena", "Ethena"),
  coin("steth", "Lido Staked Ether"),
  coin("usdt", "Tether"),
  coin("usdttrc20", "Tether (TRC20)"),
  coin("usdc", "USD Coin"),
  coin("xmr", "Monero"),
  coin("ltc", "Litecoin"),
  coin("doge", "Dogecoin"),
  coin("dash", "Dash"),
  coin("dashd", "Dash Diamond"),
  coin("trx", "TRON"),
  coin("tronpad", "TronPad"),
  coin("xno", "Nánó"),
  coin("ton", "Toncoin"),
  coin("cro", "Crypto.com Coin"),
];

const POPULAR = ["btc", "eth", "usdt", "xmr", "ltc", "usdc", "trx", "doge", "ton"];

const index = new CoinIndex(COINS, { popularity: POPULAR });

const codes = (hits: SearchHit[]): string[] => hits.map((h) => h.coin.code);
const first = (query: string): SearchHit | undefined => index.search(query)[0];

describe("CoinIndex ranking tiers", () => {
  it("orders exact code, code prefix, name prefix, word start, then substring", () => {
    const hits = index.search("eth", 20);
    const kindOf = (code: string) => hits.find((h) => h.coin.code === code)?.kind;
    expect(kindOf("eth")).toBe("code");
    expect(kindOf("ethw")).toBe("code-prefix");
    expect(kindOf("etc")).toBe("name-prefix");
    expect(kindOf("ena")).toBe("name-prefix");
    expect(kindOf("steth")).toBe("word");
    expect(kindOf("usdt")).toBe("substring");
    expect(codes(hits).slice(0, 2)).toEqual(["eth", "ethw"]);
    const tier = ["code", "name", "code-prefix", "name-prefix", "word", "substring", "fuzzy"];
    const tiers = hits.map((h) => tier.indexOf(h.kind));
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
  });

  it("returns hits with strictly decreasing scores and no coin twice", () => {
    for (const query of ["eth", "bit", "coin", "b", "tether", "bitcon"]) {
      const hits = index.search(query, 50);
      const scores = hits.map((h) => h.score);
      for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeLessThan(scores[i - 1]!);
      expect(new Set(codes(hits)).size).toBe(hits.length);
    }
  });

  it("puts an exact code above a coin whose code merely starts with it", () => {
    expect(codes(index.search("dash", 2))).toEqual(["dash", "dashd"]);
  });

  it("puts an exact full name above a code prefix", () => {
    const hits = index.search("tron", 2);
    expect(codes(hits)).toEqual(["trx", "tronpad"]);
    expect(hits.map((h) => h.kind)).toEqual(["name", "code-prefix"]);
  });

  it("finds a word start inside the name", () => {
    const hit = first("cash");
    expect(hit?.coin.code).toBe("bch");
    expect(hit?.kind).toBe("word");
  });

  it("finds a substring of the name or the code", () => {
    expect(index.search("itco", 20).every((h) => h.kind === "substring")).toBe(true);
    const substrings = index.search("ecoin", 20).filter((h) => h.kind === "substring");
    expect(codes(substrings)).toEqual(["ltc", "doge"]);
    expect(first("trc20")?.coin.code).toBe("usdttrc20");
  });
});

describe("CoinIndex normalization", () => {
  it("ignores case", () => {
    expect(first("BtC")?.coin.code).toBe("btc");
    expect(first("eThErEuM")?.coin.code).toBe("eth");
    expect(first("USDT")?.kind).toBe("code");
  });

  it("ignores accents in the query and in names", () => {
    expect(first("bítcoin")?.coin.code).toBe("btc");
    expect(first("MÖNERO")?.coin.code).toBe("xmr");
    expect(first("nano")?.coin.code).toBe("xno");
  });

  it("ignores punctuation and extra spaces", () => {
    expect(first("  Bitcoin---CASH!! ")?.coin.code).toBe("bch");
    expect(first("crypto.com")?.coin.code).toBe("cro");
    expect(first("usdt-trc20")?.kind).toBe("code");
  });

  it("folds text the same way for queries and names", () => {
    expect(normalize("  Bítcoin-Cash! ")).toBe("bitcoin cash");
    expect(normalize("ØRE Łódź Straße")).toBe("ore lodz strasse");
    expect(normalize("Dogelon's")).toBe("dogelons");
  });
});

describe("CoinIndex typo tolerance", () => {
  it.each([
    ["bitcon", "btc"],
    ["etherium", "eth"],
    ["moneroo", "xmr"],
    ["tehter", "usdt"],
    ["liteconi", "ltc"],
    ["dogecoyn", "doge"],
  ])("%s finds %s first", (query, code) => {
    const hit = first(query);
    expect(hit?.coin.code).toBe(code);
    expect(hit?.kind).toBe("fuzzy");
  });

  it("tolerates a typo in a word still being typed", () => {
    expect(first("etheri")?.coin.code).toBe("eth");
  });

  it("tolerates a typo in one word of a multi-word query", () => {
    expect(first("bitcon cash")?.coin.code).toBe("bch");
  });

  it("does not guess from three letters", () => {
    expect(index.search("xmq")).toEqual([]);
  });

  it("ranks typo matches below every exact match", () => {
    const hits = index.search("tether", 20);
    expect(hits[0]?.coin.code).toBe("usdt");
    const fuzzy = hits.filter((h) => h.kind === "fuzzy");
    const exact = hits.filter((h) => h.kind !== "fuzzy");
    expect(Math.min(...exact.map((h) => h.score))).toBeGreaterThan(
      Math.max(...fuzzy.map((h) => h.score), 0),
    );
  });
});

describe("CoinIndex typo pass completeness", () => {
  it("misses no coin within the typo budget (checked by brute force)", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = (min: number, spread: number) =>
      Array.from(
        { length: min + Math.floor(random() * spread) },
        () => "abcdeno"[Math.floor(random() * 7)],
      ).join("");
    const catalog = Array.from({ length: 400 }, (_, i) =>
      coin(`${word(3, 2)}${i}`, random() < 0.3 ? `${word(4, 5)} ${word(3, 4)}` : word(4, 6)),
    );
    const idx = new CoinIndex(catalog);
    for (let i = 0; i < 200; i++) {
      const query = word(4, 5);
      const max = query.length < 6 ? 1 : 2;
      const found = new Set(idx.search(query, Number.POSITIVE_INFINITY).map((h) => h.coin.code));
      for (const c of catalog) {
        const words = c.name.split(" ");
        const candidates = [...words, c.code, ...(words.length > 1 ? [words.join("")] : [])];
        const near = candidates.some(
          (w) =>
            damerauLevenshtein(query, w, max) <= max ||
            (query.length >= 5 && damerauLevenshtein(query, w, max, true) <= max),
        );
        if (near) expect(found, `${query} → ${c.name}`).toContain(c.code);
      }
    }
  });
});

describe("CoinIndex multi-word queries", () => {
  it("ranks the exact full name first", () => {
    expect(first("bitcoin cash")?.coin.code).toBe("bch");
    expect(first("usd coin")?.coin.code).toBe("usdc");
    expect(first("bitcoincash")?.coin.code).toBe("bch");
  });

  it("matches words in any order, each as a word start", () => {
    const hit = first("cash bit");
    expect(hit?.coin.code).toBe("bch");
    expect(hit?.kind).toBe("word");
    expect(first("staked eth")?.coin.code).toBe("steth");
  });

  it("requires every word to match", () => {
    expect(codes(index.search("bitcoin diamond"))).not.toContain("btc");
    expect(index.search("bitcoin zzzzzz")).toEqual([]);
  });
});

describe("CoinIndex numbers", () => {
  const numbered = new CoinIndex([
    coin("btcb", "Bitcoin BEP2"),
    coin("usdterc20", "Tether ERC20"),
    coin("bnb", "BNB BEP-2"),
    coin("ai16z", "ai16z"),
    coin("1inch", "1inch Network"),
    coin("1000sats", "1000SATS"),
    coin("b2", "B2 Network"),
  ]);

  it.each(["2", "20", "16", "0.5", "3"])("matches no digit inside a name or code: %j", (q) => {
    expect(numbered.search(q, 50)).toEqual([]);
  });

  it("still matches digits at the start of a code or name", () => {
    expect(codes(numbered.search("1", 5))).toEqual(["1000sats", "1inch"]);
    expect(numbered.search("1000", 5).map((h) => [h.coin.code, h.kind])).toEqual([
      ["1000sats", "code-prefix"],
    ]);
  });

  it("matches codes and words that mix letters and digits as before", () => {
    expect(codes(numbered.search("bep2", 5))).toEqual(["btcb", "bnb"]);
    expect(codes(numbered.search("b2", 5))[0]).toBe("b2");
    expect(codes(numbered.search("16z", 5))).toEqual(["ai16z"]);
  });
});

describe("CoinIndex limits and junk", () => {
  it.each([
    "",
    "   ",
    "\t\n",
    "💩🚀",
    "x".repeat(200),
    "'; DROP TABLE coins;--",
    "%00\u0000\uFFFF",
    "\uD800",
    "<script>alert(1)</script>",
  ])("returns nothing for %j", (query) => {
    expect(index.search(query)).toEqual([]);
  });

  it("never throws on long or odd input", () => {
    const odd = ["a ".repeat(500), "é".repeat(300), "ab cd ef gh ij kl mn op qr st", "0", "١٢٣"];
    for (const query of odd) expect(() => index.search(query)).not.toThrow();
  });

  it("returns at most `limit` hits, 10 by default", () => {
    expect(index.search("b", 3)).toHaveLength(3);
    expect(index.search("b").length).toBeLessThanOrEqual(10);
    expect(index.search("b", 0)).toEqual([]);
    expect(index.search("b", -1)).toEqual([]);
    expect(index.search("b", Number.NaN)).toEqual([]);
    expect(index.search("coin", Number.POSITIVE_INFINITY).length).toBeGreaterThan(5);
  });

  it("keeps the best hits when the limit cuts a tier", () => {
    expect(codes(index.search("bit", 2))).toEqual(["btc", "bch"]);
  });

  it("searches an empty catalog without error", () => {
    const empty = new CoinIndex([]);
    expect(empty.size).toBe(0);
    expect(empty.search("btc")).toEqual([]);
    expect(empty.byCode("btc")).toBeUndefined();
  });
});

describe("CoinIndex popularity", () => {
  it("ranks popular coins first within a tier, then alphabetically", () => {
    expect(codes(index.search("bit", 4))).toEqual(["btc", "bch", "btg", "bsv"]);
  });

  it("follows the given popularity over the alphabet", () => {
    const custom = new CoinIndex(COINS, { popularity: ["BTG", "btc"] });
    expect(codes(custom.search("bitcoin", 3))).toEqual(["btc", "btg", "bch"]);
    expect(codes(custom.search("bit", 3))).toEqual(["btg", "btc", "bch"]);
  });

  it("sorts alphabetically without a popularity list", () => {
    const plain = new CoinIndex(COINS);
    expect(codes(plain.search("bit", 5))).toEqual(["btc", "bch", "btg", "bsv", "btt"]);
  });
});

describe("CoinIndex.byCode", () => {
  it("finds a code whatever its case or surrounding spaces", () => {
    expect(index.byCode("BTC")?.name).toBe("Bitcoin");
    expect(index.byCode(" xmr ")?.name).toBe("Monero");
    expect(index.byCode("USDT-TRC20")?.code).toBe("usdttrc20");
  });

  it("finds nothing for an unknown or partial code", () => {
    expect(index.byCode("bt")).toBeUndefined();
    expect(index.byCode("")).toBeUndefined();
    expect(index.byCode("bitcoin")).toBeUndefined();
  });

  it("keeps the first of duplicate codes and counts every coin", () => {
    const dup = new CoinIndex([coin("abc", "First"), coin("ABC", "Second")]);
    expect(dup.size).toBe(2);
    expect(dup.byCode("abc")?.name).toBe("First");
  });
});

describe("damerauLevenshtein", () => {
  it("counts an adjacent swap as one edit", () => {
    expect(damerauLevenshtein("tehter", "tether", 2)).toBe(1);
    expect(damerauLevenshtein("bitcon", "bitcoin", 2)).toBe(1);
    expect(damerauLevenshtein("etherium", "ethereum", 2)).toBe(1);
  });

  it("gives up with max + 1 beyond the bound", () => {
    expect(damerauLevenshtein("monero", "litecoin", 2)).toBe(3);
    expect(damerauLevenshtein("abc", "abcdef", 1)).toBe(2);
  });

  it("agrees with the full-matrix distance on random words", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const word = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 9) },
        () => "abcde"[Math.floor(random() * 5)],
      ).join("");
    for (let i = 0; i < 3_000; i++) {
      const a = word();
      const b = word();
      const max = 1 + Math.floor(random() * 3);
      const cap = (d: number) => Math.min(d, max + 1);
      expect(damerauLevenshtein(a, b, max)).toBe(cap(fullOsa(a, b)));
      const closestPrefix = Math.min(
        ...Array.from({ length: b.length + 1 }, (_, j) => fullOsa(a, b.slice(0, j))),
      );
      expect(damerauLevenshtein(a, b, max, true)).toBe(cap(closestPrefix));
    }
  });

  it("measures against the closest prefix when asked", () => {
    expect(damerauLevenshtein("etheri", "ethereum", 2, true)).toBe(1);
    expect(damerauLevenshtein("bitco", "bitcoin", 1, true)).toBe(0);
  });
});

/** Textbook optimal string alignment distance over the whole matrix, as the reference. */
function fullOsa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
