import type { TranslateFunction } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Logger } from "../logger.ts";
import type { ExchangeMonitor } from "./exchange-monitor.ts";

/**
 * Tells the operator's admin chats when the exchange has been failing for longer than allowed or
 * has rejected the API key, once per incident, and again when it recovers.
 */
export class AdminAlerts {
  private timer: NodeJS.Timeout | undefined;
  private alerted: "down" | "unauthorized" | undefined;

  constructor(
    private readonly options: {
      api: Api;
      /** Translation for an admin chat (its /language, else English). */
      translate: (chatId: number) => TranslateFunction;
      adminChatIds: readonly number[];
      monitor: ExchangeMonitor;
      alertAfterMs: number;
      logger: Logger;
      checkEveryMs?: number;
    },
  ) {}

  start(): void {
    if (this.options.adminChatIds.length === 0) return;
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs ?? 5_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async check(now = Date.now()): Promise<void> {
    const { monitor, alertAfterMs } = this.options;
    if (monitor.unauthorized && this.alerted !== "unauthorized") {
      this.alerted = "unauthorized";
      await this.send((t) => t("alert-unauthorized"));
    } else if (
      !monitor.unauthorized &&
      monitor.failingSince > 0 &&
      now - monitor.failingSince >= alertAfterMs &&
      this.alerted === undefined
    ) {
      this.alerted = "down";
      const minutes = Math.round((now - monitor.failingSince) / 60_000);
      const since = new Date(monitor.failingSince).toISOString();
      await this.send((t) => t("alert-down", { minutes, since }));
    } else if (this.alerted && monitor.failingSince === 0 && !monitor.unauthorized) {
      this.alerted = undefined;
      await this.send((t) => t("alert-recovered"));
    }
  }

  private async send(text: (t: TranslateFunction) => string): Promise<void> {
    this.options.logger.warn({ alert: text(this.options.translate(0)) }, "admin alert");
    for (const chatId of this.options.adminChatIds) {
      const message = text(this.options.translate(chatId));
      await this.options.api.sendMessage(chatId, message).catch((error: unknown) => {
        this.options.logger.warn({ err: error, chat: chatId }, "admin alert not delivered");
      });
    }
  }
}
