import { randomBytes } from "node:crypto";
import type { RateType } from "./pricing.ts";

export interface SandboxTransaction {
  id: string;
  status: string;
  coin_from: string;
  coin_to: string;
  network_from: string;
  network_to: string;
  amount_in: number;
  amount_out_expected: number;
  amount_out: number;
  rate: number;
  rate_type: RateType;
  deposit_address: string;
  withdrawal_address: string;
  refund_address: string | null;
  tx_hash_in: string;
  tx_hash_out: string;
  created_at: string;
  /** Milliseconds of created_at, for ordering and filters. */
  createdMs: number;
  /** Set by control: the automatic schedule no longer moves this transaction. */
  manual: boolean;
}

export interface Schedule {
  confirmationAfterMs: number;
  exchangingAfterMs: number;
  successAfterMs: number;
}

const AUTO = ["wait", "confirmation", "exchanging", "success"];

function hex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}

/**
 * The sandbox's transactions, ordered by creation time, with a status machine that advances
 * lazily (on read), so tens of thousands of transactions cost nothing while nobody looks.
 */
export class TransactionStore {
  private readonly items: SandboxTransaction[] = [];
  private readonly byId = new Map<string, SandboxTransaction>();
  schedule: Schedule | false;

  constructor(schedule: Schedule | false) {
    this.schedule = schedule;
  }

  get size(): number {
    return this.items.length;
  }

  newId(): string {
    let id: string;
    do id = hex(7);
    while (this.byId.has(id));
    return id;
  }

  add(tx: SandboxTransaction): void {
    this.byId.set(tx.id, tx);
    // Usually appended (now is the newest); seeded past transactions are inserted in order.
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.createdMs > tx.createdMs) i--;
    this.items.splice(i, 0, tx);
  }

  get(id: string, now = Date.now()): SandboxTransaction | undefined {
    const tx = this.byId.get(id);
    if (tx) this.advance(tx, now);
    return tx;
  }

  /** Newest first within [fromMs, toMs]; returns the page and the total matching. */
  page(fromMs: number, toMs: number, offset: number, size: number, now = Date.now()) {
    const lo = this.lowerBound(fromMs);
    const hi = this.lowerBound(toMs + 1);
    const count = Math.max(0, hi - lo);
    const data: SandboxTransaction[] = [];
    for (let i = hi - 1 - offset; i >= lo && data.length < size; i--) {
      const tx = this.items[i]!;
      this.advance(tx, now);
      data.push(tx);
    }
    return { data, count };
  }

  all(now = Date.now()): SandboxTransaction[] {
    for (const tx of this.items) this.advance(tx, now);
    return [...this.items];
  }

  setStatus(id: string, status: string): SandboxTransaction {
    const tx = this.byId.get(id);
    if (!tx) throw new Error(`sandbox: no transaction ${id}`);
    tx.manual = true;
    this.enter(tx, status);
    return tx;
  }

  private lowerBound(ms: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid]!.createdMs < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private advance(tx: SandboxTransaction, now: number): void {
    if (!this.schedule || tx.manual) return;
    const index = AUTO.indexOf(tx.status);
    if (index < 0 || index === AUTO.length - 1) return;
    const elapsed = now - tx.createdMs;
    const { confirmationAfterMs, exchangingAfterMs, successAfterMs } = this.schedule;
    const target =
      elapsed >= successAfterMs
        ? 3
        : elapsed >= exchangingAfterMs
          ? 2
          : elapsed >= confirmationAfterMs
            ? 1
            : 0;
    if (target > index) this.enter(tx, AUTO[target]!);
  }

  /** Moves a transaction to a status, filling what the real service fills at that point. */
  private enter(tx: SandboxTransaction, status: string): void {
    tx.status = status;
    if (status !== "wait" && status !== "overdue" && !tx.tx_hash_in) tx.tx_hash_in = hex(32);
    if (status === "success") {
      if (!tx.tx_hash_out) tx.tx_hash_out = hex(32);
      tx.amount_out = tx.amount_out || tx.amount_out_expected;
    }
  }
}
