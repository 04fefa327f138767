import { randomUUID } from "node:crypto";
import type {
  ChatsStore,
  OutboxStore,
  ReconcileStore,
  SwapQueries,
  SwapStore,
  TrackerStore,
} from "../swaps/ports.ts";
import type { SupportOutboxStore, SupportStore } from "../swaps/support-ports.ts";
import { stuckKey } from "./repositories/notifications.ts";
import type { Repositories } from "./repositories.ts";

const PAGE_CAP_KEY = "transactions.pageCap";

/**
 * How long an outbox row stays claimed by the instance that took it: far longer than a send
 * (bounded retries included), so a live sender never loses its rows; a dead one's come back.
 */
const OUTBOX_LEASE_MS = 60_000;

/**
 * The core's ports over the repositories. Where several tables change together (a created
 * transaction, its intent and its message) the repository does it in one transaction. `outbox`
 * names this process's sender: outbox rows are claimed for it before sending (PostgreSQL: even two
 * instances that both believe they lead, a split brain, never send the same row at once).
 */
export function createPorts(
  repos: Repositories,
  chats: Pick<ChatsStore, "markBlocked" | "language">,
  outbox: { owner: string; leaseMs?: number } = { owner: randomUUID() },
) {
  const leaseMs = outbox.leaseMs ?? OUTBOX_LEASE_MS;
  const loadPageCap = async () => {
    const value = Number(await repos.meta.get(PAGE_CAP_KEY));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const swapStore: SwapStore = {
    claimIntent: (input) => repos.intents.claim(input),
    recordCreated: async (key, swap) => {
      await repos.intents.completeWithTransaction(key, swap);
    },
    markIntentFailed: (key, error) => repos.intents.markFailed(key, error),
    markIntentUnknown: (key) => repos.intents.markUnknown(key),
    findSwap: (chatId, id) => repos.transactions.getForChat(chatId, id),
  };

  const swapQueries: SwapQueries = {
    getForChat: (chatId, id) => repos.transactions.getForChat(chatId, id),
    latestForChat: (chatId) => repos.transactions.latestForChat(chatId),
    pageForChat: (chatId, page) => repos.transactions.pageForChat(chatId, page),
    listedForChat: (chatId, page) => repos.transactions.listedForChat(chatId, page),
    listVersion: (chatId) => repos.transactions.listVersion(chatId),
    applyProgress: (id, progress, at) => repos.transactions.applyProgress(id, progress, at),
  };

  const reconcileStore: ReconcileStore = {
    unresolvedIntents: (pendingBefore) => repos.intents.listUnresolved(pendingBefore),
    isKnownSwap: (id) => repos.transactions.exists(id),
    adopt: async (key, swap) => {
      await repos.intents.adopt(key, swap);
    },
    giveUp: async (intent, reason) => {
      await repos.intents.giveUp(intent, reason);
    },
    loadPageCap: () => loadPageCap(),
    savePageCap: (cap) => repos.meta.set(PAGE_CAP_KEY, String(cap)),
  };

  const trackerStore: TrackerStore = {
    listOpen: (exchange) => repos.transactions.listOpen(exchange),
    applyProgress: (id, progress, at) => repos.transactions.applyProgress(id, progress, at),
    applyReceipt: (id, progress, at) => repos.transactions.applyReceipt(id, progress, at),
    markChecked: (ids, at) => repos.transactions.markChecked(ids, at),
    recordNotFound: (id, at, next) => repos.transactions.recordNotFound(id, at, next),
    giveUp: (id, at) => repos.transactions.giveUp(id, at),
    queueStuck: (swap, at) =>
      repos.notifications.enqueueOutbox(
        {
          kind: "stuck",
          chatId: swap.chatId,
          transactionId: swap.id,
          status: swap.status,
          dedupeKey: stuckKey(swap.id, swap.status),
        },
        at,
      ),
    loadPageCap: () => loadPageCap(),
    savePageCap: (cap) => repos.meta.set(PAGE_CAP_KEY, String(cap)),
  };

  const outboxStore: OutboxStore = {
    due: (limit, now) => repos.notifications.claimDue(limit, now, outbox.owner, leaseMs),
    markSent: (id, at) => repos.notifications.markSent(id, at),
    retryLater: (id, error, at, maybeSent) =>
      repos.notifications.markFailed(id, error, at, maybeSent),
    drop: (id, reason, at) => repos.notifications.drop(id, reason, at),
    markChatBlocked: (chatId, at) => chats.markBlocked(chatId, at),
    swap: (id) => repos.transactions.get(id),
    setStatusCard: async (id, messageId) => {
      await repos.transactions.setCardMessage(id, messageId);
    },
    chatLanguage: (chatId) => chats.language(chatId),
  };

  const { support } = repos;
  const supportStore: SupportStore = {
    activeTicket: (chatId, draftSince) => support.activeTicket(chatId, draftSince),
    draft: (author, transactionId, now) => support.draft(author, transactionId, now),
    discardDraft: (chatId) => support.discardDraft(chatId),
    open: (id, message, now) => support.open(id, message, now),
    addUserMessage: (id, message, now) => support.addUserMessage(id, message, now),
    messagesSince: (chatId, since) => support.messagesSince(chatId, since),
    markFloodWarned: (id, at) => support.markFloodWarned(id, at),
    ticket: (id) => support.ticket(id),
    ticketOfSupportMessage: (messageId) => support.ticketOfSupportMessage(messageId),
    ticketOfTopic: (topicId) => support.ticketOfTopic(topicId),
    addAnswer: (id, message, now) => support.addAnswer(id, message, now),
    close: (id, by, now) => support.close(id, by, now),
  };

  const supportOutboxStore: SupportOutboxStore = {
    due: (limit, now) => support.claimDue(limit, now, outbox.owner, leaseMs),
    ticket: (id) => support.ticket(id),
    swap: (ticket) =>
      ticket.transactionId === null
        ? undefined
        : repos.transactions.getForChat(ticket.chatId, ticket.transactionId),
    statusHistory: (id) => support.statusHistory(id),
    setTopic: (id, topicId) => support.setTopic(id, topicId),
    markSent: (id, at, messageId) => support.markSent(id, at, messageId),
    retryLater: (id, error, at) => support.retryLater(id, error, at),
    drop: (id, reason, at) => support.drop(id, reason, at),
  };

  return {
    swapStore,
    swapQueries,
    reconcileStore,
    trackerStore,
    outboxStore,
    supportStore,
    supportOutboxStore,
  };
}

/** The chats repository as the chat settings cache sees it. */
export function chatsStore(repos: Repositories): ChatsStore {
  return {
    language: (chatId) => repos.chats.language(chatId),
    setLanguage: (chatId, language) => repos.chats.setLanguage(chatId, language),
    touch: (chatId, type, languageHint) => repos.chats.upsert(chatId, type, languageHint),
    markBlocked: (chatId, now) => repos.chats.markBlocked(chatId, now),
  };
}
