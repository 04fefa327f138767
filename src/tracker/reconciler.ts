import type { I18n } from "@grammyjs/i18n";
import { type Api, InputFile } from "grammy";
import type { FlowContext } from "../bot/context.ts";
import { translator } from "../bot/i18n.ts";
import { type DepositView, depositQr, depositText } from "../bot/shared/deposit-message.ts";
import { statusName } from "../bot/shared/status-name.ts";
import type { CreateTransactionRequest, ExchangeClient } from "../exchange/client.ts";
import type { CreatedTransaction } from "../exchange/schemas.ts";
import { compareDecimal, formatDecimal } from "../lib/decimal.ts";
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
        .catch((error: unknown) => {
          this.options.logger.warn({ err: error }, "reconciliation failed; will retry");
        })
        .finally(() => {
          this.running = undefined;
          this.schedule(this.options.intervalMs);
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
    const dateFrom = new Date(intent.createdAt - CLOCK_SLACK_MS).toISOString();
    const { request } = intent;
    for (let page = 1; page <= 3; page++) {
      const list = await exchange.listTransactions(
        { page, size: 100, dateFrom },
        { signal: this.abort.signal },
      );
      for (const item of list.data) {
        const samePair =
          item.coin_from.toLowerCase() === request.coinFrom.toLowerCase() &&
          item.coin_to.toLowerCase() === request.coinTo.toLowerCase();
        if (!samePair || store.isKnownTransaction(item.id)) continue;
        if (compareDecimal(formatDecimal(item.amount_in, 18), request.amount) !== 0) continue;
        // The list does not carry the payout address: the detail decides.
        const detail = await exchange.getTransaction(item.id, { signal: this.abort.signal });
        if (detail.withdrawal_address !== request.withdrawalAddress) continue;
        return {
          id: detail.id,
          status: detail.status,
          coin_from: detail.coin_from,
          coin_to: detail.coin_to,
          amount_in: detail.amount_in,
          amount_out_expected: detail.amount_out ?? 0,
          deposit_address: detail.deposit_address,
          withdrawal_address: detail.withdrawal_address,
          rate_type: detail.rate_type,
          created_at: detail.created_at,
        };
      }
      if (list.data.length === 0 || page * 100 >= list.count) break;
    }
    return undefined;
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
