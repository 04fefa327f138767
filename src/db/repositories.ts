import { randomUUID } from "node:crypto";
import type { ChatsStore } from "../swaps/chats-store.ts";
import type { OutboxStore } from "../swaps/outbox.ts";
import type { PageCapStore } from "../swaps/page-cap-store.ts";
import type { ReconcileStore } from "../swaps/reconcile-store.ts";
import type { SupportOutboxStore, SupportStore } from "../swaps/support-ports.ts";
import type { SwapQueries } from "../swaps/swap-queries.ts";
import type { SwapStore } from "../swaps/swap-store.ts";
import type { TrackerStore } from "../swaps/tracker-store.ts";
import { createChatsRepository } from "./repositories/chats.ts";
import { createCoinsRepository } from "./repositories/coins.ts";
import { createConversationsRepository } from "./repositories/conversations.ts";
import { createIntentsRepository } from "./repositories/intents.ts";
import { createMetaRepository } from "./repositories/meta.ts";
import { createNotificationsRepository } from "./repositories/notifications.ts";
import { createPrivacyRepository } from "./repositories/privacy.ts";
import { createStatsRepository } from "./repositories/stats.ts";
import { createSupportRepository } from "./repositories/support.ts";
import { createTransactionsRepository } from "./repositories/transactions.ts";
import { createUpdatesRepository } from "./repositories/updates.ts";
import type { Seam } from "./seam.ts";

/** Every repository, on either database: each is written once over the dialect seam. */
export function createRepositories(db: Seam) {
  return {
    chats: createChatsRepository(db),
    coins: createCoinsRepository(db),
    conversations: createConversationsRepository(db),
    intents: createIntentsRepository(db),
    meta: createMetaRepository(db),
    notifications: createNotificationsRepository(db),
    privacy: createPrivacyRepository(db),
    stats: createStatsRepository(db),
    support: createSupportRepository(db),
    transactions: createTransactionsRepository(db),
    updates: createUpdatesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

interface Ports {
  swapStore: SwapStore;
  swapQueries: SwapQueries;
  reconcileStore: ReconcileStore;
  trackerStore: TrackerStore;
  outboxStore: OutboxStore;
  supportStore: SupportStore;
  supportOutboxStore: SupportOutboxStore;
}

/**
 * How long an outbox row stays claimed by the sender that took it: far longer than a send
 * (bounded retries included), so a live sender never loses its rows; a dead one's come back.
 */
const OUTBOX_LEASE_MS = 60_000;

/**
 * The core's ports: the repositories themselves, a port that spans tables taking each method from
 * its table's. `chats` is the cache in front of the chats table; outbox rows are claimed for
 * `owner`, this process's sender (docs/design.md §6, "Claims").
 */
export function createPorts(
  repos: Repositories,
  chats: Pick<ChatsStore, "markBlocked" | "language">,
  { owner, leaseMs = OUTBOX_LEASE_MS }: { owner: string; leaseMs?: number } = {
    owner: randomUUID(),
  },
): Ports {
  const { intents, meta, notifications, support, transactions } = repos;
  // Each port says which it is (`satisfies`): a method missing from its repositories, or one
  // answering otherwise, fails the type check on its line.
  const pageCap = {
    loadPageCap: meta.loadPageCap,
    savePageCap: meta.savePageCap,
  } satisfies PageCapStore;
  return {
    swapStore: { ...intents, getForChat: transactions.getForChat } satisfies SwapStore,
    swapQueries: transactions satisfies SwapQueries,
    reconcileStore: {
      ...intents,
      ...pageCap,
      isKnownSwap: transactions.exists,
    } satisfies ReconcileStore,
    trackerStore: {
      ...transactions,
      ...pageCap,
      queueStuck: notifications.queueStuck,
    } satisfies TrackerStore,
    outboxStore: {
      ...notifications,
      due: (limit, now) => notifications.claimDue(limit, now, owner, leaseMs),
      markChatBlocked: chats.markBlocked,
      chatLanguage: chats.language,
      swap: transactions.get,
      setStatusCard: transactions.setStatusCard,
    } satisfies OutboxStore,
    supportStore: support satisfies SupportStore,
    supportOutboxStore: {
      ...support,
      due: (limit, now) => support.claimDue(limit, now, owner, leaseMs),
      swap: (ticket) =>
        ticket.transactionId === null
          ? undefined
          : transactions.getForChat(ticket.chatId, ticket.transactionId),
    } satisfies SupportOutboxStore,
  };
}
