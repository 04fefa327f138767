import type { ExchangeNetwork } from "../swaps/exchange-port.ts";
/**
 * In-memory coin search for inline queries and coin pickers: exact code, exact name, code prefix,
 * name prefix, word start, substring, then a typo-tolerant match (a query of digits only stops
 * after the prefixes). Everything that does not depend on the query is computed once when the
 * index is built, so that a search over a few thousand coins costs tens of microseconds and never
 * touches the upstream.
 */
import { compactKey, normalize } from "./normalize.ts";

export interface Coin {
  code: string;
  name: string;
  icon: string;
  notes: string;
  /** The coin's networks with their memo rules, when the exchange lists them (not stored). */
  networks?: ExchangeNetwork[];
}

/** How a hit matched, best first: `code` and `name` are exact (the whole code, the whole name). */
export type MatchKind =
  | "code"
  | "name"
  | "code-prefix"
  | "name-prefix"
  | "word"
  | "substring"
  | "fuzzy";

export interface SearchHit {
  coin: Coin;
  /**
   * Higher is better, in (0, 100]. The integer part is the match tier (see `LEVEL`), the fraction
   * the coin's popularity/alphabetical position, so hits sort by score alone.
   */
  score: number;
  kind: MatchKind;
}

interface CoinIndexOptions {
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

/** Fuzzy levels step down by this much per edit (eight terms of two edits still stay above 0). */
const FUZZY_STEP = 2;

/** Bounds for hostile input: nothing a person types for a coin is longer. */
const MAX_QUERY_CHARS = 100;
const MAX_TERMS = 8;
/**
 * Even one letter searches inside names: those hits rank last, and a wide query such as "o" should
 * still page through every coin that holds it (inline results come 50 at a time).
 */
const MIN_SUBSTRING = 1;

const ALL_DIGITS = /^[0-9]+$/;
/**
 * Shortest last term matched with typos against the start of longer words too: four letters with
 * one typo are the start of far too many words.
 */
const MIN_PREFIX_FUZZY = 5;

/** Edits tolerated for a term of this length; three-letter terms are too short to guess from. */
function maxTypos(length: number): number {
  return length < 4 ? 0 : length < 6 ? 1 : 2;
}

interface Entry {
  readonly coin: Coin;
  /** Compact normalized code ("usdttrc20"). */
  readonly code: string;
  /** Normalized name without spaces ("bitcoincash"). */
  readonly nameCompact: string;
  /** Name words plus the code, for multi-word queries such as "tether usdt". */
  readonly words: readonly string[];
}

/**
 * The catalog's distinct words of one length, for the typo pass. Their `CharMask`s are packed in
 * one array so that the filter that rejects most words reads memory in order and nothing else.
 */
class FuzzyBucket {
  readonly texts: string[] = [];
  readonly ids: number[][] = [];
  /** Word w's masks of its first k characters: `masks[w * stride + 2k]` (once), `+ 1` (twice). */
  masks: Int32Array = new Int32Array(0);
  readonly stride: number;

  constructor(length: number) {
    this.stride = 2 * (length + 1);
  }

  add(text: string, ids: number[]): void {
    this.texts.push(text);
    this.ids.push(ids);
  }

  pack(): void {
    this.masks = new Int32Array(this.texts.length * this.stride);
    for (const [w, text] of this.texts.entries()) {
      const mask = new CharMask();
      for (let k = 0; k < text.length; k++) {
        mask.add(text.charCodeAt(k));
        this.masks[w * this.stride + 2 * k + 2] = mask.once;
        this.masks[w * this.stride + 2 * k + 3] = mask.twice;
      }
    }
  }
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

interface Scored {
  id: number;
  cost: number;
}

/** Per-coin marks cleared in O(1): a mark counts only while it equals the current generation. */
class Marks {
  readonly at: Uint32Array;
  private generation = 0;

  constructor(size: number) {
    this.at = new Uint32Array(size);
  }

  next(): number {
    if (this.generation === 0xffffffff) {
      this.at.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
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
  private readonly fuzzyByLength: (FuzzyBucket | undefined)[] = [];
  /** Every entry's "code\nnameCompact\n" in rank order, for the substring tier. */
  private readonly haystack: string;
  /** Where each entry starts in `haystack`, plus its total length. */
  private readonly starts: Int32Array;
  /** Already a hit of the current search. */
  private readonly seen: Marks;
  /** Scratch for the typo pass, sized once so a search allocates no per-coin structures. */
  private readonly term: Marks;
  private readonly termCost: Uint8Array;
  private readonly fuzzy: Marks;
  private readonly totalCost: Uint8Array;
  private readonly termsMatched: Uint8Array;

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
      return { coin, code, nameCompact, words };
    });
    this.codes = new PrefixTable(this.codeExact);
    this.names = new PrefixTable(compactNames);
    this.words = new PrefixTable(wordMap);
    for (const [text, ids] of fuzzyMap) {
      this.fuzzyByLength[text.length] ??= new FuzzyBucket(text.length);
      this.fuzzyByLength[text.length]!.add(text, ids);
    }
    for (const bucket of this.fuzzyByLength) bucket?.pack();
    const n = this.entries.length;
    // Normalized text holds no newline, so a match can never run across two fields.
    this.haystack = this.entries.map((e) => `${e.code}\n${e.nameCompact}\n`).join("");
    this.starts = new Int32Array(n + 1);
    for (let id = 0; id < n; id++) {
      const e = this.entries[id]!;
      this.starts[id + 1] = this.starts[id]! + e.code.length + e.nameCompact.length + 2;
    }
    this.seen = new Marks(n);
    this.term = new Marks(n);
    this.termCost = new Uint8Array(n);
    this.fuzzy = new Marks(n);
    this.totalCost = new Uint8Array(n);
    this.termsMatched = new Uint8Array(n);
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

    const gen = this.seen.next();
    const seen = this.seen.at;
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
    if (flush(LEVEL.exactName, "name")) return hits;
    this.codes.forPrefix(compact, add);
    if (flush(LEVEL.codePrefix, "code-prefix")) return hits;
    this.names.forPrefix(compact, add);
    if (flush(LEVEL.namePrefix, "name-prefix")) return hits;
    // A number inside a name is a version or a network ("Bitcoin BEP2", "Tether ERC20"), never
    // what someone typing digits means: digits match codes and the start of names only.
    if (ALL_DIGITS.test(compact)) return hits;
    this.wordMatches(terms, add);
    if (flush(LEVEL.word, "word")) return hits;

    if (compact.length >= MIN_SUBSTRING) {
      // One native indexOf over all codes and names beats a loop of includes() by an order of
      // magnitude; entries are laid out in rank order, so the scan stops once the limit is met.
      let from = 0;
      while (hits.length < want) {
        const at = this.haystack.indexOf(compact, from);
        if (at < 0) break;
        const id = this.entryAt(at);
        if (seen[id] !== gen) {
          seen[id] = gen;
          hits.push(this.hit(id, LEVEL.substring, "substring"));
        }
        from = this.starts[id + 1]!;
      }
      if (hits.length >= want) return hits;
    }

    for (const { id, cost } of this.fuzzyMatches(terms, gen, want - hits.length)) {
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
   * Coins whose words match every term within the typo budget, cheapest first, then by rank, at
   * most `room` of them. A term matches a word exactly as a prefix (cost 0, for multi-word
   * queries), as a whole word within `maxTypos`, or, for the last term, as the start of a word
   * within `maxTypos` (a word still being typed).
   */
  private fuzzyMatches(terms: readonly string[], seenGen: number, room: number): Scored[] {
    if (!terms.some((term) => maxTypos(term.length) > 0)) return [];
    const round = this.fuzzy.next();
    const { at } = this.fuzzy;
    for (const [t, term] of terms.entries()) {
      let alive = 0;
      for (const id of this.termCosts(term, t === terms.length - 1, terms.length > 1)) {
        if (t === 0) {
          at[id] = round;
          this.totalCost[id] = this.termCost[id]!;
          this.termsMatched[id] = 1;
        } else if (at[id] === round && this.termsMatched[id] === t) {
          this.totalCost[id] = this.totalCost[id]! + this.termCost[id]!;
          this.termsMatched[id] = t + 1;
        } else continue;
        alive++;
      }
      if (alive === 0) return [];
    }
    // Bucketing by cost while walking ids in rank order leaves every bucket already sorted.
    const byCost: number[][] = [];
    let cheapest = 0;
    for (let id = 0; id < this.entries.length && cheapest < room; id++) {
      if (at[id] !== round || this.termsMatched[id] !== terms.length) continue;
      if (this.seen.at[id] === seenGen) continue;
      const cost = this.totalCost[id]!;
      // Cost 0 is a plain word match, found by an earlier tier.
      if (cost === 0) continue;
      byCost[cost] ??= [];
      byCost[cost]!.push(id);
      if (cost === 1) cheapest++;
    }
    const found: Scored[] = [];
    for (const [cost, ids] of byCost.entries()) {
      for (const id of ids ?? []) {
        if (found.length >= room) return found;
        found.push({ id, cost });
      }
    }
    return found;
  }

  /** Ids matching one term, each with its cheapest cost left in `termCost`. */
  private termCosts(term: string, last: boolean, exactToo: boolean): number[] {
    const gen = this.term.next();
    const { at } = this.term;
    const touched: number[] = [];
    const offer = (id: number, cost: number): void => {
      if (at[id] !== gen) {
        at[id] = gen;
        this.termCost[id] = cost;
        touched.push(id);
      } else if (cost < this.termCost[id]!) this.termCost[id] = cost;
    };
    if (exactToo) this.words.forPrefix(term, (id) => offer(id, 0));
    const max = maxTypos(term.length);
    if (max === 0) return touched;
    const m = term.length;
    const q = new CharMask();
    for (let k = 0; k < m; k++) q.add(term.charCodeAt(k));
    const prefixToo = last && m >= MIN_PREFIX_FUZZY;
    const longest = this.fuzzyByLength.length - 1;
    const hi = prefixToo ? longest : Math.min(m + max, longest);
    for (let len = Math.max(1, m - max); len <= hi; len++) {
      const bucket = this.fuzzyByLength[len];
      if (bucket === undefined) continue;
      const whole = Math.abs(len - m) <= max;
      const k = Math.min(len, m + max);
      const { masks, stride, texts } = bucket;
      for (let w = 0, base = 0; w < texts.length; w++, base += stride) {
        let cost = max + 1;
        if (whole) {
          const once = masks[base + 2 * len]!;
          const twice = masks[base + 2 * len + 1]!;
          if (q.excessOver(once, twice) <= max && excess(once, twice, q.once, q.twice) <= max) {
            cost = damerauLevenshtein(term, texts[w]!, max);
          }
        }
        // A typo in the start of a word costs the same as in a whole word, and rank decides
        // between them ("etheri": Ethereum before Ether).
        if (prefixToo && cost > 0) {
          const bound = Math.min(max, cost - 1);
          if (q.excessOver(masks[base + 2 * k]!, masks[base + 2 * k + 1]!) <= bound) {
            cost = Math.min(cost, damerauLevenshtein(term, texts[w]!, bound, true));
          }
        }
        if (cost <= max) for (const id of bucket.ids[w]!) offer(id, cost);
      }
    }
    return touched;
  }

  /** The entry whose text holds position `at` of the haystack. */
  private entryAt(at: number): number {
    let lo = 0;
    let hi = this.entries.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private hit(id: number, level: number, kind: MatchKind): SearchHit {
    return { coin: this.entries[id]!.coin, kind, score: level - id / (this.entries.length + 1) };
  }
}

function compare(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Which characters a string holds once and twice or more, one bit per character class. Each edit
 * removes at most one surplus occurrence of a character, so the surplus of one string over the
 * other (`excess`) is a lower bound of their edit distance, cheap enough to skip most of the
 * dictionary without running the distance at all.
 */
class CharMask {
  once = 0;
  twice = 0;

  add(c: number): void {
    const bit = charBit(c);
    if (this.once & bit) this.twice |= bit;
    this.once |= bit;
  }

  excessOver(once: number, twice: number): number {
    return excess(this.once, this.twice, once, twice);
  }
}

/** Occurrences in a (counted up to two per class) that b lacks. */
function excess(aOnce: number, aTwice: number, bOnce: number, bTwice: number): number {
  return popcount(aOnce & ~bOnce) + popcount(aTwice & ~bTwice);
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
 * `max + 1` as soon as it is known to exceed `max`: typo tolerance needs only small distances, so
 * only the diagonal band |i - j| <= max is computed. With `prefixOf`, the distance from `a` to the
 * closest prefix of `b`.
 */
export function damerauLevenshtein(a: string, b: string, max: number, prefixOf = false): number {
  const m = a.length;
  const big = max + 1;
  // A prefix of b longer than m + max is already more than max edits away.
  const n = prefixOf ? Math.min(b.length, m + max) : b.length;
  if (!prefixOf && Math.abs(m - n) > max) return big;
  if (!prefixOf && a === b) return 0;
  if (m === 0 || n === 0) return Math.min(prefixOf ? m : Math.max(m, n), big);
  if (rowA.length <= n) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let before = rowA;
  let prev = rowB;
  let cur = rowC;
  // Each row is written over [lo - 1, hi + 1]: the band plus a "too far" cell either side, which
  // is all the next row (and the transposition two rows down) reads.
  const top = Math.min(n, max);
  for (let j = 0; j <= top; j++) prev[j] = j;
  if (top < n) prev[top + 1] = big;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(n, i + max);
    if (lo > hi) return big;
    const ca = a.charCodeAt(i - 1);
    const caBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    cur[lo - 1] = lo === 1 ? i : big;
    let rowMin = cur[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
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
    if (hi < n) cur[hi + 1] = big;
    // Row minima never decrease (a transposition reaches back two rows but costs one more).
    if (rowMin > max) return big;
    const spare = before;
    before = prev;
    prev = cur;
    cur = spare;
  }
  let result = prev[n]!;
  if (prefixOf) {
    for (let j = Math.max(0, m - max); j < n; j++) result = Math.min(result, prev[j]!);
  }
  return result <= max ? result : big;
}
