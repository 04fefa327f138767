import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bot, webhookCallback } from "grammy";
import type { BotContext } from "../bot/context.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * Telegram closes a webhook request after 60 s and sends the update again (tdlib/telegram-bot-api
 * #211, #341): an update still running by then is answered anyway, before Telegram gives up.
 */
const ANSWER_BY_MS = 50_000;

/** At a stop, how long a finished update's answer may take to go out before connections are cut. */
const FLUSH_MS = 1_000;

export interface WebhookOptions {
  url: string;
  secret: string;
  port: number;
  host?: string;
  /** Waits (bounded) for the updates still being handled once no more are taken. */
  drain(): Promise<void>;
}

/**
 * Webhook mode: Telegram POSTs updates to `url`; only requests carrying the secret token are
 * processed (grammY answers the others 401). The webhook is registered with that secret.
 *
 * Telegram is answered once the update has been handled, not earlier: it sends a chat's next
 * update only after that answer, so one chat's updates stay in order even across instances, and
 * an update lost to a crash mid-way is delivered again instead of being confirmed unhandled.
 */
export async function startWebhook(bot: Bot<BotContext>, options: WebhookOptions, logger: Logger) {
  let stopping = false;
  const open = new Set<ServerResponse>();
  let allAnswered: (() => void) | undefined;
  const handle = webhookCallback(bot, "http", {
    secretToken: options.secret,
    onTimeout: () => {
      logger.warn({ afterMs: ANSWER_BY_MS }, "webhook update still running; answered Telegram");
    },
    timeoutMilliseconds: ANSWER_BY_MS,
  });
  const path = new URL(options.url).pathname || "/";
  const server = createServer((req, res) => {
    if (req.method !== "POST" || (req.url ?? "/").split("?")[0] !== path) {
      res.writeHead(404).end();
      return;
    }
    if (stopping) {
      // Not taken: Telegram keeps the update and delivers it again (to the next instance).
      res.writeHead(503, { connection: "close" }).end();
      return;
    }
    open.add(res);
    res.once("close", () => {
      open.delete(res);
      if (open.size === 0) allAnswered?.();
    });
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error }, "webhook update failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "0.0.0.0", resolve);
  });
  await bot.api.setWebhook(options.url, {
    secret_token: options.secret,
    allowed_updates: [
      "message",
      "callback_query",
      "inline_query",
      "chosen_inline_result",
      "my_chat_member",
    ],
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, path }, "webhook registered; serving updates");
  return {
    port,
    /** Stops taking updates, waits (bounded) for those being handled, then closes the server. */
    async stop(): Promise<void> {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await options.drain();
      if (open.size > 0) {
        await new Promise<void>((resolve) => {
          allAnswered = resolve;
          setTimeout(resolve, FLUSH_MS);
        });
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
