import { type ConversationOptions, conversations } from "@grammyjs/conversations";
import type { I18n } from "@grammyjs/i18n";
import { Bot, type Context, type MiddlewareFn, type Transformer } from "grammy";
import type { CoinCatalog } from "../catalog/catalog.ts";
import type { Awaitable } from "../lib/awaitable.ts";
import { type Clock, realClock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import type { QuoteService } from "../quotes/quote-service.ts";
import { createCancelFeature } from "./cancel/cancel.ts";
import type { BotContext, FlowContext } from "./context.ts";
import { callsThroughReplayLog } from "./conversation-api.ts";
import { createCurrenciesFeature } from "./currencies/currencies.ts";
import { createFallbackFeature } from "./fallback/fallback.ts";
import { createForgetFeature, type ForgetDeps } from "./forget/forget.ts";
import { createGroupsFeature, flowLinkInGroup } from "./groups/groups.ts";
import { createHelpFeature } from "./help/help.ts";
import { createHistoryFeature, type HistoryDeps } from "./history/history.ts";
import { withHtmlParseMode } from "./html.ts";
import { createI18n, createLocaleMiddleware, escapeTranslationVariables } from "./i18n.ts";
import { createInlineFeature } from "./inline/inline.ts";
import { createLanguageFeature } from "./language/language.ts";
import { LeanComposer } from "./plumbing/lean-composer.ts";
import { oneChatAtATime } from "./plumbing/one-chat-at-a-time.ts";
import { replyRetry } from "./plumbing/reply-retry.ts";
import { telegramFetch } from "./plumbing/telegram-fetch.ts";
import { reportThrottling, telegramRetry } from "./plumbing/telegram-retry.ts";
import { UpdatesInFlight } from "./plumbing/updates-in-flight.ts";
import { createRateFeature } from "./rate/rate.ts";
import { createStartFeature } from "./start/start.ts";
import { createStatsFeature, type StatsDeps } from "./stats/stats.ts";
import { createStatusFeature, type StatusDeps } from "./status/status.ts";
import { storageFailure } from "./storage-failure.ts";
import {
  createSupportFeature,
  type SupportDeps,
  supportDraftDrop,
  supportStartLink,
} from "./support/support.ts";
import { type FlowVersions, flowVersions } from "./swap-flow/flow-versions.ts";
import type { FlowDeps } from "./swap-flow/session.ts";
import {
  createExchangeConversation,
  createExchangeEntry,
  createExchangeExits,
  flowStartLink,
} from "./swap-flow/swap-flow.ts";

interface BotDependencies
  extends FlowDeps,
    StatusDeps,
    HistoryDeps,
    ForgetDeps,
    SupportDeps,
    Omit<StatsDeps, "adminChatIds"> {
  /** The language a chat chose with /language, if any. */
  chatLanguage(chatId: number): Awaitable<string | undefined>;
  setChatLanguage(chatId: number, chatType: string, language: string): Awaitable<void>;
  /** Records that a chat talks to us (and so has not blocked the bot). */
  touchChat(chatId: number, chatType: string, languageHint?: string): Awaitable<void>;
  logger: Logger;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** The conversations plugin's storage for the flow's versions (see swap-flow/flow-versions.ts). */
  conversationStorage(
    versions: FlowVersions<BotContext>,
  ): ConversationOptions<BotContext, FlowContext>["storage"];
}

/** What the bot reports to /metrics (ops/metrics.ts implements it with prom-client). */
export interface UpdateMetrics {
  updates: { inc(labels: { type: string }): void };
  updateDuration: { observe(labels: { type: string }, seconds: number): void };
  telegramFailures: { inc(labels: { method: string; code: string }): void };
}

interface TelegramOptions {
  token: string;
  apiRoot: string;
  metrics?: UpdateMetrics;
  logger: Logger;
  /** The language a chat chose with /language, if any. */
  chatLanguage(chatId: number): Awaitable<string | undefined>;
}

/** The bot before its features: what sends to Telegram, and the texts it sends. */
export interface Telegram {
  bot: Bot<BotContext>;
  i18n: I18n<FlowContext>;
}

/**
 * The Bot API client (with its transformers: HTML, failures counted, bounded retries) and the
 * translations, before any feature: the parts that send through them (the notifier, the admin
 * alerts) are built first, and the features, which need those parts, are installed afterwards.
 */
export function createTelegram(options: TelegramOptions): Telegram {
  const bot = new Bot<BotContext>(options.token, {
    client: { apiRoot: options.apiRoot, fetch: telegramFetch },
  });
  bot.api.config.use(eachAttempt(options.logger, options.metrics));
  bot.api.config.use(telegramRetry());
  return { bot, i18n: createI18n(options.chatLanguage) };
}

interface FeatureOptions {
  metrics?: UpdateMetrics;
  adminChatIds?: readonly number[];
  /** How long an exchange flow waits for an answer before it expires (tests shorten it). */
  flowIdleMs?: number;
  /** Where a reply waits before it is tried again (tests move it). */
  clock?: Clock;
}

/**
 * Installs plugins, then every feature behind one error boundary. `npm start`, the tests and the
 * benchmarks all build the bot here, so they all run the same bot. Returns the count of updates
 * being handled, which a stop waits for.
 */
export function installFeatures(
  { bot, i18n }: Telegram,
  options: FeatureOptions,
  deps: BotDependencies,
): UpdatesInFlight {
  const { metrics } = options;
  // Everything below runs for every update: see LeanComposer for why it is not `bot` itself.
  const root = new LeanComposer<BotContext>();
  bot.use(root);
  const inFlight = new UpdatesInFlight();
  root.use(inFlight.middleware);
  if (metrics) root.use(measureUpdates(metrics));
  // A reply that Telegram fails (a 5xx, a network error) is tried again for a while.
  root.use(
    replyRetry({
      clock: options.clock ?? realClock,
      logger: deps.logger,
      stopping: inFlight.stopping,
    }),
  );

  // One chat's updates in order (a flow's steps), different chats in parallel.
  root.use(oneChatAtATime(chatKey));
  // Bookkeeping (when the chat was last seen): the database refusing it must not silence the chat.
  // Before the locale: a chat's first message writes its row and learns its language in one
  // statement, so the locale below needs no read of its own.
  const touchFailed = (error: unknown) =>
    deps.logger.warn({ err: error }, "could not record the chat's visit");
  root.on("message", (ctx, next) => {
    let touched: ReturnType<typeof deps.touchChat>;
    try {
      touched = deps.touchChat(ctx.chat.id, ctx.chat.type, ctx.from?.language_code);
    } catch (error) {
      touchFailed(error);
      return next();
    }
    return touched instanceof Promise ? touched.catch(touchFailed).then(next) : next();
  });

  root.use(createLocaleMiddleware(i18n, deps.chatLanguage));

  const features = root.errorBoundary(async ({ error, ctx }) => {
    deps.logger.error({ err: error, update: ctx.update.update_id }, "update failed");
    await replyFailure(ctx, error);
  });
  // Inline queries have no chat: they must not reach the conversations plugin, whose storage key
  // would then be shared by everyone.
  features.on("inline_query", createInlineFeature(deps));
  features.use(conversations({ storage: deps.conversationStorage(flowVersions()) }));
  // Contexts inside a conversation are built by the plugin: i18n and the Api reach them only
  // through `plugins` (see conversation-api.ts for why calls go through the replay log).
  const exchange = createExchangeConversation(
    deps,
    (conversation) => [i18n, escapeTranslationVariables, callsThroughReplayLog(conversation)],
    options.flowIdleMs,
  );
  features.use(
    // Before the groups' and the flow's commands: the support chat's messages, and the messages
    // of a chat with an open ticket.
    createSupportFeature(deps),
    createGroupsFeature(),
    // /cancel and /start each have one handler, which routes to the features; in front of the
    // conversation, so that a running flow does not take them as input.
    createCancelFeature({ dropSupportDraft: supportDraftDrop(deps) }),
    createExchangeExits(),
    createStartFeature(deps.webAppUrl, {
      support: supportStartLink(deps),
      flowInGroup: flowLinkInGroup,
      flow: flowStartLink(exchange),
    }),
    createHelpFeature(deps.webAppUrl, deps.desk !== undefined),
    createLanguageFeature({ ...deps, i18n }),
    createForgetFeature(deps),
    createStatsFeature({ ...deps, adminChatIds: options.adminChatIds ?? [] }),
    createRateFeature(deps),
    createCurrenciesFeature(deps),
    createStatusFeature(deps),
    createHistoryFeature(deps),
    exchange,
    createExchangeEntry(),
    createFallbackFeature(),
  );

  bot.catch(({ error, ctx }) => {
    deps.logger.error(
      { err: error, update: ctx.update.update_id },
      "update failed outside features",
    );
  });
  return inFlight;
}

/** Update counts and handling time by update type, for /metrics. */
function measureUpdates(metrics: UpdateMetrics): MiddlewareFn<BotContext> {
  // One label object per update type, made once: this runs for every update.
  const labels = new Map<string, { type: string }>();
  return async (ctx, next) => {
    const type = updateType(ctx.update);
    let label = labels.get(type);
    if (!label) {
      label = { type };
      labels.set(type, label);
    }
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.updateDuration.observe(label, (performance.now() - started) / 1000);
      metrics.updates.inc(label);
    }
  };
}

function updateType(update: BotContext["update"]): string {
  for (const key in update) if (key !== "update_id") return key;
  return "unknown";
}

/**
 * What every attempt of a Bot API call goes through, as one transformer: grammY installs each
 * transformer afresh on every update's Api and each is one more layer around every call. The
 * HTML parse mode, then failures counted by method and error code for /metrics and a warning per
 * 429 (auto-retry, outside, repeats some of them).
 */
function eachAttempt(logger: Logger, metrics: UpdateMetrics | undefined): Transformer {
  return (prev, method, payload, signal) =>
    prev(method, withHtmlParseMode(method, payload), signal).then((result) => {
      if (!result.ok) {
        metrics?.telegramFailures.inc({ method, code: String(result.error_code) });
        reportThrottling(logger, method, result);
      }
      return result;
    });
}

function chatKey(ctx: Context): string | undefined {
  return ctx.chat?.id.toString();
}

async function replyFailure(ctx: BotContext, error: unknown): Promise<void> {
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
    if (ctx.chat) {
      await ctx.reply(ctx.t(storageFailure(error) ? "error-storage" : "error-generic"));
    }
  } catch {
    // Telegram itself is failing; the log line above is all we can do.
  }
}
