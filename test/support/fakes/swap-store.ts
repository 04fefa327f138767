import type { ClaimResult, Intent, IntentInput, SwapRecord } from "../../../src/swaps/intent.ts";
import type { OutboxKind } from "../../../src/swaps/outbox.ts";
import type { ReconcileStore } from "../../../src/swaps/reconcile-store.ts";
import type { Swap, SwapProgress } from "../../../src/swaps/swap.ts";
import type { SwapQueries } from "../../../src/swaps/swap-queries.ts";
import type { SwapStore } from "../../../src/swaps/swap-store.ts";

/** A message queued for a chat, as the outbox keeps it: one per `dedupeKey`. */
export interface QueuedMessage {
  kind: OutboxKind;
  chatId: number;
  transactionId?: string;
  intentKey?: string;
  dedupeKey: string;
}

/**
 * The swap service's, the reader's and the reconciler's storage in memory, for the fast tier: the
 * same rules as the repositories (test/db/ proves those on both databases): a key is claimed once;
 * a failed intent may be claimed again, its POST time moved; a created one is never downgraded; a
 * swap adopted or given up on queues its chat's message in the same step, once.
 */
export class MemorySwapStore implements SwapStore, SwapQueries, ReconcileStore {
  readonly intents = new Map<string, Intent>();
  readonly swaps = new Map<string, Swap>();
  /** The outbox's rows, in the order they were queued. */
  readonly outbox: QueuedMessage[] = [];
  /** Whether the next write of a swap fails (a full disk). */
  failWrites = false;
  private pageCap: number | undefined;

  constructor(private readonly now: () => number = () => 0) {}

  claim(input: IntentInput): ClaimResult {
    const at = this.now();
    const stored = this.intents.get(input.key);
    if (stored && stored.state !== "failed") return { claimed: false, intent: { ...stored } };
    const intent: Intent = {
      key: input.key,
      chatId: input.chatId,
      userId: input.userId,
      request: input.request,
      exchange: input.exchange,
      fixedAmountOut: input.fixedAmountOut ?? null,
      state: "pending",
      transactionId: null,
      error: null,
      createdAt: at,
      updatedAt: at,
    };
    this.intents.set(input.key, intent);
    return { claimed: true, intent: { ...intent } };
  }

  recordCreated(intentKey: string, record: SwapRecord): { inserted: boolean } {
    if (this.failWrites) throw new Error("disk full");
    const intent = this.intents.get(intentKey);
    if (!intent) throw new Error(`no swap intent ${intentKey}`);
    const inserted = !this.swaps.has(record.id);
    if (inserted) {
      this.swaps.set(record.id, {
        payoutMemo: null,
        refundMemo: null,
        txLinkIn: null,
        txLinkOut: null,
        ...record,
        holdLink: record.holdLink ?? null,
        holdAsks: record.holdAsks ?? null,
        chatId: intent.chatId,
        userId: intent.userId,
        statusChangedAt: this.now(),
        cardMessageId: null,
        lastCheckedAt: null,
        notFoundSince: null,
        nextLookupAt: null,
        givenUpAt: null,
      });
    }
    Object.assign(intent, { state: "created", transactionId: record.id, error: null });
    return { inserted };
  }

  markFailed(key: string, error: string): void {
    this.fail(key, error);
  }

  /**
   * Unresolved intents POSTed to one of `exchanges`, oldest first: `unknown` ones, and `pending`
   * ones claimed before then.
   */
  listUnresolved(pendingBefore: number, exchanges: readonly string[]): Intent[] {
    return [...this.intents.values()]
      .filter(
        (i) =>
          exchanges.includes(i.exchange) &&
          (i.state === "unknown" || (i.state === "pending" && i.createdAt < pendingBefore)),
      )
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((i) => ({ ...i }));
  }

  isKnownSwap(id: string): boolean {
    return this.swaps.has(id);
  }

  adopt(intentKey: string, record: SwapRecord): { inserted: boolean } {
    const { inserted } = this.recordCreated(intentKey, record);
    if (inserted) {
      const kind = record.suspect ? "suspect" : "deposit";
      const { chatId } = this.swaps.get(record.id)!;
      this.queue({ kind, chatId, transactionId: record.id, dedupeKey: `${kind}:${record.id}` });
    }
    return { inserted };
  }

  giveUp(intent: Intent, reason: string): boolean {
    const failed = this.fail(intent.key, reason);
    if (failed) {
      const dedupeKey = `not-created:${intent.key}:${intent.createdAt}`;
      this.queue({ kind: "not-created", chatId: intent.chatId, intentKey: intent.key, dedupeKey });
    }
    return failed;
  }

  loadPageCap(): number | undefined {
    return this.pageCap;
  }

  savePageCap(cap: number): void {
    this.pageCap = cap;
  }

  /** Nothing was created: the intent may be claimed again. A created one is never downgraded. */
  private fail(key: string, error: string): boolean {
    const intent = this.intents.get(key);
    if (!intent || intent.state === "created") return false;
    Object.assign(intent, { state: "failed", error, updatedAt: this.now() });
    return true;
  }

  private queue(message: QueuedMessage): void {
    if (!this.outbox.some((m) => m.dedupeKey === message.dedupeKey)) this.outbox.push(message);
  }

  markUnknown(key: string): void {
    const intent = this.intents.get(key);
    if (intent && intent.state !== "created")
      Object.assign(intent, { state: "unknown", updatedAt: this.now() });
  }

  getForChat(chatId: number, id: string): Swap | undefined {
    const swap = this.swaps.get(id);
    return swap?.chatId === chatId ? { ...swap } : undefined;
  }

  latestForChat(chatId: number): Swap | undefined {
    return this.forChat(chatId).at(-1);
  }

  pageForChat(chatId: number, page: { limit: number; offset: number }) {
    const all = this.forChat(chatId).reverse();
    return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
  }

  listedForChat(chatId: number, page: { limit: number; offset: number }) {
    return this.pageForChat(chatId, page);
  }

  listVersion(): undefined {
    return undefined;
  }

  applyProgress(id: string, progress: SwapProgress, at: number): boolean {
    const swap = this.swaps.get(id);
    if (!swap) return false;
    const changed = swap.status !== progress.status;
    for (const [key, value] of Object.entries(progress)) {
      if (value !== null && value !== undefined) Object.assign(swap, { [key]: value });
    }
    swap.lastCheckedAt = at;
    if (changed) swap.statusChangedAt = at;
    return changed;
  }

  private forChat(chatId: number): Swap[] {
    return [...this.swaps.values()].filter((swap) => swap.chatId === chatId).map((s) => ({ ...s }));
  }
}
