import type { ExchangePort } from "./exchange-port.ts";

/**
 * How far an exchange may go in asking a user for identity, as Trocador rates it (docs/exchanges.md):
 * A never asks, D may hold funds until verified.
 */
export const KYC_RATINGS = ["A", "B", "C", "D"] as const;
export type KycRating = (typeof KYC_RATINGS)[number];

/** One exchange the bot offers: the operator's name for it, how users see it, and its port. */
export interface OfferedExchange {
  /** What swaps and intents record as their exchange (`Swap.exchange`). */
  id: string;
  /** Shown to users: "Exolix". */
  label: string;
  port: ExchangePort;
  /** Its KYC rating; null: unrated. */
  kyc: KycRating | null;
  /** The exchange's own page of one of its swaps, where it has one. */
  trackingLink(orderId: string): string | null;
  /**
   * Other ids its swaps were recorded under before (the URL's origin, as the single-exchange
   * settings record them): they are still this exchange's, shown and followed as such.
   */
  aliases?: readonly string[];
}

/**
 * The exchanges the bot offers, in the operator's order of preference (the first is the one
 * anything recorded before exchanges were named belongs to). One whose key the exchange refuses is
 * taken out of the offers until a request with its key succeeds again (its recovery check asks) or
 * the process starts again: the operator must fix the key.
 */
export class ExchangeSet {
  private readonly byId: ReadonlyMap<string, OfferedExchange>;
  private readonly out = new Map<string, string>();
  /** How many times each exchange has been taken out since start. */
  private readonly takeOuts = new Map<string, number>();

  constructor(readonly all: readonly OfferedExchange[]) {
    if (all.length === 0) throw new Error("no exchange to offer");
    const byId = new Map<string, OfferedExchange>();
    for (const exchange of all) {
      for (const alias of exchange.aliases ?? []) byId.set(alias, exchange);
    }
    for (const exchange of all) byId.set(exchange.id, exchange);
    this.byId = byId;
  }

  /** The operator's first choice. */
  get primary(): OfferedExchange {
    return this.all[0]!;
  }

  /** The exchange a swap or intent records (by its id or an alias); undefined: not configured any more. */
  get(id: string): OfferedExchange | undefined {
    return this.byId.get(id);
  }

  /** How users see a recorded exchange: its label, or the recorded id of one no longer configured. */
  labelOf(id: string): string {
    return this.byId.get(id)?.label ?? id;
  }

  /** The exchanges offered now, in the operator's order: the configured ones not taken out. */
  offering(): OfferedExchange[] {
    return this.all.filter((exchange) => !this.out.has(exchange.id));
  }

  /** Takes an exchange out of the offers; true when it was offered until now. */
  takeOut(id: string, reason: string): boolean {
    if (!this.byId.has(id) || this.out.has(id)) return false;
    this.out.set(id, reason);
    this.takeOuts.set(id, this.timesOut(id) + 1);
    return true;
  }

  /** How many times an exchange has been taken out since start (one back already counts). */
  timesOut(id: string): number {
    return this.takeOuts.get(id) ?? 0;
  }

  /** Offers an exchange taken out again; true when it was out. */
  bringBack(id: string): boolean {
    return this.out.delete(id);
  }

  /** Why an exchange is out of the offers; undefined: it is offered. */
  whyOut(id: string): string | undefined {
    return this.out.get(id);
  }
}

/** Why an exchange whose key was refused is out of the offers (see ExchangeSet.whyOut). */
export function keyRefused(status: number): string {
  return `the exchange refused the API key (HTTP ${status})`;
}
