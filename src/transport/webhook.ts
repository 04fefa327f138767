import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bot, webhookCallback } from "grammy";
import type { BotContext } from "../bot/context.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * Webhook mode: Telegram POSTs updates to `url`; only requests carrying the secret token are
 * processed (grammY answers the others 401). The webhook is registered with that secret.
 */
export async function startWebhook(
  bot: Bot<BotContext>,
  options: { url: string; secret: string; port: number; host?: string },
  logger: Logger,
) {
  let inFlight = 0;
  let idle: (() => void) | undefined;
  const handle = webhookCallback(bot, "http", {
    secretToken: options.secret,
    // Telegram retries an update whose request times out; answering and finishing the update
    // in the background avoids handling it twice.
    onTimeout: "return",
    timeoutMilliseconds: 8_000,
  });
  const path = new URL(options.url).pathname || "/";
  const server = createServer((req, res) => {
    if (req.method !== "POST" || (req.url ?? "/").split("?")[0] !== path) {
      res.writeHead(404).end();
      return;
    }
    inFlight++;
    handle(req, res)
      .catch((error: unknown) => {
        logger.error({ err: error }, "webhook update failed");
        if (!res.headersSent) res.writeHead(500).end();
      })
      .finally(() => {
        inFlight--;
        if (inFlight === 0) idle?.();
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
    async stop(): Promise<void> {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}
