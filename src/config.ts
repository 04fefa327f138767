import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { z } from "zod";
import { EXCHANGE_DIALECTS, type ExchangeDialect } from "./exchange/dialect.ts";
import type { KycRating } from "./swaps/exchange-set.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * A bot token as @BotFather gives it: the bot's id, a colon, its secret (35 characters today; any
 * length is taken, as Telegram's own documented examples have 34 and the length is not promised).
 */
const TELEGRAM_TOKEN = /^\d+:[A-Za-z0-9_-]+$/;

const int = (min: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number ≥ ${min}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be a whole number ≥ ${min}`))
    .default(fallback);

const url = z
  .string()
  .trim()
  .url("must be an http(s) URL")
  .refine((u) => /^https?:\/\//i.test(u), "must be an http(s) URL")
  .transform((u) => u.replace(/\/+$/, ""));

/**
 * EXPLORER_URLS: comma-separated `network=https://…/{hash}` pairs; an empty template (`xmr=`)
 * removes that network's link. Parsed into network → template (null: no link).
 */
const explorerUrls = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const table: Record<string, string | null> = {};
    for (const pair of value.split(",").map((p) => p.trim())) {
      if (!pair) continue;
      const match = /^([A-Za-z0-9_.-]+)\s*=\s*(\S*)$/.exec(pair);
      const template = match?.[2] ?? "";
      const usable =
        template === "" ||
        (template.startsWith("https://") &&
          template.includes("{hash}") &&
          URL.canParse(template.replaceAll("{hash}", "0")));
      if (!match?.[1] || !usable) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be comma-separated network=https://…/{hash} pairs (an https URL with {hash} in it, or nothing to remove a network's link)",
        });
        return z.NEVER;
      }
      table[match[1]] = template || null;
    }
    return table;
  });

/**
 * Every setting the bot reads, with its default. `.env.example` mirrors this list; a value that
 * does not parse stops start-up (see loadConfig).
 */
const envSchema = z
  .object({
    BOT_TOKEN: z
      .string({ error: "is required" })
      .trim()
      .min(1, "is required")
      .regex(
        TELEGRAM_TOKEN,
        "is not a Telegram bot token (digits, a colon, then letters, digits, _ and -, as @BotFather gives it)",
      ),
    TELEGRAM_API_ROOT: url.default("https://api.telegram.org"),
    TELEGRAM_CONFLICT_RETRY_MS: int(100, 30_000),
    EXCHANGE_API_URL: url.optional(),
    EXCHANGE_API_KEY: z.string().trim().min(1, "must not be empty").optional(),
    EXCHANGE_TIMEOUT_MS: int(100, 10_000),
    EXCHANGE_DIALECT: z
      .enum(EXCHANGE_DIALECTS, { error: `must be one of ${EXCHANGE_DIALECTS.join(", ")}` })
      .default("spec"),
    EXCHANGE_AFFILIATE_ID: z.string().trim().min(1, "must not be empty").optional(),
    DATABASE_PATH: z.string().trim().min(1, "must not be empty").default("data/bot.sqlite"),
    DATABASE_URL: z
      .string()
      .trim()
      .refine(
        (u) => /^postgres(ql)?:\/\/[^\s]+$/i.test(u) && URL.canParse(u),
        "must be a postgres:// or postgresql:// URL",
      )
      .optional(),
    STATUS_POLL_INTERVAL_MS: int(100, 15_000),
    EXCHANGE_LIMIT_PUBLIC_PER_MIN: int(1, 60),
    EXCHANGE_LIMIT_CREATE_PER_MIN: int(1, 30),
    EXCHANGE_LIMIT_READ_PER_MIN: int(1, 120),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })
      .default("info"),
    WEBHOOK_URL: url
      .refine(
        (u) => u.startsWith("https://") || /^http:\/\/(127\.|localhost)/.test(u),
        "must be an https URL",
      )
      .optional(),
    WEBHOOK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, "must be 16–256 characters of A-Z, a-z, 0-9, _ and -")
      .optional(),
    PORT: int(1, 8080).pipe(z.number().max(65_535, "must be a port number")),
    WEBHOOK_HOST: z
      .string()
      .trim()
      .pipe(
        z.union([z.ipv4(), z.ipv6(), z.hostname()], {
          error: "must be an IP address or a host name",
        }),
      )
      .default("127.0.0.1"),
    METRICS_PORT: z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(z.number().int().min(0).max(65_535, "must be a port number"))
      .optional(),
    METRICS_HOST: z
      .string()
      .trim()
      .pipe(
        z.union([z.ipv4(), z.ipv6(), z.hostname()], {
          error: "must be an IP address or a host name",
        }),
      )
      .default("127.0.0.1"),
    // Kept as given (a trailing slash included): the page's own links are relative to it.
    WEBAPP_URL: z
      .string()
      .trim()
      .url("must be an https URL")
      .refine(
        (u) =>
          u.startsWith("https://") || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(u),
        "must be an https URL (http only for localhost and 127.0.0.1)",
      )
      .optional(),
    WEBAPP_PORT: int(0, 8090).pipe(z.number().max(65_535, "must be a port number")),
    WEBAPP_HOST: z
      .string()
      .trim()
      .pipe(
        z.union([z.ipv4(), z.ipv6(), z.hostname()], {
          error: "must be an IP address or a host name",
        }),
      )
      .default("127.0.0.1"),
    WEBAPP_STATUS_POLL_MS: int(250, 3_000),
    ADMIN_CHAT_IDS: z
      .string()
      .trim()
      .regex(/^-?\d+(\s*,\s*-?\d+)*$/, "must be a comma-separated list of chat ids")
      .transform((v) => v.split(",").map((id) => Number(id.trim())))
      .optional(),
    ALERT_AFTER_MS: int(1_000, 300_000),
    CATALOG_REFRESH_MS: int(60_000, 6 * 60 * 60_000),
    QUOTE_CACHE_MS: int(0, 10_000),
    QUOTE_DEADLINE_MS: int(100, 3_000),
    FIXED_QUOTE_TTL_MS: int(0, 30_000),
    RECONCILE_GIVE_UP_MS: int(1_000, 300_000),
    STUCK_CONFIRMING_AFTER_MS: int(1_000, 2 * 60 * 60_000),
    STUCK_EXCHANGING_AFTER_MS: int(1_000, 60 * 60_000),
    EXPLORER_URLS: explorerUrls.default({}),
    SUPPORT_CHAT_ID: z
      .string()
      .trim()
      .regex(/^-\d+$/, "must be a group or supergroup id (negative, e.g. -1001234567890)")
      .transform(Number)
      .pipe(z.number().safe("must be a group or supergroup id (negative, e.g. -1001234567890)"))
      .optional(),
    SUPPORT_CONTACT: z
      .string()
      .trim()
      .refine(
        (v) =>
          /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(v) || (/^https:\/\/\S+$/.test(v) && URL.canParse(v)),
        "must be a Telegram @handle or an https URL",
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_SECRET"],
        message: "is required when WEBHOOK_URL is set",
      });
    }
    if (env.EXCHANGE_API_URL && !env.EXCHANGE_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["EXCHANGE_API_KEY"],
        message: "is required when EXCHANGE_API_URL is set",
      });
    }
  });

/** One exchange the bot offers, as configured (TEMPORARY single-exchange form; i41-config fills EXCHANGES). */
export interface ExchangeSettings {
  name: string;
  label: string;
  dialect: ExchangeDialect;
  id: string;
  url: string | undefined;
  apiKey: string | undefined;
  affiliateId: string | undefined;
  limits: { publicPerMin: number; createPerMin: number; readPerMin: number };
  kyc: KycRating | null;
}

export interface Config {
  botToken: string;
  exchanges: ExchangeSettings[];
  /** How long a quote waits for the slowest exchange before leaving its offer out. */
  quoteDeadlineMs: number;
  minKyc: KycRating | undefined;
  telegramApiRoot: string;
  /** How long polling pauses after Telegram's 409 (another instance polls) before trying again. */
  telegramConflictRetryMs: number;
  /** Undefined: run the embedded sandbox exchange. */
  exchange: { url: string; apiKey: string } | undefined;
  exchangeTimeoutMs: number;
  /** How the exchange speaks (`spec` or `exolix`); the embedded sandbox speaks the same. */
  exchangeDialect: ExchangeDialect;
  /** LetsExchange's `affiliate_id` (EXCHANGE_AFFILIATE_ID); none: left out. */
  exchangeAffiliateId: string | undefined;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file at `databasePath`, when set. */
  databaseUrl: string | undefined;
  statusPollIntervalMs: number;
  limits: { publicPerMin: number; createPerMin: number; readPerMin: number };
  logLevel: (typeof LOG_LEVELS)[number];
  /** Webhook mode when set; long polling otherwise. */
  webhook: { url: string; secret: string; port: number; host: string } | undefined;
  /** Port of /healthz and /metrics; off when undefined. */
  metricsPort: number | undefined;
  /** Interface /healthz and /metrics listen on (loopback unless the operator opens it). */
  metricsHost: string;
  /** The Mini App: its public URL and where it is served; off when undefined. */
  webApp: { url: string; port: number; host: string; statusPollMs: number } | undefined;
  adminChatIds: number[];
  /** How long the exchange may fail before the admins are alerted. */
  alertAfterMs: number;
  /**
   * The margin of the window read around a POST whose answer was lost, on each side: the exchange
   * may date a transaction off our clock, or list it late. "Nothing was created" is said no sooner
   * than this long after the POST ended, and only after that whole window was read without a match
   * (failed or unfinished reads never count).
   */
  reconcileGiveUpMs: number;
  /** How often the coin list is fetched again. */
  catalogRefreshMs: number;
  /** How long an identical quote is reused. */
  quoteCacheMs: number;
  /** How old a fixed-rate quote may be at Confirm before it is fetched again and shown anew. */
  fixedQuoteTtlMs: number;
  /** How long a swap may confirm, or exchange, before its chat is told it takes longer than usual. */
  stuckAfterMs: { confirmation: number; exchanging: number };
  /** The operator's block explorers: network → URL template with {hash}; null removes a default. */
  explorers: Record<string, string | null>;
  /** The group or supergroup where the operator's team answers tickets; no desk when undefined. */
  supportChatId: number | undefined;
  /** How users reach the operator otherwise (an @handle or https URL), shown by /support. */
  supportContact: string | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads `.env` from the working directory if present; the process environment wins. */
export function readEnv(
  processEnv: NodeJS.ProcessEnv = process.env,
  envFile = ".env",
): Record<string, string | undefined> {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, "utf8")) : {};
  const merged: Record<string, string | undefined> = { ...fromFile };
  // An exported-but-empty variable means "unset" for every setting here, so it does not hide .env.
  for (const [key, value] of Object.entries(processEnv)) if (value) merged[key] = value;
  return merged;
}

/**
 * Parses the environment. Throws a ConfigError whose message is one line per bad variable, naming
 * it and saying why; values are never echoed, so a mistyped token cannot leak into a terminal log.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v === "" ? undefined : v]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${String(issue.path[0] ?? "config")} ${issue.message}`,
    );
    throw new ConfigError([...new Set(lines)].join("\n"));
  }
  const e = parsed.data;
  const limits = {
    publicPerMin: e.EXCHANGE_LIMIT_PUBLIC_PER_MIN,
    createPerMin: e.EXCHANGE_LIMIT_CREATE_PER_MIN,
    readPerMin: e.EXCHANGE_LIMIT_READ_PER_MIN,
  };
  return {
    botToken: e.BOT_TOKEN,
    exchanges: [
      {
        name: e.EXCHANGE_DIALECT,
        label: e.EXCHANGE_DIALECT,
        dialect: e.EXCHANGE_DIALECT,
        id: e.EXCHANGE_API_URL ? new URL(e.EXCHANGE_API_URL).origin : "sandbox",
        url: e.EXCHANGE_API_URL,
        apiKey: e.EXCHANGE_API_KEY,
        affiliateId: e.EXCHANGE_AFFILIATE_ID,
        limits,
        kyc: null,
      },
    ],
    minKyc: undefined,
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    telegramConflictRetryMs: e.TELEGRAM_CONFLICT_RETRY_MS,
    exchange:
      e.EXCHANGE_API_URL && e.EXCHANGE_API_KEY
        ? { url: e.EXCHANGE_API_URL, apiKey: e.EXCHANGE_API_KEY }
        : undefined,
    exchangeTimeoutMs: e.EXCHANGE_TIMEOUT_MS,
    exchangeDialect: e.EXCHANGE_DIALECT,
    exchangeAffiliateId: e.EXCHANGE_AFFILIATE_ID,
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    statusPollIntervalMs: e.STATUS_POLL_INTERVAL_MS,
    limits: {
      publicPerMin: e.EXCHANGE_LIMIT_PUBLIC_PER_MIN,
      createPerMin: e.EXCHANGE_LIMIT_CREATE_PER_MIN,
      readPerMin: e.EXCHANGE_LIMIT_READ_PER_MIN,
    },
    logLevel: e.LOG_LEVEL,
    webhook:
      e.WEBHOOK_URL && e.WEBHOOK_SECRET
        ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET, port: e.PORT, host: e.WEBHOOK_HOST }
        : undefined,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    webApp: e.WEBAPP_URL
      ? {
          url: e.WEBAPP_URL,
          port: e.WEBAPP_PORT,
          host: e.WEBAPP_HOST,
          statusPollMs: e.WEBAPP_STATUS_POLL_MS,
        }
      : undefined,
    adminChatIds: e.ADMIN_CHAT_IDS ?? [],
    alertAfterMs: e.ALERT_AFTER_MS,
    reconcileGiveUpMs: e.RECONCILE_GIVE_UP_MS,
    catalogRefreshMs: e.CATALOG_REFRESH_MS,
    quoteCacheMs: e.QUOTE_CACHE_MS,
    quoteDeadlineMs: e.QUOTE_DEADLINE_MS,
    fixedQuoteTtlMs: e.FIXED_QUOTE_TTL_MS,
    stuckAfterMs: {
      confirmation: e.STUCK_CONFIRMING_AFTER_MS,
      exchanging: e.STUCK_EXCHANGING_AFTER_MS,
    },
    explorers: e.EXPLORER_URLS,
    supportChatId: e.SUPPORT_CHAT_ID,
    supportContact: e.SUPPORT_CONTACT,
  };
}

/**
 * What must never reach a log line: the bot token, the API key, the webhook secret, and the
 * database URL with its password (alone too, since a driver may print it in pieces).
 */
export function secretsOf(config: Config): (string | undefined)[] {
  const password = config.databaseUrl ? new URL(config.databaseUrl).password : "";
  return [
    config.botToken,
    config.exchange?.apiKey,
    config.webhook?.secret,
    config.databaseUrl,
    password || undefined,
    password ? safeDecode(password) : undefined,
  ];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
