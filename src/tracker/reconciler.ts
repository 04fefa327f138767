import type { I18n } from "@grammyjs/i18n";
import { type Api, InputFile } from "grammy";
import type { FlowContext } from "../bot/context.ts";
import { translator } from "../bot/i18n.ts";
import { type DepositView, depositQr, depositText } from "../bot/shared/deposit-message.ts";
import { statusName } from "../bot/shared/status-name.ts";
import type { CreateTransactionRequest, ExchangeClient } from "../exchange/client.ts";
import { readPages } from "../exchange/paging.ts";
import type {
  CreatedTransaction,
  TransactionDetail,
  TransactionListItem,
} from "../exchange/schemas.ts";
import { compareDecimal, formatDecimal, MAX_FRACTION_DIGITS } from "../lib/decimal.ts";
import type { Logger } from "../logger.ts";
import { toView } from "../swaps/swap-service.ts";

export interface UnknownIntent {
  key: string;
  chatId: number;
  userId: number;
  request: CreateTransactionRequest;
  /** When the POST was sent (unix ms). */
  createdAt: number;
}

export interface ReconcileStore {
  unknownIntents(): UnknownIntent[];
  isKnownTransaction(id: string): boolean;
  /** Records the found transaction for the intent's chat and closes the intent, atomically. */
  adopt(intent: UnknownIntent, created: CreatedTransaction, view: DepositView): void;
  giveUp(intentKey: string, reason: string): void;
  setStatusCard(transactionId: string, messageId: number): void;
  chatLanguage(chatId: number): string | undefined;
}

export interface ReconcilerOptions {
  exchange: ExchangeClient;
  store: ReconcileStore;
  api: Api;
  i18n: I18n<FlowContext>;
  logger: Logger;
  sandbox: boolean;
  intervalMs: number;
  /** How long to keep looking before telling the user nothing was created. */
  giveUpAfterMs?: number;
}

/** Creation times may differ a little between our clock and the exchange's. */
const CLOCK_SLACK_MS = 2 * 60_000;

/**
 * Resolves POST /transactions calls whose answer was lost (timeout, dropped connection): the
 * transaction may exist upstream. It looks among recent transactions for the same coin pair,
 * amount and payout address, adopts the match into the chat and sends its deposit address, so no
 * deposit address ever goes untracked; it never creates a second transaction.
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

  /** One pass over the intents whose outcome is unknown. */
  async run(): Promise<void> {
    for (const intent of this.options.store.unknownIntents()) {
      if (this.stopped) return;
      const found = await this.find(intent);
      if (found) {
        await this.adopt(intent, found);
      } else if (Date.now() - intent.createdAt > (this.options.giveUpAfterMs ?? 5 * 60_000)) {
        this.options.store.giveUp(intent.key, "not found upstream");
        await this.tell(intent.chatId, (t) => t("reconcile-not-created"));
      }
    }
  }

  private async find(intent: UnknownIntent): Promise<CreatedTransaction | undefined> {
    const { exchange, store } = this.options;
    const signal = this.abort.signal;
    const dateFrom = new Date(intent.createdAt - CLOCK_SLACK_MS).toISOString();
    const { request } = intent;
    const sameOrder = (item: TransactionListItem) =>
      item.coin_from.toLowerCase() === request.coinFrom.toLowerCase() &&
      item.coin_to.toLowerCase() === request.coinTo.toLowerCase() &&
      compareDecimal(formatDecimal(item.amount_in, MAX_FRACTION_DIGITS), request.amount) === 0 &&
      !store.isKnownTransaction(item.id);
    let found: CreatedTransaction | undefined;
    // Newest first from just before the intent: the swap, if it exists, is on the first pages.
    // The documented default size is one every exchange accepts, whatever its cap.
    await readPages<TransactionListItem>({
      size: 20,
      maxPages: 5,
      fetchPage: (page, size) => exchange.listTransactions({ page, size, dateFrom }, { signal }),
      onPage: async (items) => {
        for (const item of items.filter(sameOrder)) {
          // The list does not carry the payout address: the detail decides.
          const detail = await exchange.getTransaction(item.id, { signal });
          if (detail.withdrawal_address !== request.withdrawalAddress) continue;
          found = asCreated(detail);
          return false;
        }
        return true;
      },
    });
    return found;
  }

  private async adopt(intent: UnknownIntent, created: CreatedTransaction): Promise<void> {
    const view = toView(created, intent.request, this.options.sandbox);
    this.options.store.adopt(intent, created, view);
    this.options.logger.info(
      { transaction: created.id, chat: intent.chatId },
      "adopted a transaction created by a POST whose answer was lost",
    );
    await this.tell(intent.chatId, async (t, api) => {
      await api
        .sendPhoto(
          intent.chatId,
          new InputFile(await depositQr(view.depositAddress), "deposit-address.png"),
          {
            caption: t("deposit-qr-caption", {
              amount: view.amountIn,
              from: view.coinFrom.toUpperCase(),
            }),
          },
        )
        .catch(() => undefined);
      const card = await api.sendMessage(
        intent.chatId,
        `${t("reconcile-found")}\n\n${depositText(t, view, statusName(t, view.status))}`,
        { link_preview_options: { is_disabled: true } },
      );
      this.options.store.setStatusCard(view.id, card.message_id);
      return undefined;
    });
  }

  private async tell(
    chatId: number,
    write: (
      t: ReturnType<typeof translator>,
      api: Api,
    ) => string | undefined | Promise<string | undefined>,
  ): Promise<void> {
    const t = translator(this.options.i18n, this.options.store.chatLanguage(chatId) ?? "en");
    try {
      const text = await write(t, this.options.api);
      if (text) await this.options.api.sendMessage(chatId, text);
    } catch (error) {
      this.options.logger.warn({ err: error, chat: chatId }, "reconciliation message failed");
    }
  }
}

/** A found transaction as POST would have answered it. */
function asCreated(detail: TransactionDetail): CreatedTransaction {
  // Before payout some exchanges report amount_out as 0: the estimate is then amount × rate.
  const estimate = detail.rate ? detail.amount_in * detail.rate : 0;
  return {
    id: detail.id,
    status: detail.status,
    coin_from: detail.coin_from,
    coin_to: detail.coin_to,
    amount_in: detail.amount_in,
    amount_out_expected: detail.amount_out || estimate,
    deposit_address: detail.deposit_address,
    withdrawal_address: detail.withdrawal_address,
    rate_type: detail.rate_type,
    created_at: detail.created_at,
  };
}
