import { readPages } from "../exchange/paging.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { PeriodicLoop } from "../lib/periodic-loop.ts";
import type {
  ExchangePort,
  ListedSwap,
  SwapDetail as TransactionDetail,
} from "../swaps/exchange-port.ts";
import { recordFromDetail } from "../swaps/from-exchange.ts";
import { type Intent, postOf } from "../swaps/intent.ts";
import type { ReconcileStore } from "../swaps/reconcile-store.ts";
import type { SwapOrder } from "../swaps/swap.ts";
import type { SuspectReport } from "../swaps/swap-service.ts";
import {
  amountAsOrdered,
  payoutShortfall,
  sameAddress,
  sameCode,
  verifyDetail,
} from "../swaps/verify.ts";

interface ReconcilerOptions {
  exchange: ExchangePort;
  store: ReconcileStore;
  logger: Logger;
  /** The exchange swaps are created on (recorded with each adopted one). */
  exchangeId: string;
  intervalMs: number;
  /** Where the time is read and waited for (default: the real clock); tests move it. */
  clock?: Clock;
  /**
   * A pending intent older than this has lost its POST (the process died, or recording the answer
   * failed): longer than the longest a POST can take, budget wait and deadline included. Until
   * then its POST may still be running, and adopting its swap would race the POST's own
   * recording: it is looked up sooner only when its POST is known to be over (`soleSince`,
   * `postEnded`).
   */
  pendingAfterMs: number;
  /**
   * SQLite, where one process runs (the instance lock): when this one took the database. A pending
   * intent claimed before then belongs to a process that has ended, and so has its POST: it is
   * looked up at once. Unset where other live processes create swaps too (PostgreSQL).
   */
  soleSince?: number;
  /**
   * Whether this process is creating the intent's swap now (its POST may be under way): such an
   * intent is never taken for a dead process's, whatever its `createdAt` says (the wall clock may
   * have been set back since this process started).
   */
  creating?: (intent: Pick<Intent, "key" | "createdAt">) => boolean;
  /**
   * The longest a POST can run after its intent was claimed: the wait for create budget plus the
   * POST's total deadline (headers and body). No answer can arrive later than this.
   */
  postWithinMs: number;
  /**
   * RECONCILE_GIVE_UP_MS: how far the window reaches on each side of the POST, for the exchange's
   * clock and for a transaction it records late, and how long its list may lag behind a create.
   * "Nothing was created" is said only once this long after the POST's end has passed, and only
   * after two reads of every page of the window, this long apart, both missed the swap. Safe when
   * it outlasts the exchange's clock skew and its list's lag (SAFE_WINDOW_MARGIN_MS).
   */
  windowMarginMs: number;
  /** A swap was adopted or given up on: its message is in the outbox. */
  onOutbox?: () => void;
  onSuspect?: (report: SuspectReport) => void;
}

/**
 * The least RECONCILE_GIVE_UP_MS (the window's margin, and the span between the two reads that
 * must both miss a swap before "nothing was created" is said) that outlasts the list lag and
 * clock skew seen from exchanges: lists lag seconds, rarely tens of seconds. A smaller one is
 * for tests; the bot warns at start-up (app/background.ts).
 */
export const SAFE_WINDOW_MARGIN_MS = 60_000;

/** Read first at this page size; a lower cap is learned from the answers (and remembered). */
const FIRST_PAGE_SIZE = 500;
/** A lookup that failed waits this long at most before its next try. */
const MAX_RETRY_MS = 60_000;

/** What the reconciler knows about one intent's search between passes (in memory only). */
interface Lookup {
  /** The window around the POST, unix ms, as `dateFrom`/`dateTo`. */
  from: number;
  to: number;
  /** Not before this: a failed lookup, or a window still open, waits its turn. */
  nextAt: number;
  failures: number;
  /** Inconclusive reads of the window while it was still open. */
  earlyReads: number;
  /**
   * How many items a read of the closed window got through (its content no longer changes): the
   * next read resumes after them instead of reading them again.
   */
  read?: number;
  /** Candidates whose detail showed another order: never read again. */
  notOurs: Set<string>;
  /**
   * When a read of the closed window first got to its end without the swap. A list that lags
   * behind the exchange's creates may leave the swap out of that read: "nothing was created" is
   * said only after another whole read, begun `windowMarginMs` later, misses it too.
   */
  absentSince?: number;
  /**
   * A transaction with the order's coins, amount and payout address on other networks than the
   * order names: the swap opened on the exchange's default network, most likely. Adopted (as not
   * matching the order) when the closed window holds nothing better: saying that nothing was
   * created would lose track of it.
   */
  otherNetwork?: TransactionDetail;
}

/** The outcome of reading an intent's window once. */
type Search =
  | { kind: "found"; detail: TransactionDetail }
  /** Every page of the window was read, none was the swap. */
  | { kind: "absent"; pages: number }
  /** The read stopped before the end (its safety stop). */
  | { kind: "unfinished"; pages: number };

/**
 * Resolves every confirmation whose outcome nobody knows (a POST answer lost to a timeout, a 5xx or
 * a broken connection; a process that died mid-POST): the transaction may exist upstream. It reads
 * the window around the POST (`dateFrom`/`dateTo`, every page of it, so no number of later
 * transactions on the key can hide the swap), looks for the same coins, exact amount, payout
 * address and networks, and adopts the match into the chat (its deposit address goes out through
 * the outbox), so no deposit address goes untracked. A pending intent is looked up once its POST
 * is over: known at once when its process has ended or this one saw it end, else once it is older
 * than the longest a POST can take. The chat is told that nothing was created only when the
 * window, closed, was read to its end without a match twice, a margin apart (a list may lag):
 * never because a read failed or took long. A transaction that matches but for a network is adopted then instead (marked as
 * not matching: its address is never shown), since one was created after all. Each intent is looked up on its own: one whose reads keep failing is retried with
 * backoff and holds no other back. It never creates a transaction, and never speaks to Telegram.
 */
export class Reconciler {
  private readonly clock: Clock;
  private readonly loop: PeriodicLoop;
  /** The pass under way's: aborts its reads when the bot stops. */
  private signal: AbortSignal = new AbortController().signal;
  private readonly lookups = new Map<string, Lookup>();
  /** Pending intents whose POST this process saw end unrecorded (`postEnded`): when it ended. */
  private readonly ended = new Map<string, number>();
  /** The list's page-size cap, shared with the tracker through the store. */
  private pageCap: number | undefined;

  constructor(private readonly options: ReconcilerOptions) {
    this.clock = options.clock ?? realClock;
    const { intervalMs } = options;
    this.loop = new PeriodicLoop({
      clock: this.clock,
      pass: (signal) => this.run(signal),
      // Failing passes back off (up to a minute): they share the read budget with /status.
      delayAfter: ({ failures }) =>
        Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, 60_000)),
      onFailure: (error) =>
        options.logger.warn({ err: error }, "reconciliation failed; will retry"),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * The POST of `intent` is over but its outcome was not stored (the write failed; the intent stays
   * pending): it is looked up at once rather than once `pendingAfterMs` has passed. In memory: after
   * a restart, `soleSince` covers it (SQLite), or the wait does.
   */
  postEnded(intent: Pick<Intent, "key" | "createdAt">): void {
    const now = this.clock.now();
    // Past the wait it is looked up anyway: an instance whose reconciler is not running (a
    // standby) keeps no more than that.
    for (const [id, at] of this.ended) {
      if (at < now - this.options.pendingAfterMs) this.ended.delete(id);
    }
    this.ended.set(lookupId(intent), now);
    this.loop.wake();
  }

  /** One pass over the unresolved intents: each one whose turn has come is looked up once. */
  async run(signal: AbortSignal = new AbortController().signal): Promise<void> {
    this.signal = signal;
    const { store, logger, pendingAfterMs, soleSince } = this.options;
    const waitedOut = this.clock.now() - pendingAfterMs;
    const pendingBefore = Math.max(waitedOut, soleSince ?? 0);
    // A POST seen to end may be younger than that: then every pending one is listed, and sorted.
    const ended = [...this.ended.keys()];
    const listed = await store.listUnresolved(
      ended.length > 0 ? Number.MAX_SAFE_INTEGER : pendingBefore,
      [this.options.exchangeId],
    );
    // One no longer listed was resolved (or confirmed again: a new POST).
    const listedIds = new Set(listed.map(lookupId));
    for (const id of ended) if (!listedIds.has(id)) this.ended.delete(id);
    const intents = listed.filter(
      (intent) =>
        intent.state !== "pending" ||
        intent.createdAt < waitedOut ||
        this.ended.has(lookupId(intent)) ||
        this.claimedByEnded(intent),
    );
    const live = new Set<string>();
    for (const intent of intents) {
      if (signal.aborted) return;
      const id = lookupId(intent);
      live.add(id);
      const lookup = this.lookupFor(id, intent);
      if (this.clock.now() < lookup.nextAt) continue;
      try {
        await this.resolve(intent, lookup);
        lookup.failures = 0;
      } catch (error) {
        if (signal.aborted) return;
        // This intent waits and tries again; the others go on.
        lookup.failures++;
        const waitMs = Math.min(this.options.intervalMs * 2 ** lookup.failures, MAX_RETRY_MS);
        lookup.nextAt = this.clock.now() + waitMs;
        logger.warn(
          { err: error, intent: intent.key, failures: lookup.failures, retryInMs: waitMs },
          "looking up a lost create answer failed; will retry",
        );
      }
    }
    for (const id of this.lookups.keys()) if (!live.has(id)) this.lookups.delete(id);
  }

  private lookupFor(id: string, intent: Intent): Lookup {
    let lookup = this.lookups.get(id);
    if (!lookup) {
      const { windowMarginMs } = this.options;
      lookup = {
        from: intent.createdAt - windowMarginMs,
        to: this.postEndOf(intent) + windowMarginMs,
        nextAt: 0,
        failures: 0,
        earlyReads: 0,
        notOurs: new Set(),
      };
      this.lookups.set(id, lookup);
    }
    return lookup;
  }

  /**
   * When the intent's POST was over at the latest: its deadline, or sooner when something tells:
   * an intent marked unknown got its POST's error then; this process saw it end; the process
   * that claimed it had ended when this one took the database.
   */
  private postEndOf(intent: Intent): number {
    const { postWithinMs, soleSince } = this.options;
    const deadline = intent.createdAt + postWithinMs;
    const seen =
      intent.state === "unknown"
        ? intent.updatedAt
        : (this.ended.get(lookupId(intent)) ??
          (soleSince !== undefined && this.claimedByEnded(intent) ? soleSince : deadline));
    return Math.min(deadline, seen);
  }

  /** Claimed by a process that has ended: before this one took the database (SQLite). */
  private claimedByEnded(intent: Intent): boolean {
    const { soleSince, creating } = this.options;
    return (
      soleSince !== undefined && intent.createdAt < soleSince && !(creating?.(intent) ?? false)
    );
  }

  private async resolve(intent: Intent, lookup: Lookup): Promise<void> {
    const { store, logger } = this.options;
    // Only a read begun after the window closed can prove that the swap is not in it.
    const closed = this.clock.now() > lookup.to;
    const search = await this.search(intent, lookup, closed);
    if (search.kind === "found") {
      await this.adopt(intent, search.detail);
      this.lookups.delete(lookupId(intent));
    } else if (search.kind === "absent" && closed && lookup.otherNetwork) {
      await this.adopt(intent, lookup.otherNetwork);
      this.lookups.delete(lookupId(intent));
    } else if (search.kind === "absent" && closed && this.mayLag(lookup)) {
      // Read the whole window again, from its first page, once a list's lag is over.
      lookup.read = undefined;
      lookup.nextAt = (lookup.absentSince ?? 0) + this.options.windowMarginMs;
    } else if (search.kind === "absent" && closed) {
      await store.giveUp(intent, "not found upstream");
      logger.info({ intent: intent.key, chat: intent.chatId }, "no swap was created after all");
      this.lookups.delete(lookupId(intent));
      this.options.onOutbox?.();
    } else if (!closed) {
      // Looking early finds most lost answers at once. While the window stays open, look less
      // and less often, a busy window (many pages a read) less often still; and once more as
      // soon as it has closed.
      lookup.earlyReads++;
      const backoff = this.options.intervalMs * 2 ** lookup.earlyReads * Math.max(1, search.pages);
      lookup.nextAt = Math.min(this.clock.now() + backoff, lookup.to + 1);
    }
  }

  /**
   * Whether a read of the closed window that missed the swap may have missed it for a lagging
   * list: true for the first such read (it is remembered), and for any begun less than
   * `windowMarginMs` after it.
   */
  private mayLag(lookup: Lookup): boolean {
    const now = this.clock.now();
    if (lookup.absentSince === undefined) {
      lookup.absentSince = now;
      return true;
    }
    return now - lookup.absentSince < this.options.windowMarginMs;
  }

  /** Reads the intent's window, newest first, from where an earlier read of it stopped. */
  private async search(intent: Intent, lookup: Lookup, closed: boolean): Promise<Search> {
    const { exchange, store } = this.options;
    const signal = this.signal;
    this.pageCap ??= await store.loadPageCap();
    const size = this.pageCap ?? FIRST_PAGE_SIZE;
    const resumeAt = closed && lookup.read && lookup.read % size === 0 ? lookup.read / size + 1 : 1;
    const dateFrom = new Date(lookup.from).toISOString();
    const dateTo = new Date(lookup.to).toISOString();
    let found: TransactionDetail | undefined;
    let complete = false;
    const { pages } = await readPages<ListedSwap>({
      size,
      firstPage: resumeAt,
      fetchPage: (page, pageSize) =>
        exchange.listTransactions(
          { page, size: pageSize, dateFrom, dateTo },
          { signal, background: true },
        ),
      onCap: async (cap) => {
        this.pageCap = cap;
        await store.savePageCap(cap);
      },
      onPage: async (items, progress) => {
        for (const item of items) {
          if (lookup.notOurs.has(item.id) || !listedAsOrder(intent.request, item)) continue;
          if (await store.isKnownSwap(item.id)) continue;
          // The list lacks the payout address (and the networks): the detail decides.
          const detail = await exchange.getTransaction(item.id, { signal, background: true });
          const match = matchOf(intent.request, detail);
          if (match === "same") {
            found = detail;
            return false;
          }
          if (match === "other network") lookup.otherNetwork ??= detail;
          lookup.notOurs.add(item.id);
        }
        complete = items.length === 0 || progress.fetched >= progress.count;
        if (closed) lookup.read = progress.fetched;
        return true;
      },
    });
    if (found) return { kind: "found", detail: found };
    return complete ? { kind: "absent", pages } : { kind: "unfinished", pages };
  }

  private async adopt(intent: Intent, detail: TransactionDetail): Promise<void> {
    const { logger, exchangeId } = this.options;
    // Checked like a swap whose POST answered: the order, and the fixed payout confirmed.
    const record = recordFromDetail(detail, intent.request, { exchange: exchangeId });
    const short = intent.fixedAmountOut
      ? payoutShortfall(intent.request, intent.fixedAmountOut, record.amountOutExpected)
      : undefined;
    const mismatches = [...verifyDetail(intent.request, detail), ...(short ? [short] : [])];
    const suspect = mismatches.length > 0;
    await this.options.store.adopt(intent.key, { ...record, suspect });
    if (suspect) {
      logger.error(
        { transaction: detail.id, chat: intent.chatId, order: intent.request, detail, mismatches },
        "adopted swap does not match the order: deposit address withheld",
      );
      this.options.onSuspect?.({ swapId: detail.id, chatId: intent.chatId, mismatches });
    } else {
      logger.info(
        { transaction: detail.id, chat: intent.chatId },
        "adopted a transaction created by a POST whose answer was lost",
      );
    }
    this.options.onOutbox?.();
  }
}

/** A confirmed summary may be confirmed again after a failure: each POST is its own search. */
const lookupId = postOf;

/**
 * What the list shows agrees with the order (what it leaves out is read from the detail). Its
 * networks, when it names them, are left to the detail: see `matchOf`.
 */
function listedAsOrder(order: SwapOrder, item: ListedSwap): boolean {
  return (
    sameCode(order.coinFrom, item.coinFrom) &&
    sameCode(order.coinTo, item.coinTo) &&
    amountAsOrdered(order, item.amountIn) &&
    (item.withdrawalAddress === undefined ||
      sameAddress(order.withdrawalAddress, item.withdrawalAddress))
  );
}

/**
 * `same`: the order's coins, exact amount and payout address, and its networks where both name
 * one. `other network`: all that but a network. `none`: another order.
 */
function matchOf(order: SwapOrder, detail: TransactionDetail): "same" | "other network" | "none" {
  const sameOrder =
    sameCode(order.coinFrom, detail.coinFrom) &&
    sameCode(order.coinTo, detail.coinTo) &&
    amountAsOrdered(order, detail.amountIn) &&
    sameAddress(order.withdrawalAddress, detail.withdrawalAddress);
  if (!sameOrder) return "none";
  const sameNetworks =
    sameNetwork(order.networkFrom, detail.networkFrom) &&
    sameNetwork(order.networkTo, detail.networkTo);
  return sameNetworks ? "same" : "other network";
}

/** Networks count only when both the order and the answer name one. */
function sameNetwork(ordered: string | undefined, got: string | null | undefined): boolean {
  return !ordered || !got || sameCode(ordered, got);
}
