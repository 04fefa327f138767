import type { SandboxCoin } from "./coins.ts";
import type { Dialect } from "./dialect.ts";
import type { Faults } from "./faults.ts";
import type { RateLimiter } from "./limits.ts";
import type { SandboxMarket } from "./pricing.ts";
import type { StatsCounter } from "./stats.ts";
import type { TransactionStore } from "./store.ts";
import type { Hangs, Sleeps } from "./timers.ts";

/**
 * Deviations from the spec seen at real exchanges; all off by default. They bend the `spec`
 * dialect; `exolix` has its own shapes (errors, 201, memo spelling, 422) and only
 * `numbersAsStrings`, `sizeOverCapAs400`, `createdAtSeconds` and `nullHashLinks` apply to it.
 */
export interface Quirks {
  /** Out-of-range amounts on GET /rate and POST /transactions answer 422 with the limits. */
  rangeAs422: boolean;
  /**
   * An out-of-range amount on GET /rate answers 400 in the spec's error shape, `{message, code}`,
   * which names the limit only in its words ("amount 1e-8 is below the minimum of 0.0003 BTC"),
   * as POST /transactions does, instead of a quote with a `message`.
   */
  rangeAs400: boolean;
  /** Error bodies: `{message, code}` (the spec), `{error: "..."}` or `{errors: {field: "..."}}`. */
  errorStyle: "message" | "error" | "errors";
  /** POST /transactions answers 201 instead of 200. */
  created201: boolean;
  /** Every number in a response is written as a JSON string ("0.5"). */
  numbersAsStrings: boolean;
  /** A `size` above the page-size cap answers 400 naming `size`, instead of a shorter page. */
  sizeOverCapAs400: boolean;
  /**
   * `created_at` is shown rounded to the whole second ("…T12:00:01Z"), while dateFrom/dateTo
   * still compare the exact creation time: a filter from a shown time can miss by up to 0.5 s.
   */
  createdAtSeconds: boolean;
  /**
   * How deposit memos are spelled in create answers and details: `deposit_extra_id` (the API's
   * snake case) or `depositExtraId` (as Exolix answers).
   */
  memoField: "deposit_extra_id" | "depositExtraId";
  /** Exolix: `hashIn.link` / `hashOut.link` stay null even once the hash is known (CAKE's mock). */
  nullHashLinks: boolean;
}

export const SPEC_QUIRKS: Quirks = {
  rangeAs422: false,
  rangeAs400: false,
  errorStyle: "message",
  created201: false,
  numbersAsStrings: false,
  sizeOverCapAs400: false,
  createdAtSeconds: false,
  memoField: "deposit_extra_id",
  nullHashLinks: false,
};

export interface PageSizeCap {
  currencies: number;
  transactions: number;
}

/** Everything the HTTP side and the control side share. */
export interface SandboxState {
  /** How every answer is spelled; fixed for the sandbox's life. */
  dialect: Dialect;
  coins: readonly SandboxCoin[];
  byCode: ReadonlyMap<string, SandboxCoin>;
  /** Networks whose deposits and payouts take a memo (see memos.ts). */
  memoNetworks: ReadonlySet<string>;
  store: TransactionStore;
  faults: Faults;
  /** Undefined: unlimited. */
  limiter: RateLimiter | undefined;
  apiKey: string;
  pageSizeCap: PageSizeCap;
  quirks: Quirks;
  stats: StatsCounter;
  sleeps: Sleeps;
  /** Requests held without an answer while the sandbox is down in the `hang` mode. */
  hangs: Hangs;
  /** How this sandbox's rates and limits differ from the catalog's (see pricing.ts). */
  market: SandboxMarket;
  logger: ((line: string) => void) | undefined;
}
