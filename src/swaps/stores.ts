import type { DepositView } from "../bot/shared/deposit-message.ts";
import type { Repositories } from "../db/repositories.ts";
import type { OutboxStore } from "../tracker/outbox-sender.ts";
import type { ReconcileStore } from "../tracker/reconciler.ts";
import type { TrackerStore } from "../tracker/status-tracker.ts";
import type { SwapStore } from "./swap-service.ts";

const PAGE_CAP_KEY = "transactions.pageCap";

/**
 * The storage each service needs, over the repositories. Where two tables must change together
 * (a created transaction and its intent) it happens in one SQLite transaction.
 */
export function createStores(
  repos: Repositories,
  chats: {
    markBlocked(chatId: number, at: number): void;
    language(chatId: number): string | undefined;
  },
) {
  /** The transaction row and its intent's completion, in one SQLite transaction. */
  const insertCreated = (
    intentKey: string,
    view: DepositView & { refundAddress: string | null; createdAt: string },
  ) => {
    repos.intents.completeWithTransaction(intentKey, {
      ...view,
      amountOut: null,
      rate: null,
      txHashIn: null,
      txHashOut: null,
    });
  };

  const swapStore: SwapStore = {
    claimIntent: (input) => repos.intents.claim(input),
    recordCreated: (input, created, view) =>
      insertCreated(input.key, {
        ...view,
        refundAddress: input.request.refundAddress ?? null,
        createdAt: created.created_at || new Date().toISOString(),
      }),
    markIntentFailed: (key, error) => repos.intents.markFailed(key, error),
    markIntentUnknown: (key) => repos.intents.markUnknown(key),
    findSwapView: (chatId, id) => repos.transactions.getForChat(chatId, id),
  };

  const reconcileStore: ReconcileStore = {
    unknownIntents: () => repos.intents.listUnknown(),
    isKnownTransaction: (id) => repos.transactions.exists(id),
    adopt: (intent, created, view) =>
      insertCreated(intent.key, {
        ...view,
        refundAddress: intent.request.refundAddress ?? null,
        createdAt: created.created_at || new Date(intent.createdAt).toISOString(),
      }),
    giveUp: (key, reason) => repos.intents.markFailed(key, reason),
    setStatusCard: (id, messageId) => repos.transactions.setCardMessage(id, messageId),
    chatLanguage: (chatId) => chats.language(chatId),
  };

  const trackerStore: TrackerStore = {
    listOpen: () => repos.transactions.listOpen(),
    applyDetail: (id, update, at) => {
      repos.transactions.applyDetail(id, update, at);
    },
    applyStatus: (id, status, at) => {
      repos.transactions.applyStatus(id, status, at);
    },
    markChecked: (ids, at) => repos.transactions.markChecked(ids, at),
    loadPageCap: () => {
      const value = Number(repos.meta.get(PAGE_CAP_KEY));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    },
    savePageCap: (cap) => repos.meta.set(PAGE_CAP_KEY, String(cap)),
  };

  const outboxStore: OutboxStore = {
    due: (limit, now) => repos.notifications.due(limit, now),
    markSent: (id, at) => repos.notifications.markSent(id, at),
    retryLater: (id, error, at) => repos.notifications.retryLater(id, error, at),
    markChatBlocked: (chatId, at) => chats.markBlocked(chatId, at),
    swap: (id) => repos.transactions.get(id),
    chatLanguage: (chatId) => chats.language(chatId),
  };

  return { swapStore, reconcileStore, trackerStore, outboxStore };
}
