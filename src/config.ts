import { existsSync, readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { z } from "zod";
import { EXCHANGE_DIALECTS, type ExchangeDialect } from "./exchange/dialect.ts";
import { dialectLabel, knownExchange, meetsKyc } from "./exchange/known-exchanges.ts";
import { KYC_RATINGS, type KycRating } from "./swaps/exchange-set.ts";
import { exchangeIdOf } from "./swaps/swap.ts";

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

/** An https URL, or http only for localhost and 127.0.0.1 (a test double, a local sandbox). */
const httpsOrLocal = (u: string) =>
  u.startsWith("https://") || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(u);

/** A KYC letter, A to D, any case. */
const kycRating = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(KYC_RATINGS, { error: `must be one of ${KYC_RATINGS.join(", ")}` }));

/** The name the embedded sandbox's swaps recorded before EXCHANGES: no exchange may take it. */
const RESERVED_NAME = "sandbox";

/**
 * EXCHANGES: comma-separated names, in the operator's order of preference, each as written (for
 * its label) and lower-cased (for its variables and the swaps' records). A name that does not
 * parse is not echoed: it might be a key pasted into the wrong line.
 */
const exchangeNames = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const entries = value
      .split(",")
      .map((written) => written.trim())
      .filter(Boolean)
      .map((written) => ({ written, name: written.toLowerCase() }));
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (entries.length === 0) return fail("must name at least one exchange (exolix,changenow)");
    const seen = new Set<string>();
    for (const { name } of entries) {
      if (!/^[a-z][a-z0-9_]*$/.test(name)) {
        return fail(
          "must be comma-separated names of letters, digits and _, each starting with a letter (exolix,changenow)",
        );
      }
      if (name === RESERVED_NAME)
        return fail(`must not name ${RESERVED_NAME}: the embedded sandbox's`);
      if (seen.has(name)) return fail(`names ${name} twice`);
      seen.add(name);
    }
    return entries;
  });

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
    EXCHANGES: exchangeNames.optional(),
    EXCHANGES_MIN_KYC: kycRating.optional(),
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
      .refine(httpsOrLocal, "must be an https URL (http only for localhost and 127.0.0.1)")
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
    if (env.EXCHANGES && env.EXCHANGE_API_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["EXCHANGES"],
        message:
          "and EXCHANGE_API_URL are both set: use one or the other (with EXCHANGES, each exchange's URL is EXCHANGE_<NAME>_API_URL)",
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

type Limits = { publicPerMin: number; createPerMin: number; readPerMin: number };

/** One exchange the bot offers (see docs/exchanges.md). */
export interface ExchangeSettings {
  /** The operator's name as in EXCHANGES, lower-cased ("exolix"); for the single-exchange settings, the dialect's name. */
  name: string;
  /** Shown to users: "Exolix", "ChangeNOW", "LetsExchange"; an unknown name: as the operator wrote it. */
  label: string;
  dialect: ExchangeDialect;
  /** What swaps record as their exchange: `name` for an EXCHANGES entry; for the single-exchange settings the id swaps had before (src/swaps/swap.ts exchangeIdOf: the URL's origin, or "sandbox"); for the embedded sandboxes, `sandbox-<dialect>`. */
  id: string;
  /** undefined: the embedded sandbox serves this exchange (one is started per entry). */
  url: string | undefined;
  apiKey: string | undefined;
  affiliateId: string | undefined;
  limits: Limits;
  /** Its KYC rating: EXCHANGE_<NAME>_KYC, else the known table's, else null (unrated). */
  kyc: KycRating | null;
}

export interface Config {
  botToken: string;
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
  /**
   * The exchanges offered, never empty, in the operator's order of preference: EXCHANGES' entries;
   * else the single exchange of EXCHANGE_API_URL (or the sandbox of EXCHANGE_DIALECT); else one
   * embedded sandbox per dialect.
   */
  exchanges: ExchangeSettings[];
  /** How long a quote waits for the slowest exchange before leaving its offer out. */
  quoteDeadlineMs: number;
  /** EXCHANGES_MIN_KYC: offers of exchanges rated worse (or unrated) are hidden; none: all shown. */
  minKyc: KycRating | undefined;
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
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${String(issue.path[0] ?? "config")} ${issue.message}`);
  // The named exchanges' settings are read even when another variable is wrong, so that one start
  // names every mistake.
  const named = exchangeNames.optional().safeParse(blankToUndefined.EXCHANGES);
  const exchanges =
    named.success && named.data
      ? namedExchanges(named.data, blankToUndefined, parsed.data, lines)
      : parsed.data && singleExchange(parsed.data, blankToUndefined, lines);
  if (!parsed.success || !exchanges || lines.length > 0) {
    throw new ConfigError([...new Set(lines)].join("\n"));
  }
  const e = parsed.data;
  if (e.EXCHANGES_MIN_KYC && !exchanges.some((x) => meetsKyc(x.kyc, e.EXCHANGES_MIN_KYC!))) {
    throw new ConfigError(
      `EXCHANGES_MIN_KYC hides every configured exchange (rated ${exchanges.map((x) => `${x.name} ${x.kyc ?? "unrated"}`).join(", ")}): lower it, or rate one with EXCHANGE_<NAME>_KYC`,
    );
  }
  return {
    botToken: e.BOT_TOKEN,
    telegramApiRoot: e.TELEGRAM_API_ROOT,
    telegramConflictRetryMs: e.TELEGRAM_CONFLICT_RETRY_MS,
    exchange:
      e.EXCHANGE_API_URL && e.EXCHANGE_API_KEY
        ? { url: e.EXCHANGE_API_URL, apiKey: e.EXCHANGE_API_KEY }
        : undefined,
    exchangeTimeoutMs: e.EXCHANGE_TIMEOUT_MS,
    exchangeDialect: e.EXCHANGE_DIALECT,
    exchangeAffiliateId: e.EXCHANGE_AFFILIATE_ID,
    exchanges,
    minKyc: e.EXCHANGES_MIN_KYC,
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    statusPollIntervalMs: e.STATUS_POLL_INTERVAL_MS,
    limits: globalLimits(e),
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

type Env = Record<string, string | undefined>;
type ParsedEnv = z.output<typeof envSchema>;

function globalLimits(e: ParsedEnv): Limits {
  return {
    publicPerMin: e.EXCHANGE_LIMIT_PUBLIC_PER_MIN,
    createPerMin: e.EXCHANGE_LIMIT_CREATE_PER_MIN,
    readPerMin: e.EXCHANGE_LIMIT_READ_PER_MIN,
  };
}

/** Parses one variable; a bad value adds its line (the name and why, never the value). */
function readVariable<T>(
  schema: z.ZodType<T>,
  variable: string,
  env: Env,
  lines: string[],
): T | undefined {
  const result = schema.safeParse(env[variable]);
  if (result.success) return result.data;
  lines.push(`${variable} ${result.error.issues[0]?.message ?? "is not valid"}`);
  return undefined;
}

/** The prefix of a name's settings: exolix → EXCHANGE_EXOLIX. */
const prefixOf = (name: string) => `EXCHANGE_${name.toUpperCase()}`;

/** EXCHANGE_<NAME>_KYC, else the known table's rating, else unrated. */
function kycOf(name: string, env: Env, lines: string[]): KycRating | null {
  const override = readVariable(kycRating.optional(), `${prefixOf(name)}_KYC`, env, lines);
  return override ?? knownExchange(name)?.kyc ?? null;
}

const exchangeUrl = url.refine(
  httpsOrLocal,
  "must be an https URL (http only for localhost and 127.0.0.1)",
);
const secret = z.string({ error: "is required" }).trim().min(1, "is required");

/**
 * The exchanges EXCHANGES names, each from its EXCHANGE_<NAME>_* settings: a known name brings its
 * URL, dialect and rating; any other name needs its URL and dialect. Budgets default to the global
 * EXCHANGE_LIMIT_* values (1 a minute while those are wrong: start-up stops anyway).
 */
function namedExchanges(
  names: { written: string; name: string }[],
  env: Env,
  parsed: ParsedEnv | undefined,
  lines: string[],
): ExchangeSettings[] {
  const fallback = parsed
    ? globalLimits(parsed)
    : { publicPerMin: 1, createPerMin: 1, readPerMin: 1 };
  const out: ExchangeSettings[] = [];
  for (const { written, name } of names) {
    const prefix = prefixOf(name);
    const known = knownExchange(name);
    const unknown = "is required for an exchange the bot does not know";
    const apiKey = readVariable(secret, `${prefix}_API_KEY`, env, lines);
    const apiUrl = readVariable(
      known ? exchangeUrl.default(known.apiUrl) : z.string({ error: unknown }).pipe(exchangeUrl),
      `${prefix}_API_URL`,
      env,
      lines,
    );
    const dialectError = `must be one of ${EXCHANGE_DIALECTS.join(", ")}`;
    const dialectSchema = z
      .string({ error: `${unknown} (one of ${EXCHANGE_DIALECTS.join(", ")})` })
      .trim()
      .toLowerCase()
      .pipe(z.enum(EXCHANGE_DIALECTS, { error: dialectError }));
    const dialect = readVariable(
      known ? dialectSchema.default(known.dialect) : dialectSchema,
      `${prefix}_DIALECT`,
      env,
      lines,
    );
    const limit = (suffix: string, fallbackValue: number) =>
      readVariable(int(1, fallbackValue), `${prefix}_LIMIT_${suffix}`, env, lines);
    const publicPerMin = limit("PUBLIC_PER_MIN", fallback.publicPerMin);
    const createPerMin = limit("CREATE_PER_MIN", fallback.createPerMin);
    const readPerMin = limit("READ_PER_MIN", fallback.readPerMin);
    const affiliateId = readVariable(
      z.string().trim().min(1, "must not be empty").optional(),
      `${prefix}_AFFILIATE_ID`,
      env,
      lines,
    );
    const kyc = kycOf(name, env, lines);
    if (
      apiKey === undefined ||
      apiUrl === undefined ||
      dialect === undefined ||
      publicPerMin === undefined ||
      createPerMin === undefined ||
      readPerMin === undefined
    ) {
      continue;
    }
    out.push({
      name,
      label: known?.label ?? written,
      dialect,
      id: name,
      url: apiUrl,
      apiKey,
      affiliateId,
      limits: { publicPerMin, createPerMin, readPerMin },
      kyc,
    });
  }
  return out;
}

/**
 * Without EXCHANGES: the exchange of EXCHANGE_API_URL, recorded by its origin as swaps were before;
 * without a URL, the embedded sandbox of EXCHANGE_DIALECT ("sandbox", as before) or, when no
 * dialect is set either, one sandbox per dialect (`sandbox-<dialect>`), so offers stand side by side.
 */
function singleExchange(e: ParsedEnv, env: Env, lines: string[]): ExchangeSettings[] {
  const entry = (
    dialect: ExchangeDialect,
    id: string,
    url: string | undefined,
  ): ExchangeSettings => ({
    name: dialect,
    label: dialectLabel(dialect),
    dialect,
    id,
    url,
    apiKey: url ? e.EXCHANGE_API_KEY : undefined,
    affiliateId: e.EXCHANGE_AFFILIATE_ID,
    limits: globalLimits(e),
    kyc: kycOf(dialect, env, lines),
  });
  if (e.EXCHANGE_API_URL) {
    const id = exchangeIdOf({ url: e.EXCHANGE_API_URL, sandbox: false });
    return [entry(e.EXCHANGE_DIALECT, id, e.EXCHANGE_API_URL)];
  }
  if (env.EXCHANGE_DIALECT !== undefined) {
    return [entry(e.EXCHANGE_DIALECT, exchangeIdOf({ url: "", sandbox: true }), undefined)];
  }
  return EXCHANGE_DIALECTS.map((dialect) => entry(dialect, `sandbox-${dialect}`, undefined));
}

/**
 * What must never reach a log line: the bot token, the API keys, the webhook secret, and the
 * database URL with its password (alone too, since a driver may print it in pieces).
 */
export function secretsOf(config: Config): (string | undefined)[] {
  const password = config.databaseUrl ? new URL(config.databaseUrl).password : "";
  return [
    config.botToken,
    config.exchange?.apiKey,
    ...config.exchanges.map((exchange) => exchange.apiKey),
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
