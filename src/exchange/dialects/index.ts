import type { Dialect, ExchangeDialect } from "../dialect.ts";
import { changenowDialect } from "./changenow.ts";
import { exolixDialect } from "./exolix.ts";
import { specDialect } from "./spec.ts";

const DIALECTS: Readonly<Record<ExchangeDialect, Dialect>> = {
  spec: specDialect,
  exolix: exolixDialect,
  changenow: changenowDialect,
};

/** The adapter of EXCHANGE_DIALECT. */
export function dialectNamed(name: ExchangeDialect): Dialect {
  return DIALECTS[name];
}
