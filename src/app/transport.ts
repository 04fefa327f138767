import type { Telegram } from "../bot/bot.ts";
import type { UpdatesInFlight } from "../bot/plumbing/updates-in-flight.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../lib/logger.ts";
import { HandledUpdatesFile } from "../transport/handled-updates-file.ts";
import { HeldNotice } from "../transport/held-notice.ts";
import type { startPolling } from "../transport/polling.ts";
import { StandIn } from "../transport/stand-in.ts";
import { UpdateJournal } from "../transport/update-journal.ts";
import type { startWebhook } from "../transport/webhook.ts";
import { WebhookStandIn } from "../transport/webhook-stand-in.ts";
import type { Database } from "./database.ts";
import type { Lifecycle, Part } from "./lifecycle.ts";
import type { Topology } from "./topology.ts";

/**
 * How long a stop waits for updates still being handled before it closes the database: within the
 * contract's 10 s, leaving time for the rest of the stop.
 */
const UPDATE_DRAIN_MS = 6_000;

/**
 * How updates arrive. A webhook is served by every instance (the `webhook` part, started now);
 * long polling is the leader's work, as is handling what a polling run left unfinished before a
 * switch to the webhook. Either way a stop takes no more updates, then waits (bounded) for those
 * in flight.
 */
export async function startTransport(
  config: Config,
  logger: Logger,
  life: Lifecycle,
  deps: {
    telegram: Telegram;
    inFlight: UpdatesInFlight;
    db: Database;
    topology: Topology;
    onFatal: (error: unknown) => void;
  },
): Promise<{ webhookPort: number | undefined; leaderPart: Part }> {
  const { bot } = deps.telegram;
  const { inFlight } = deps;
  // One journal for every term this instance leads: what it handled but could not clear when the
  // database went away is cleared, not handled again, when it leads again.
  const { i18n } = deps.telegram;
  const held = new HeldNotice(
    bot.api,
    (code) => {
      const language = code?.split("-")[0]?.toLowerCase();
      return i18n.t(
        language && i18n.locales.includes(language) ? language : "en",
        "error-storage-held",
      );
    },
    logger,
  );
  // SQLite (one process): handled updates the database would not clear survive a restart beside it.
  const handledFile =
    config.databaseUrl === undefined
      ? new HandledUpdatesFile(`${config.databasePath}.handled-updates`, logger)
      : undefined;
  const journal = new UpdateJournal(deps.db.updates, logger, held, handledFile);
  const drain = async () => {
    if (await inFlight.drained(UPDATE_DRAIN_MS)) return;
    logger.warn({ updates: inFlight.size }, "updates still running at stop; stopping anyway");
  };
  const settings = config.webhook;
  // Only the mode in use is loaded (docs/design.md §2, "What a process loads").
  if (!settings) {
    const { startPolling } = await import("../transport/polling.ts");
    deps.topology.whileAway(new StandIn(bot.api, held, () => journal.nextOffset, logger));
    let polling: ReturnType<typeof startPolling> | undefined;
    return {
      webhookPort: undefined,
      leaderPart: {
        name: "long polling",
        start: () => {
          polling = startPolling(bot, logger, {
            conflictRetryMs: deps.topology.conflictRetryMs,
            drain,
            onFatal: deps.onFatal,
            journal,
            fence: deps.topology.fence,
          });
        },
        stop: () => polling?.stop(),
      },
    };
  }
  const { startWebhook } = await import("../transport/webhook.ts");
  let webhook: Awaited<ReturnType<typeof startWebhook>> | undefined;
  await life.start({
    name: "webhook",
    start: async () => {
      // While the database is away, updates are held at Telegram and their users told.
      const standIn = new WebhookStandIn(held, deps.topology.databaseAway, logger);
      webhook = await startWebhook(
        bot,
        { ...settings, drain, holds: (update) => standIn.holds(update) },
        logger,
      );
    },
    stop: () => webhook?.stop(),
  });
  return {
    webhookPort: webhook?.port,
    leaderPart: {
      name: "unfinished polled updates",
      start: async () => {
        await journal.replayLeft(bot);
      },
    },
  };
}
