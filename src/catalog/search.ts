/**
 * In-memory coin search for inline queries and coin pickers: exact code, exact name, code prefix,
 * name prefix, word start, substring, then a typo-tolerant match. Everything that does not depend
 * on the query is computed once when the index is built, so that a search over a few thousand
 * coins costs tens of microseconds and never touches the upstream.
 */
import { compactKey, normalize } from "./normalize.ts";

export { normalize } from "./normalize.ts";

export interface Coin {
  code: string;
  name: string;
  icon: string;
  notes: string;
}

export type MatchKind = "code" | "code-prefix" | "name-prefix" | "word" | "substring" | "fuzzy";

export interface SearchHit {
  coin: Coin;
  /**
   * Higher is better, in (0, 100]. The integer part is the match tier (see `LEVEL`), the fraction
   * the coin's popularity/alphabetical position, so hits sort by score alone.
   */
  score: number;
  kind: MatchKind;
}

export interface CoinIndexOptions {
  /** Codes, most popular first: ranks Bitcoin above Bitcoin Cash for "bit". */
  popularity?: readonly string[];
}

/**
 * Tiers, best first. An exact full name sits just below an exact code: whoever types "monero" means
 * Monero, not a coin whose code happens to start with those letters.
 */
const LEVEL = {
  code: 100,
  exactName: 95,
  codePrefix: 90,
  namePrefix: 80,
  word: 70,
  substring: 60,
  fuzzy: 50,
} as const;

/** Fuzzy levels step down by this much per edit, leaving room for the half-step prefix penalty. */
const FUZZY_STEP = 2;
/** A typo against the start of a word ("etheri" → Ethereum) ranks below one against a whole word. */
const PREFIX_FUZZY_PENALTY = 0.5;

/** Bounds for hostile input: nothing a person types for a coin is longer. */
const MAX_QUERY_CHARS = 100;
const MAX_TERMS = 8;
/** One letter is a substring of most names: it would only add noise. */
const MIN_SUBSTRING = 2;
/** Below this the last term is still being typed; only full-word typos count. */
const MIN_PREFIX_FUZZY = 5;

/** Edits tolerated for a term of this length; three-letter terms are too short to guess from. */
function maxTypos(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : 2;
}

interface Entry {
  readonly coin: Coin;
  /** Compact normalized code ("usdttrc20"). */
  readonly code: string;
  /** Normalized name, words separated by single spaces. */
  readonly name: string;
  readonly nameCompact: string;
  /** Name words plus the code, for multi-word queries such as "tether usdt". */
  readonly words: readonly string[];
}

/** A distinct word of the catalog, for the typo pass. */
interface FuzzyWord {
  readonly text: string;
  /** `masks[k]`: letter mask of the first k characters, for the prefix pass. */
  readonly masks: Int32Array;
  readonly ids: number[];
}

/** Sorted distinct keys: the keys sharing a prefix form one contiguous run found by bisection. */
class PrefixTable {
  private readonly keys: string[];
  private readonly ids: number[][];

  constructor(map: ReadonlyMap<string, number[]>) {
    // Default sort compares UTF-16 code units, the same order `<` uses in `forPrefix`.
    this.keys = [...map.keys()].sort();
    this.ids = this.keys.map((key) => map.get(key)!);
  }

  forPrefix(prefix: string, visit: (id: number) => void): void {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.keys.length && this.keys[i]!.startsWith(prefix); i++) {
      for (const id of this.ids[i]!) visit(id);
    }
  }
}

function addTo(map: Map<string, number[]>, key: string, id: number): void {
  if (key === "") return;
  const list = map.get(key);
  if (list === undefined) map.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

export class CoinIndex {
  /** Sorted by popularity, then name, then code: an entry's id is its rank within a tier. */
  private readonly entries: Entry[];
  private readonly byLowerCode = new Map<string, Coin>();
  private readonly codeExact = new Map<string, number[]>();
  private readonly nameExact = new Map<string, number[]>();
  private readonly codes: PrefixTable;
  private readonly names: PrefixTable;
  private readonly words: PrefixTable;
  /** Distinct words (name words, codes, compact multi-word names) bucketed by length. */
  private readonly fuzzyByLength: FuzzyWord[][] = [];
  /** `seen[id] === generation`: already a hit of the current search. Avoids a Set per search. */
  private readonly seen: Uint32Array;
  private generation = 0;

  constructor(coins: readonly Coin[], options: CoinIndexOptions = {}) {
    const popularity = new Map<string, number>();
    for (const [i, code] of (options.popularity ?? []).entries()) {
      const key = compactKey(code);
      if (!popularity.has(key)) popularity.set(key, i);
    }
    const prepared = coins.map((coin, input) => {
      const name = normalize(coin.name);
      const code = compactKey(coin.code);
      return { coin, code, name, pop: popularity.get(code) ?? Number.POSITIVE_INFINITY, input };
    });
    prepared.sort(
      (a, b) =>
        compare(a.pop, b.pop) ||
        compare(a.name, b.name) ||
        compare(a.code, b.code) ||
        a.input - b.input,
    );

    const wordMap = new Map<string, number[]>();
    const compactNames = new Map<string, number[]>();
    const fuzzyMap = new Map<string, number[]>();
    this.entries = prepared.map(({ coin, code, name }, id) => {
      const nameWords = name === "" ? [] : name.split(" ");
      const nameCompact = nameWords.join("");
      const words = [...new Set([...nameWords, code].filter((w) => w !== ""))];
      const lower = coin.code.trim().toLowerCase();
      if (!this.byLowerCode.has(lower)) this.byLowerCode.set(lower, coin);
      addTo(this.codeExact, code, id);
      addTo(this.nameExact, nameCompact, id);
      addTo(compactNames, nameCompact, id);
      for (const word of words) {
        addTo(wordMap, word, id);
        addTo(fuzzyMap, word, id);
      }
      if (nameWords.length > 1) addTo(fuzzyMap, nameCompact, id);
      return { coin, code, name, nameCompact, words };
    });
    this.codes = new PrefixTable(this.codeExact);
    this.names = new PrefixTable(compactNames);
    this.words = new PrefixTable(wordMap);
    for (const [text, ids] of fuzzyMap) {
      const masks = new Int32Array(text.length + 1);
      for (let k = 0; k < text.length; k++) masks[k + 1] = masks[k]! | charBit(text.charCodeAt(k));
      const bucket = (this.fuzzyByLength[text.length] ??= []);
      bucket.push({ text, masks, ids });
    }
    this.seen = new Uint32Array(this.entries.length);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Exact code, case-insensitive; "USDT-TRC20" also finds "usdttrc20". */
  byCode(code: string): Coin | undefined {
    const direct = this.byLowerCode.get(code.trim().toLowerCase());
    if (direct) return direct;
    const id = this.codeExact.get(compactKey(code))?.[0];
    return id === undefined ? undefined : this.entries[id]!.coin;
  }

  /** Best hits first; never throws, whatever the query. */
  search(query: string, limit = 10): SearchHit[] {
    const want = Math.min(Math.floor(limit), this.entries.length);
    if (!(want > 0) || typeof query !== "string") return [];
    const q = normalize(query.length > MAX_QUERY_CHARS ? query.slice(0, MAX_QUERY_CHARS) : query);
    if (q === "") return [];
    const terms = q.split(" ").slice(0, MAX_TERMS);
    const compact = terms.join("");

    const gen = this.nextGeneration();
    const seen = this.seen;
    const hits: SearchHit[] = [];
    let batch: number[] = [];
    const add = (id: number): void => {
      if (seen[id] !== gen) {
        seen[id] = gen;
        batch.push(id);
      }
    };
    // Tiers never interleave, so once one fills the limit the lower ones cannot change the answer.
    const flush = (level: number, kind: MatchKind): boolean => {
      batch.sort((a, b) => a - b);
      for (const id of batch) {
        if (hits.length >= want) break;
        hits.push(this.hit(id, level, kind));
      }
      batch = [];
      return hits.length >= want;
    };

    for (const id of this.codeExact.get(compact) ?? []) add(id);
    if (flush(LEVEL.code, "code")) return hits;
    for (const id of this.nameExact.get(compact) ?? []) add(id);
    if (flush(LEVEL.exactName, "name-prefix")) return hits;
    this.codes.forPrefix(compact, add);
    if (flush(LEVEL.codePrefix, "code-prefix")) return hits;
    this.names.forPrefix(compact, add);
    if (flush(LEVEL.namePrefix, "name-prefix")) return hits;
    this.wordMatches(terms, add);
    if (flush(LEVEL.word, "word")) return hits;

    if (compact.length >= MIN_SUBSTRING) {
      // Ids are already in rank order, so the scan can stop as soon as the limit is reached.
      for (let id = 0; id < this.entries.length && hits.length < want; id++) {
        if (seen[id] === gen) continue;
        const entry = this.entries[id]!;
        if (entry.code.includes(compact) || entry.nameCompact.includes(compact)) {
          seen[id] = gen;
          hits.push(this.hit(id, LEVEL.substring, "substring"));
        }
      }
      if (hits.length >= want) return hits;
    }

    for (const { id, cost } of this.fuzzyMatches(terms, gen)) {
      if (hits.length >= want) break;
      hits.push(this.hit(id, LEVEL.fuzzy - FUZZY_STEP * cost, "fuzzy"));
    }
    return hits;
  }

  /** Every term must start some word of the name (or the code), in any order. */
  private wordMatches(terms: readonly string[], add: (id: number) => void): void {
    if (terms.length === 1) {
      this.words.forPrefix(terms[0]!, add);
      return;
    }
    // The longest term is usually the most selective: it drives, the others only check.
    let driver = 0;
    for (let i = 1; i < terms.length; i++) if (terms[i]!.length > terms[driver]!.length) driver = i;
    this.words.forPrefix(terms[driver]!, (id) => {
      const words = this.entries[id]!.words;
      const all = terms.every(
        (term, i) => i === driver || words.some((word) => word.startsWith(term)),
      );
      if (all) add(id);
    });
  }

  /**
   * Coins whose words match every term within the typo budget, cheapest first. A term matches a
   * word exactly as a prefix (cost 0, for multi-word queries), as a whole word within
   * `maxTypos`, or, for the last term, as the start of a word (still being typed).
   */
  private fuzzyMatches(terms: readonly string[], gen: number): { id: number; cost: number }[] {
    if (!terms.some((term) => maxTypos(term.length) > 0)) return [];
    const perTerm: Map<number, number>[] = [];
    for (const [i, term] of terms.entries()) {
      const costs = this.termCosts(term, i === terms.length - 1, terms.length > 1);
      if (costs.size === 0) return [];
      perTerm.push(costs);
    }
    perTerm.sort((a, b) => a.size - b.size);
    const [driver, ...others] = perTerm;
    const found: { id: number; cost: number }[] = [];
    for (const [id, first] of driver!) {
      if (this.seen[id] === gen) continue;
      let cost = first;
      for (const costs of others) {
        const c = costs.get(id);
        if (c === undefined) {
          cost = Number.NaN;
          break;
        }
        cost += c;
      }
      if (cost > 0) found.push({ id, cost });
    }
    found.sort((a, b) => a.cost - b.cost || a.id - b.id);
    return found;
  }

  private termCosts(term: string, last: boolean, exactToo: boolean): Map<number, number> {
    const costs = new Map<number, number>();
    const offer = (ids: readonly number[], cost: number): void => {
      for (const id of ids) {
        const old = costs.get(id);
        if (old === undefined || cost < old) costs.set(id, cost);
      }
    };
    if (exactToo) this.words.forPrefix(term, (id) => costs.set(id, 0));
    const max = maxTypos(term.length);
    if (max === 0) return costs;
    const m = term.length;
    let mask = 0;
    for (let k = 0; k < m; k++) mask |= charBit(term.charCodeAt(k));
    const prefixToo = last && m >= MIN_PREFIX_FUZZY;
    const longest = this.fuzzyByLength.length - 1;
    const hi = prefixToo ? longest : Math.min(m + max, longest);
    for (let len = Math.max(1, m - max); len <= hi; len++) {
      const bucket = this.fuzzyByLength[len];
      if (bucket === undefined) continue;
      const whole = Math.abs(len - m) <= max;
      for (const word of bucket) {
        let cost = max + 1;
        if (whole) {
          const wm = word.masks[len]!;
          // Each edit removes at most one letter missing from the other side: a cheap lower bound.
          if (popcount(mask & ~wm) <= max && popcount(wm & ~mask) <= max) {
            cost = damerauLevenshtein(term, word.text, max);
          }
        }
        if (prefixToo && cost > 0) {
          const bound = Math.min(max, Math.ceil(cost - PREFIX_FUZZY_PENALTY) - 1);
          const head = word.masks[Math.min(len, m + max)]!;
          if (bound >= 0 && popcount(mask & ~head) <= bound) {
            const d = damerauLevenshtein(term, word.text, bound, true);
            if (d <= bound && d + PREFIX_FUZZY_PENALTY < cost) cost = d + PREFIX_FUZZY_PENALTY;
          }
        }
        if (cost <= max + PREFIX_FUZZY_PENALTY) offer(word.ids, cost);
      }
    }
    return costs;
  }

  private hit(id: number, level: number, kind: MatchKind): SearchHit {
    return { coin: this.entries[id]!.coin, kind, score: level - id / (this.entries.length + 1) };
  }

  private nextGeneration(): number {
    if (this.generation === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }
}

function compare(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Letters and digits get bits of their own; anything else shares, which only weakens the bound. */
function charBit(c: number): number {
  if (c >= 97 && c <= 122) return 1 << (c - 97);
  if (c >= 48 && c <= 57) return 1 << (26 + ((c - 48) % 6));
  return 1 << (c & 31);
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

let rowA = new Int32Array(32);
let rowB = new Int32Array(32);
let rowC = new Int32Array(32);

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions), or
 * `max + 1` as soon as it is known to exceed `max`: typo tolerance needs only small distances.
 * With `prefixOf`, the distance from `a` to the closest prefix of `b`.
 */
export function damerauLevenshtein(a: string, b: string, max: number, prefixOf = false): number {
  const m = a.length;
  // A prefix of b longer than m + max is already more than max edits away.
  const n = prefixOf ? Math.min(b.length, m + max) : b.length;
  if (!prefixOf && Math.abs(m - n) > max) return max + 1;
  if (!prefixOf && a === b) return 0;
  if (rowA.length <= n) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let before = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ca === cb ? 0 : 1);
      const del = prev[j]! + 1;
      if (del < v) v = del;
      const ins = cur[j - 1]! + 1;
      if (ins < v) v = ins;
      if (j > 1 && ca === b.charCodeAt(j - 2) && caBefore === cb) {
        const swap = before[j - 2]! + 1;
        if (swap < v) v = swap;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // Row minima never decrease (a transposition reaches back two rows but costs one more).
    if (rowMin > max) return max + 1;
    const spare = before;
    before = prev;
    prev = cur;
    cur = spare;
  }
  let result = prev[n]!;
  if (prefixOf) for (let j = 0; j < n; j++) result = Math.min(result, prev[j]!);
  return result <= max ? result : max + 1;
}
