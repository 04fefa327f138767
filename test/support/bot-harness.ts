import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { type App, startApp } from "../../src/app/app.ts";
import { loadConfig, secretsOf } from "../../src/config.ts";
import { createLogger } from "../../src/lib/logger.ts";
import {
  type Dialect,
  type Sandbox,
  type SandboxOptions,
  startSandbox,
} from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import type { TestClock } from "./test-clock.ts";
import { TEST_DIALECT } from "./test-dialect.ts";

export { freePort } from "./ports.ts";

/** One of several exchanges side by side: its name in EXCHANGES and the sandbox that serves it. */
export interface HarnessExchange {
  name: string;
  dialect: Dialect;
  sandbox?: SandboxOptions;
}

/** Three exchanges, one per dialect of the wild, in this order of preference. */
export const THREE_EXCHANGES: readonly HarnessExchange[] = [
  { name: "exolix", dialect: "exolix" },
  { name: "changenow", dialect: "changenow" },
  { name: "letsexchange", dialect: "letsexchange" },
];

export interface HarnessOptions {
  sandbox?: SandboxOptions;
  /**
   * Several exchanges side by side (EXCHANGES), each served by a sandbox of its own; `sandbox`
   * then applies to each of them. None: one exchange (EXCHANGE_API_URL), the test dialect's.
   */
  exchanges?: readonly HarnessExchange[];
  /** Extra environment variables for the bot (strings, as from the environment). */
  env?: Record<string, string>;
  /** How long an exchange flow waits for an answer before it expires (default 24 h). */
  flowIdleMs?: number;
  /** Runs the bot on this PostgreSQL database (DATABASE_URL) instead of a fresh SQLite file. */
  databaseUrl?: string;
  /**
   * The clock of the bot's loops, budgets and quotes: they then move only when the test moves
   * it (the chat itself runs in real time). The harness counts the bot's HTTP requests for it.
   */
  clock?: TestClock;
}

export interface Harness {
  /** The sandbox of the (first) exchange. */
  sandbox: Sandbox;
  /** Every exchange's sandbox, by its name in EXCHANGES (one exchange: by its dialect). */
  sandboxes: ReadonlyMap<string, Sandbox>;
  tg: FakeTelegram;
  app: App;
  /** Every JSON log line the bot wrote. */
  logs: string[];
  /** The SQLite file (never created when the bot runs on PostgreSQL). */
  dbPath: string;
  /**
   * Stops the bot (not the servers) and starts a new one on the same database; `meanwhile` runs
   * while no bot runs (an operator's hands on the database between two releases, say).
   */
  restart(meanwhile?: () => void | Promise<void>): Promise<App>;
  /** Stops the bot, leaving the servers running; close() then closes only them. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real bot, built by the same startApp as `npm start`, against a sandbox exchange and a fake
 * Telegram on 127.0.0.1, with a fresh SQLite file (or the PostgreSQL database given).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const several = options.exchanges ?? [{ name: TEST_DIALECT, dialect: TEST_DIALECT }];
  const sandboxes = new Map<string, Sandbox>();
  for (const exchange of several) {
    sandboxes.set(
      exchange.name,
      await startSandbox({
        dialect: exchange.dialect,
        schedule: false,
        limits: false,
        ...options.sandbox,
        ...exchange.sandbox,
      }),
    );
  }
  const sandbox = sandboxes.values().next().value!;
  const tg = await startFakeTelegram();
  // A long poll is always in flight: time must not wait for it.
  options.clock?.watchHttp((path) => path.endsWith("/getUpdates"));
  const dir = mkdtempSync(join(tmpdir(), "swapbot-"));
  const dbPath = join(dir, "bot.sqlite");
  const logs: string[] = [];
  const config = loadConfig({
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    ...(options.exchanges ? severalEnv(sandboxes) : oneEnv(sandbox)),
    DATABASE_PATH: dbPath,
    STATUS_POLL_INTERVAL_MS: "200",
    EXCHANGE_TIMEOUT_MS: "1000",
    LOG_LEVEL: "debug",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const logger = createLogger({
    level: config.logLevel,
    secrets: secretsOf(config),
    destination,
  });
  const launch = async () => {
    const app = await startApp(config, logger, {
      flowIdleMs: options.flowIdleMs,
      clock: options.clock,
    });
    if (!config.webhook) await tg.waitForPolling();
    return app;
  };
  let stopped = false;
  const harness: Harness = {
    sandbox,
    sandboxes,
    tg,
    app: await launch(),
    logs,
    dbPath,
    async restart(meanwhile) {
      await harness.app.stop();
      await meanwhile?.();
      harness.app = await launch();
      return harness.app;
    },
    async stop() {
      stopped = true;
      await harness.app.stop();
    },
    async close() {
      if (!stopped) await harness.app.stop();
      await tg.close();
      for (const each of sandboxes.values()) await each.close();
      options.clock?.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}

function oneEnv(sandbox: Sandbox): Record<string, string> {
  return {
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_API_KEY: sandbox.apiKey,
    EXCHANGE_DIALECT: sandbox.dialect,
  };
}

function severalEnv(sandboxes: ReadonlyMap<string, Sandbox>): Record<string, string> {
  const env: Record<string, string> = { EXCHANGES: [...sandboxes.keys()].join(",") };
  for (const [name, sandbox] of sandboxes) {
    const prefix = `EXCHANGE_${name.toUpperCase()}_`;
    env[`${prefix}API_URL`] = sandbox.url;
    env[`${prefix}API_KEY`] = sandbox.apiKey;
    env[`${prefix}DIALECT`] = sandbox.dialect;
  }
  return env;
}
