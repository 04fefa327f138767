import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bot, type Context, webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import type { Logger } from "../lib/logger.ts";
import {
  cappedHttpAdapter,
  HeldUpdate,
  MAX_UPDATE_BYTES,
  MalformedUpdate,
  UpdateTooLarge,
} from "./webhook-request.ts";

/**
 * Telegram closes a webhook request after 60 s and sends the update again (tdlib/telegram-bot-api
 * #211, #341): an update still running by then is answered anyway, before Telegram gives up.
 */
const ANSWER_BY_MS = 50_000;

/** At a stop, how long a finished update's answer may take to go out before connections are cut. */
const FLUSH_MS = 1_000;

/**
 * How long a request may take to arrive (its headers, then the whole of it): Telegram sends an
 * update at once, and a client that trickles one in holds a connection for nothing. Node's
 * defaults are 60 s and 300 s.
 */
const RECEIVE_LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000 };

interface WebhookOptions {
  url: string;
  secret: string;
  port: number;
  /** The interface to listen on (WEBHOOK_HOST; loopback unless opened). */
  host: string;
  /** Bounds on what a request may send and how slowly (tests make them small). */
  limits?: { maxBodyBytes?: number; headersTimeoutMs?: number; requestTimeoutMs?: number };
  /** Waits (bounded) for the updates still being handled once no more are taken. */
  drain(): Promise<void>;
  /** Updates not to handle now (the database away): Telegram is answered 503 and sends them again. */
  holds?: (update: Update) => Promise<boolean>;
}

/**
 * Webhook mode: Telegram POSTs updates to `url`; only requests carrying the secret token are
 * processed (grammY answers the others 401). The webhook is registered with that secret.
 *
 * Telegram is answered once the update has been handled, not earlier: it sends a chat's next
 * update only after that answer, so one chat's updates stay in order even across instances, and
 * an update lost to a crash mid-way is delivered again instead of being confirmed unhandled.
 */
export async function startWebhook<C extends Context>(
  bot: Bot<C>,
  options: WebhookOptions,
  logger: Logger,
) {
  let stopping = false;
  const open = new Set<ServerResponse>();
  let allAnswered: (() => void) | undefined;
  const limits = { maxBodyBytes: MAX_UPDATE_BYTES, ...RECEIVE_LIMITS, ...options.limits };
  const handle = webhookCallback(bot, cappedHttpAdapter(limits.maxBodyBytes, options.holds), {
    secretToken: options.secret,
    onTimeout: () => {
      logger.warn({ afterMs: ANSWER_BY_MS }, "webhook update still running; answered Telegram");
    },
    timeoutMilliseconds: ANSWER_BY_MS,
  });
  const path = new URL(options.url).pathname || "/";
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // How often those two are enforced (Node's default: every 30 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (req, res) => {
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
        if (res.headersSent) return;
        if (error instanceof HeldUpdate) {
          // Kept by Telegram, delivered again: handled once the database is back.
          res.writeHead(503, { "Retry-After": "2" }).end();
          return;
        }
        if (error instanceof UpdateTooLarge) {
          logger.warn({ err: error }, "webhook request too large: refused");
          res.writeHead(413, { connection: "close" }).end();
          return;
        }
        if (error instanceof MalformedUpdate) {
          // Answered 200: Telegram would otherwise send the same bytes again and again.
          logger.warn({ err: error }, "webhook request is not an update: dropped");
          res.writeHead(200).end();
          return;
        }
        logger.error({ err: error }, "webhook update failed");
        res.writeHead(500).end();
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
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
