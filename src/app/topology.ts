import type { CoinCatalog } from "../catalog/catalog.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../lib/clock.ts";
import { fenced } from "../lib/fenced.ts";
import type { Logger } from "../lib/logger.ts";
import { Leadership, leaderLockKey } from "../ops/leadership.ts";
import type { SharedDatabase } from "./database.ts";
import { Lifecycle, type Part } from "./lifecycle.ts";

/**
 * How often a standby tries the leader lock and the leader pings its lock session: a takeover
 * comes within this plus a start after the leader dies, and within LEADER_SILENT_MS more after it
 * freezes.
 */
const LEADER_TRY_MS = 2_000;
/** The server ends a lock session silent this long: a frozen leader's lock is free by then. */
const LEADER_SILENT_MS = 8_000;
/** How often a standby re-reads the coin list the leader stores. */
const CATALOG_FOLLOW_MS = 60_000;
/** A new leader's wait after a 409 (its predecessor's last getUpdates still held by Telegram). */
const TAKEOVER_CONFLICT_RETRY_MS = 3_000;

/**
 * One instance (SQLite), or several sharing PostgreSQL that elect a leader: the one place that
 * knows which. The leader's work (polling, the background loops) runs at once with one instance;
 * with several, only on the instance holding the leader lock, each of its writes fenced by it.
 */
export interface Topology {
  /** Rejects once this instance does not lead (several instances); awaited before leader work. */
  fence: (() => Promise<void>) | undefined;
  /** Whether this instance leads, for /healthz (several instances only). */
  role: (() => "leader" | "standby") | undefined;
  /** A store of the leader's work: refuses once the lead is lost, so a former leader writes nothing. */
  leaderOnly<T extends object>(store: T): T;
  /** How long polling waits after Telegram's 409 (another getUpdates still running). */
  conflictRetryMs: number;
  /** The coin catalog: fetched here (one instance), or read from the leader's copy (several). */
  catalog(catalog: CoinCatalog): Part;
  /** The leader's work, in order, and the part that starts it: at once, or on taking the lead. */
  lead(catalog: CoinCatalog, work: Part[]): Part;
  /**
   * What this instance does while no instance can lead because the database is away, if it led
   * last (several instances; see transport/stand-in.ts): `look` after each failed try of the
   * lock, `stop` once the database answers.
   */
  whileAway(standIn: { look(): void; stop(): Promise<void> }): void;
  /** Whether the database does not answer now (several instances; webhook-stand-in.ts). */
  databaseAway(): boolean;
  /** The "bot started" line. */
  started(fields: { bot: string; sandbox: boolean; mode: string }): void;
}

/** The topology the database allows: several instances only on a shared one. */
export function chooseTopology(
  config: Config,
  logger: Logger,
  shared: SharedDatabase | undefined,
  options: { onFatal: (error: unknown) => void; clock: Clock },
): Topology {
  return shared ? sharedInstances(config, logger, shared, options) : singleInstance(config, logger);
}

function singleInstance(config: Config, logger: Logger): Topology {
  const work = new Lifecycle(logger);
  return {
    fence: undefined,
    role: undefined,
    leaderOnly: (store) => store,
    conflictRetryMs: config.telegramConflictRetryMs,
    catalog: (catalog) => ({
      name: "coin catalog",
      start: () => catalog.start(),
      stop: () => catalog.stop(),
    }),
    lead: (_catalog, parts) => {
      work.add(...parts);
      return { name: "background work", start: () => work.start(), stop: () => work.stop() };
    },
    // One instance on SQLite: the store is a file in the process, never away in that sense.
    whileAway: () => undefined,
    databaseAway: () => false,
    started: (fields) => logger.info(fields, "bot started"),
  };
}

function sharedInstances(
  config: Config,
  logger: Logger,
  db: SharedDatabase,
  { onFatal, clock }: { onFatal: (error: unknown) => void; clock: Clock },
): Topology {
  const work = new Lifecycle(logger);
  let standIn: { look(): void; stop(): Promise<void> } | undefined;
  const leadership = new Leadership({
    connect: () => db.lock.connect(),
    lockKey: leaderLockKey(config.botToken.split(":")[0] ?? ""),
    logger,
    tryEveryMs: LEADER_TRY_MS,
    silentSessionMs: LEADER_SILENT_MS,
    onLead: () => work.start(),
    onFollow: () => work.stop(),
    onAway: () => standIn?.look(),
    onBack: () => standIn?.stop(),
    onFatal,
    clock,
  });
  const fence = () => leadership.fence();
  return {
    fence,
    role: () => (leadership.isLeader ? "leader" : "standby"),
    leaderOnly: (store) => fenced(store, fence),
    // A leader that just took over may meet its predecessor's last getUpdates: retry soon.
    conflictRetryMs: Math.min(config.telegramConflictRetryMs, TAKEOVER_CONFLICT_RETRY_MS),
    // The leader fetches the list; the others read what it stored.
    catalog: (catalog) => ({
      name: "coin catalog",
      start: () => catalog.follow(CATALOG_FOLLOW_MS),
      stop: () => catalog.stop(),
    }),
    lead: (catalog, parts) => {
      work.add(
        {
          name: "outbox claims",
          start: async () => {
            const released = await db.takeOverOutbox();
            if (released > 0) {
              logger.info({ released }, "took over the outbox rows of the last leader");
            }
          },
          // Stopped last, after the senders' passes ended: a claim that landed as the lead was lost
          // (its fence passed just before) would keep its row from the next leader for a whole
          // lease; given back, the next leader sends it at once (docs/design.md §6, "Claims").
          stop: async () => {
            // The database away (the usual reason to lose the lead): the lease frees them later.
            await db.giveBackOutbox().catch((error: unknown) => {
              logger.warn({ err: error }, "could not give the outbox claims back; they expire");
            });
          },
        },
        {
          name: "coin catalog refresh",
          start: () => catalog.start(),
          stop: () => catalog.follow(CATALOG_FOLLOW_MS),
        },
        ...parts,
      );
      return { name: "leadership", start: () => leadership.start(), stop: () => leadership.stop() };
    },
    whileAway: (it) => {
      standIn = it;
    },
    databaseAway: () => leadership.databaseAway,
    started: ({ bot, sandbox }) =>
      logger.info(
        { bot, sandbox, store: "postgres" },
        "bot started: standby until it holds the leader lock",
      ),
  };
}
