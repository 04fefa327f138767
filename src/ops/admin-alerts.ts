import type { TranslateFunction } from "@grammyjs/i18n";
import type { Api } from "grammy";
import type { Awaitable } from "../lib/awaitable.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { PeriodicLoop } from "../lib/periodic-loop.ts";
import type { SuspectReport } from "../swaps/swap-service.ts";
import type { ExchangeMonitor } from "./exchange-monitor.ts";

/**
 * Tells the operator's admin chats when one exchange has been failing for longer than allowed or
 * has rejected the API key (or is out of the offers for it), once per incident, and again when it
 * recovers: one per exchange, over its monitor, each alert naming its exchange.
 */
export class AdminAlerts {
  private readonly loop: PeriodicLoop;
  private alerted: "down" | "unauthorized" | undefined;
  /** The take-outs already told (see takenOut). */
  private toldOuts = 0;

  constructor(
    private readonly options: {
      api: Api;
      /** Translation for an admin chat (its /language, else English). */
      translate: (chatId: number) => Awaitable<TranslateFunction>;
      adminChatIds: readonly number[];
      monitor: ExchangeMonitor;
      /** How the alerts name the exchange: its label ("LetsExchange"). */
      exchange: string;
      /** The setting that holds its API key, named when the exchange refuses it. */
      keySetting: string;
      /**
       * Whether the exchange is out of the offers for a refused key now, and how many times it
       * has been taken out (ExchangeSet.whyOut, timesOut): one back before a check is told too.
       */
      takenOut?: () => { now: boolean; times: number };
      alertAfterMs: number;
      logger: Logger;
      checkEveryMs?: number;
      /**
       * Rejects once this instance does not lead (several instances): a former leader's check
       * sends nothing, so an incident is told once, by the leader.
       */
      fence?: () => Promise<void>;
      clock?: Clock;
    },
  ) {
    const clock = options.clock ?? realClock;
    this.loop = new PeriodicLoop({
      clock,
      pass: async () => {
        await options.fence?.();
        await this.check(clock.now());
      },
      delayAfter: () => options.checkEveryMs ?? 5_000,
    });
  }

  start(): void {
    if (this.options.adminChatIds.length === 0) return;
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  async check(now = Date.now()): Promise<void> {
    const { monitor, alertAfterMs, exchange } = this.options;
    const out = this.options.takenOut?.() ?? { now: false, times: 0 };
    const freshOut = out.times > this.toldOuts;
    this.toldOuts = out.times;
    const unauthorized = monitor.unauthorized || out.now || freshOut;
    if (unauthorized && this.alerted !== "unauthorized") {
      this.alerted = "unauthorized";
      const setting = this.options.keySetting;
      await this.send((t) => t("alert-unauthorized", { exchange, setting }));
    } else if (
      !unauthorized &&
      monitor.failingSince > 0 &&
      now - monitor.failingSince >= alertAfterMs &&
      this.alerted === undefined
    ) {
      this.alerted = "down";
      const minutes = Math.round((now - monitor.failingSince) / 60_000);
      const since = new Date(monitor.failingSince).toISOString();
      await this.send((t) => t("alert-down", { exchange, minutes, since }));
    } else if (this.alerted && monitor.failingSince === 0 && !unauthorized) {
      this.alerted = undefined;
      await this.send((t) => t("alert-recovered", { exchange }));
    }
  }

  /** A created swap disagrees with what its user confirmed: the operator must look at it. */
  reportSuspect(report: SuspectReport): void {
    const fields = report.mismatches.map((m) => m.field).join(", ");
    void this.send((t) => t("alert-suspect", { id: report.swapId, chat: report.chatId, fields }));
  }

  private async send(text: (t: TranslateFunction) => string): Promise<void> {
    this.options.logger.warn({ alert: text(await this.options.translate(0)) }, "admin alert");
    for (const chatId of this.options.adminChatIds) {
      const message = text(await this.options.translate(chatId));
      await this.options.api.sendMessage(chatId, message).catch((error: unknown) => {
        this.options.logger.warn({ err: error, chat: chatId }, "admin alert not delivered");
      });
    }
  }
}
