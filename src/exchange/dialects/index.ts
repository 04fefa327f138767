import type { DialectAdapter, ExchangeDialect } from "../dialect.ts";
import { changenowDialect } from "./changenow.ts";
import { exolixDialect } from "./exolix.ts";
import { letsexchangeDialect } from "./letsexchange.ts";
import { specDialect } from "./spec.ts";

/** What some dialects need beside the key. */
interface DialectOptions {
  /** LetsExchange's `affiliate_id` (EXCHANGE_AFFILIATE_ID). */
  affiliateId?: string;
}

const DIALECTS: Readonly<Record<ExchangeDialect, (options: DialectOptions) => DialectAdapter>> = {
  spec: () => specDialect,
  exolix: () => exolixDialect,
  changenow: () => changenowDialect,
  letsexchange: (options) => letsexchangeDialect(options),
};

/** The adapter of EXCHANGE_DIALECT. */
export function dialectNamed(name: ExchangeDialect, options: DialectOptions = {}): DialectAdapter {
  return DIALECTS[name](options);
}
