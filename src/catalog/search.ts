/**
 * In-memory coin search: exact code, code prefix, name prefix, word start, substring, then a
 * typo-tolerant match. Everything is precomputed at build time so a search over thousands of
 * coins stays well under a millisecond.
 */
export interface Coin {
  code: string;
  name: string;
  icon: string;
  notes: string;
}

export type MatchKind = "code" | "code-prefix" | "name-prefix" | "word" | "substring" | "fuzzy";

export interface SearchHit {
  coin: Coin;
  score: number;
  kind: MatchKind;
}

export interface CoinIndexOptions {
  /** Codes, most popular first: ranks Bitcoin above Bitcoin Cash for "bit". */
  popularity?: readonly string[];
}

interface Entry {
  coin: Coin;
  code: string;
  name: string;
  words: string[];
  rank: number;
}

const TIER: Record<MatchKind, number> = {
  code: 6,
  "code-prefix": 5,
  "name-prefix": 4,
  word: 3,
  substring: 2,
  fuzzy: 1,
};

/** Lower case, accents stripped, punctuation as spaces: "Bítcoin-Cash" → "bitcoin cash". */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export class CoinIndex {
  private readonly entries: Entry[];
  private readonly byCodeMap = new Map<string, Coin>();

  constructor(coins: readonly Coin[], options: CoinIndexOptions = {}) {
    const popularity = new Map(
      (options.popularity ?? []).map((code, i) => [code.toLowerCase(), i]),
    );
    this.entries = coins.map((coin, i) => {
      const name = normalize(coin.name);
      return {
        coin,
        code: coin.code.toLowerCase(),
        name,
        words: name.split(" ").filter(Boolean),
        // Popular coins first, then the upstream's order.
        rank: popularity.get(coin.code.toLowerCase()) ?? popularity.size + i,
      };
    });
    for (const entry of this.entries) {
      if (!this.byCodeMap.has(entry.code)) this.byCodeMap.set(entry.code, entry.coin);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  byCode(code: string): Coin | undefined {
    return this.byCodeMap.get(code.trim().toLowerCase());
  }

  search(query: string, limit = 10): SearchHit[] {
    const q = normalize(query.slice(0, 100));
    if (!q || limit <= 0) return [];
    const compact = q.replace(/ /g, "");
    const terms = q.split(" ");
    const hits: SearchHit[] = [];
    for (const entry of this.entries) {
      const kind = this.match(entry, q, compact, terms);
      if (kind) hits.push({ coin: entry.coin, kind, score: TIER[kind] * 1e6 - entry.rank });
    }
    if (hits.length < limit && compact.length >= 3 && terms.length === 1) {
      const maxDistance = compact.length >= 6 ? 2 : 1;
      for (const entry of this.entries) {
        if (hits.some((h) => h.coin === entry.coin)) continue;
        const distance = this.fuzzyDistance(entry, compact, maxDistance);
        if (distance <= maxDistance) {
          hits.push({
            coin: entry.coin,
            kind: "fuzzy",
            score: TIER.fuzzy * 1e6 - distance * 1e5 - entry.rank,
          });
        }
      }
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, limit);
  }

  private match(entry: Entry, q: string, compact: string, terms: string[]): MatchKind | undefined {
    if (entry.code === compact) return "code";
    if (entry.name === q) return "name-prefix";
    if (entry.code.startsWith(compact)) return "code-prefix";
    if (entry.name.startsWith(q)) return "name-prefix";
    if (terms.every((term) => entry.words.some((word) => word.startsWith(term)))) return "word";
    if (entry.code.includes(compact) || entry.name.includes(q)) return "substring";
    return undefined;
  }

  /** Smallest edit distance between the query and the code or any name word (or whole name). */
  private fuzzyDistance(entry: Entry, q: string, max: number): number {
    let best = max + 1;
    const candidates = [entry.code, entry.name.replace(/ /g, ""), ...entry.words];
    for (const candidate of candidates) {
      if (Math.abs(candidate.length - q.length) > max) continue;
      best = Math.min(best, damerauLevenshtein(q, candidate, Math.max(0, best - 1)));
      if (best === 0) break;
    }
    return best;
  }
}

/**
 * Optimal string alignment distance, giving up (returning max + 1) as soon as every cell of a row
 * exceeds `max`: typo tolerance needs only small distances.
 */
export function damerauLevenshtein(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, prevPrev[j - 2]! + 1);
      }
      row.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length]!;
}
