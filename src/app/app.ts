import { createTelegram } from "../bot/bot.ts";
import type { CoinCatalog } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import type { Storage } from "../db/open.ts";
import type { Repositories } from "../db/repositories.ts";
import { explorerTable } from "../frontends/explorers.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { ExchangeActivity } from "../ops/exchange-activity.ts";
import type { QuoteService } from "../quotes/quote-service.ts";
import type { SandboxControl } from "../sandbox/index.ts";
import { ExchangeSet } from "../swaps/exchange-set.ts";
import { buildBackground } from "./background.ts";
import { openDatabase } from "./database.ts";
import { nameOfExchange, runExchanges, startExchanges } from "./exchange.ts";
import { Lifecycle } from "./lifecycle.ts";
import { buildSwaps, type Swaps } from "./swaps.ts";
import { installBot, startTelegram } from "./telegram.ts";
import { chooseTopology } from "./topology.ts";
import { startTransport } from "./transport.ts";

export interface App {
  /** True when the bot runs on embedded sandbox exchanges (no real funds). */
  sandbox: boolean;
  /** The first embedded sandbox's control, when it runs on one: `npm run try`'s `/sandbox` commands. */
  sandboxControl: SandboxControl | undefined;
  /** Every embedded sandbox's control, by its exchange's name (`npm run try` takes one down). */
  sandboxes: ReadonlyMap<string, SandboxControl>;
  /** The id the first exchange's swaps record (`sandbox`, EXCHANGE_API_URL's origin, or its name). */
  exchangeId: string;
  /** Every exchange offered, in the operator's order. */
  exchanges: ExchangeSet;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** Where the state lives: SQLite, or PostgreSQL with DATABASE_URL. */
  storage: Storage;
  /** Every repository, answering with promises on either store. */
  repos: Repositories;
  /** Where /healthz and /metrics are served, when METRICS_PORT is set. */
  opsUrl: string | undefined;
  /** The webhook server's port, in webhook mode. */
  webhookPort: number | undefined;
  /** Where the Mini App is served, when WEBAPP_URL is set. */
  webAppUrl: string | undefined;
  stop(): Promise<void>;
}

interface StartOptions {
  /**
   * Aborting it (a stop signal while starting) ends the start early, e.g. while Telegram cannot
   * be reached: startApp then resolves without starting the rest, and stop() closes what started.
   */
  signal?: AbortSignal;
  /**
   * Called when the bot cannot go on (polling refused for good; the leader lock's session not
   * kept: a transaction-mode pooler): the process exits non-zero.
   */
  onFatal?: (error: unknown) => void;
  /** How long an exchange flow waits for an answer before it expires (tests shorten it). */
  flowIdleMs?: number;
  /** The background loops' and budgets' clock (default: the real one); tests move it. */
  clock?: Clock;
}

/**
 * Starts the bot: the exchange (embedded sandbox when none is configured), the database, the
 * catalog, the ops server, the Mini App, Telegram, the transport, then the leader's work (the
 * background loops and long polling: at once with one instance, on taking the lead with several).
 * stop() stops what started, in reverse: in-flight updates finish first and the database closes
 * after everything that writes to it. A part that fails to start stops the ones before it and
 * rejects with a StartupError naming it.
 */
export async function startApp(
  config: Config,
  logger: Logger,
  options: StartOptions = {},
): Promise<App> {
  const life = new Lifecycle(logger);
  const onFatal = (error: unknown) => options.onFatal?.(error);
  const targets = await startExchanges(config, logger, life);
  const db = await openDatabase(config, logger, life, targets);
  const clock = options.clock ?? realClock;
  const topology = chooseTopology(config, logger, db.shared, { onFatal, clock });

  // Built in dependency order, nothing started yet: what counts and what sends come first.
  // What a process does not use it does not load (docs/design.md §2, "What a process loads"):
  // prom-client and its collectors only where /metrics serves them, the Mini App's server only
  // where WEBAPP_URL is set.
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : new (await import("../ops/metrics.ts")).BotMetrics();
  const ledger = db.shared?.ledger;
  const running = runExchanges(config, logger, targets, { metrics, ledger, clock });
  const exchanges = new ExchangeSet(running);
  const sandbox = targets.every((target) => target.sandbox);
  // Each exchange's offers won and creates' outcomes, for /stats and, under its name, /metrics.
  const activity = new ExchangeActivity({
    nameOf: (id) => nameOfExchange(running, id),
    listener: metrics,
  });
  const telegram = createTelegram({
    token: config.botToken,
    apiRoot: config.telegramApiRoot,
    metrics,
    logger,
    chatLanguage: (chatId) => db.chatSettings.language(chatId),
  });
  const explorers = explorerTable(config.explorers);
  const built = {
    exchanges,
    running,
    db,
    topology,
    telegram,
    metrics,
    explorers,
    clock,
    activity,
  };
  // The reconciler asks the swap service (built after it, since it reports to the background)
  // which creates are under way.
  let swapService: Swaps["swaps"] | undefined;
  const background = buildBackground(config, logger, {
    ...built,
    exchanges: running,
    offered: exchanges,
    creating: (intent) => swapService?.isCreating(intent) ?? false,
  });
  const swaps = buildSwaps(config, logger, {
    ...built,
    onSuspect: background.reportSuspect,
    onChange: background.wakeNotifier,
    onUnrecorded: background.postEnded,
  });
  swapService = swaps.swaps;
  const inFlight = installBot(config, logger, {
    ...built,
    swaps,
    flowIdleMs: options.flowIdleMs,
    wakeSupport: background.wakeSupport,
  });

  // Started in this order, stopped in reverse.
  await life.start(topology.catalog(swaps.catalog));
  const ops = metrics
    ? await (await import("./ops.ts")).startOps(config, life, {
        ...built,
        metrics,
        swaps,
        ...background,
      })
    : undefined;
  const webApp = config.webApp
    ? await (await import("./webapp.ts")).startWebApp(config, logger, life, {
        ...built,
        swaps,
        sandbox,
      })
    : undefined;
  let webhookPort: number | undefined;
  if (await startTelegram(config, logger, life, telegram, options.signal, clock)) {
    const transport = await startTransport(config, logger, life, { ...built, inFlight, onFatal });
    webhookPort = transport.webhookPort;
    await life.start(topology.lead(swaps.catalog, [...background.parts, transport.leaderPart]));
    // Started last, so stopped first: a reply waiting for its next try gives up at once, and the
    // updates in flight end before the transport waits for them (a stop ends within 10 s).
    await life.start({ name: "replies' retries", start: () => {}, stop: () => inFlight.stop() });
    topology.started({
      bot: telegram.bot.botInfo.username,
      sandbox,
      mode: config.webhook ? "webhook" : "long polling",
    });
  }

  return {
    sandbox,
    sandboxControl: targets[0]?.sandboxControl,
    sandboxes: new Map(
      targets.flatMap((target) =>
        target.sandboxControl ? [[target.settings.name, target.sandboxControl] as const] : [],
      ),
    ),
    exchangeId: exchanges.primary.id,
    exchanges,
    catalog: swaps.catalog,
    quotes: swaps.quotes,
    storage: db.storage,
    repos: db.repos,
    opsUrl: ops?.url,
    webhookPort,
    webAppUrl: webApp?.url,
    async stop() {
      // A read in flight never holds the stop for long (a stalled answer would, until its
      // deadline): reads still running a grace after it are aborted, and what waits on them ends.
      // The background loops' own reads end at once with their passes.
      for (const { client } of running) client.stop();
      await life.stop();
      logger.info("bot stopped");
    },
  };
}
