import type { ExchangeClient } from "../exchange/client.ts";
import { readPages } from "../exchange/paging.ts";
import type { TransactionDetail, TransactionListItem } from "../exchange/schemas.ts";
import { compareDecimal, formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import type { Logger } from "../lib/logger.ts";
import { recordFromDetail } from "../swaps/from-exchange.ts";
import type { Intent, ReconcileStore } from "../swaps/ports.ts";
import type { SuspectReport } from "../swaps/swap-service.ts";
import { verifyDetail } from "../swaps/verify.ts";

export interface ReconcilerOptions {
  exchange: ExchangeClient;
  store: ReconcileStore;
  logger: Logger;
  /** The exchange swaps are created on (recorded with each adopted one). */
  exchangeId: string;
  intervalMs: number;
  /**
   * A pending intent older than this has lost its POST (the process died, or recording the answer
   * failed): longer than the longest a POST can take, budget wait and timeout included.
   */
  pendingAfterMs: number;
  /** How long to keep looking before telling the user nothing was created. */
  giveUpAfterMs?: number;
  /** A swap was adopted or given up on: its message is in the outbox. */
  onOutbox?: () => void;
  onSuspect?: (report: SuspectReport) => void;
}

/** Creation times may differ a little between our clock and the exchange's. */
const CLOCK_SLACK_MS = 2 * 60_000;

/**
 * Resolves every confirmation whose outcome nobody knows (a POST answer lost to a timeout, a 5xx or
 * a broken connection; a process that died mid-POST): the transaction may exist upstream. It looks
 * among recent transactions for the same coin pair, amount and payout address and adopts the match
 * into the chat (its deposit address goes out through the outbox), so no deposit address goes
 * untracked; after `giveUpAfterMs` the chat is told that nothing was created. It never creates a
 * transaction, and it never speaks to Telegram itself.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private failures = 0;
  private abort = new AbortController();

  constructor(private readonly options: ReconcilerOptions) {}

  start(): void {
    this.stopped = false;
    this.abort = new AbortController();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .then(() => {
          this.failures = 0;
        })
        .catch((error: unknown) => {
          this.failures++;
          this.options.logger.warn({ err: error }, "reconciliation failed; will retry");
        })
        .finally(() => {
          this.running = undefined;
          // Failing passes back off (up to a minute): they share the read budget with /status.
          const { intervalMs } = this.options;
          this.schedule(Math.min(intervalMs * 2 ** this.failures, Math.max(intervalMs, 60_000)));
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One pass over the unresolved intents. */
  async run(): Promise<void> {
    const { store, logger } = this.options;
    const now = Date.now();
    for (const intent of await store.unresolvedIntents(now - this.options.pendingAfterMs)) {
      if (this.stopped) return;
      const found = await this.find(intent);
      if (found) {
        await this.adopt(intent, found);
      } else if (now - intent.createdAt > (this.options.giveUpAfterMs ?? 5 * 60_000)) {
        await store.giveUp(intent, "not found upstream");
        logger.info({ intent: intent.key, chat: intent.chatId }, "no swap was created after all");
        this.options.onOutbox?.();
      }
    }
  }

  private async find(intent: Intent): Promise<TransactionDetail | undefined> {
    const { exchange, store } = this.options;
    const signal = this.abort.signal;
    const dateFrom = new Date(intent.createdAt - CLOCK_SLACK_MS).toISOString();
    const { request } = intent;
    const sameOrder = (item: TransactionListItem) =>
      item.coin_from.toLowerCase() === request.coinFrom.toLowerCase() &&
      item.coin_to.toLowerCase() === request.coinTo.toLowerCase() &&
      compareDecimal(formatDecimal(item.amount_in, MAX_FRACTION_DIGITS), request.amount) === 0;
    let found: TransactionDetail | undefined;
    // Newest first from just before the intent: the swap, if it exists, is on the first pages.
    // The documented default size is one every exchange accepts, whatever its cap.
    await readPages<TransactionListItem>({
      size: 20,
      maxPages: 5,
      fetchPage: (page, size) => exchange.listTransactions({ page, size, dateFrom }, { signal }),
      onPage: async (items) => {
        for (const item of items.filter(sameOrder)) {
          if (await store.isKnownSwap(item.id)) continue;
          // The list does not carry the payout address: the detail decides.
          const detail = await exchange.getTransaction(item.id, { signal });
          if (detail.withdrawal_address !== request.withdrawalAddress) continue;
          found = detail;
          return false;
        }
        return true;
      },
    });
    return found;
  }

  private async adopt(intent: Intent, detail: TransactionDetail): Promise<void> {
    const { logger, exchangeId } = this.options;
    const mismatches = verifyDetail(intent.request, detail);
    const suspect = mismatches.length > 0;
    await this.options.store.adopt(
      intent.key,
      recordFromDetail(detail, intent.request, { exchange: exchangeId, suspect }),
    );
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
