import { KYC_RATINGS, type KycRating } from "../swaps/exchange-set.ts";
import type { ExchangeDialect } from "./dialect.ts";

/** Whether `rating` is `floor` or better (A is best); an unrated exchange meets no floor. */
export function meetsKyc(rating: KycRating | null, floor: KycRating): boolean {
  return rating !== null && KYC_RATINGS.indexOf(rating) <= KYC_RATINGS.indexOf(floor);
}

/** What the bot knows of an exchange it can name without being told: see docs/exchanges.md. */
export interface KnownExchange {
  /** Shown to users. */
  label: string;
  dialect: ExchangeDialect;
  /** Its public API, the default of EXCHANGE_<NAME>_API_URL. */
  apiUrl: string;
  /** Trocador's published rating (docs/exchanges.md names the source and its date). */
  kyc: KycRating;
  /** Its public page of one swap, from the exchange's own order id; null when it has none. */
  trackingUrl: ((orderId: string) => string) | null;
}

/**
 * The known exchanges by their lower-case name. API bases: docs/exchange-in-the-wild.md (Exolix),
 * docs/exchange-changenow.md, docs/exchange-letsexchange.md. Swap pages: cake-tech/cake_wallet
 * lib/view_model/trade_details_view_model.dart (`getTrackUrl`), the same three in Edge's plugins
 * (`orderUri`).
 */
export const KNOWN_EXCHANGES: Readonly<Record<string, KnownExchange>> = {
  exolix: {
    label: "Exolix",
    dialect: "exolix",
    apiUrl: "https://exolix.com/api/v2",
    kyc: "B",
    trackingUrl: (id) => `https://exolix.com/transaction/${encodeURIComponent(id)}`,
  },
  changenow: {
    label: "ChangeNOW",
    dialect: "changenow",
    apiUrl: "https://api.changenow.io/v2",
    kyc: "C",
    trackingUrl: (id) => `https://changenow.io/exchange/txs/${encodeURIComponent(id)}`,
  },
  letsexchange: {
    label: "LetsExchange",
    dialect: "letsexchange",
    apiUrl: "https://api.letsexchange.io/api",
    kyc: "B",
    trackingUrl: (id) => `https://letsexchange.io/?transactionId=${encodeURIComponent(id)}`,
  },
};

/** The label of the spec's dialect when it names an exchange (the sandbox's, a single exchange's). */
const SPEC_LABEL = "Swapspec";

/** The known exchange of this name (any case), if the bot knows it. */
export function knownExchange(name: string): KnownExchange | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(KNOWN_EXCHANGES, key) ? KNOWN_EXCHANGES[key] : undefined;
}

/** The name shown for the exchange named after a dialect (a single exchange, a sandbox). */
export function dialectLabel(dialect: ExchangeDialect): string {
  return knownExchange(dialect)?.label ?? SPEC_LABEL;
}

/** The exchange's public page of the swap it knows as `orderId`, or null when it has none. */
export function trackingLinkOf(name: string, orderId: string): string | null {
  return knownExchange(name)?.trackingUrl?.(orderId) ?? null;
}
