import { z } from "zod";

/**
 * Response schemas of the exchange API v2, fields named exactly as the spec names them. They are
 * lenient where real services are known to deviate: numbers may come as strings, extra fields are
 * ignored, statuses beyond the documented six are kept as text, and optional texts may be missing.
 */

/** A JSON number, or a string holding one ("0.5"): some services serialize amounts as strings. */
export const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, "not a number"),
  ])
  .transform((v) => (typeof v === "number" ? v : Number(v)))
  .pipe(z.number().finite());

const text = z.string();
/** A text the bot can live without: missing or null becomes "". */
const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
const nullableText = z
  .string()
  .nullish()
  .transform((v) => (v === undefined || v === "" ? null : v));

/** Any status text, lower-cased: statuses the spec does not list are kept, never rejected. */
const status = z.string().trim().min(1).toLowerCase();
const rateType = z
  .string()
  .toLowerCase()
  .transform((v): RateType => (v === "fixed" ? "fixed" : "float"));
export type RateType = "float" | "fixed";

export const currencySchema = z.object({
  code: z.string().trim().min(1),
  name: optionalText,
  icon: optionalText,
  notes: optionalText,
});
export type Currency = z.infer<typeof currencySchema>;

export const rateQuoteSchema = z.object({
  fromAmount: numeric,
  toAmount: numeric,
  rate: numeric,
  minAmount: numeric,
  maxAmount: numeric,
  rateType: rateType.optional(),
  message: nullableText,
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

/**
 * A deposit memo (destination tag), which the spec does not show: exchanges in the wild answer it
 * as `deposit_extra_id` or `depositExtraId`, a string or a number. Null, empty or absent: none.
 */
const memoValue = z
  .union([z.string(), z.number().finite()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));
const memoFields = { deposit_extra_id: memoValue, depositExtraId: memoValue };

/** One field for the memo, whichever spelling carried it. */
function withMemo<T extends { deposit_extra_id: string | null; depositExtraId: string | null }>({
  deposit_extra_id,
  depositExtraId,
  ...rest
}: T): Omit<T, "deposit_extra_id" | "depositExtraId"> & { deposit_memo: string | null } {
  return { ...rest, deposit_memo: deposit_extra_id ?? depositExtraId };
}

const createdTransactionShape = z.object({
  id: z.coerce.string().pipe(z.string().min(1)),
  status,
  coin_from: text,
  coin_to: text,
  amount_in: numeric,
  amount_out_expected: numeric,
  deposit_address: z.string().min(1),
  withdrawal_address: text,
  rate_type: rateType.optional(),
  created_at: text,
  // Not in the spec's created shape, but some services echo them: when they do (even as null),
  // they are checked; undefined means not echoed.
  network_from: z.string().nullish(),
  network_to: z.string().nullish(),
  refund_address: z.string().nullish(),
});
export const createdTransactionSchema = createdTransactionShape
  .extend(memoFields)
  .transform(withMemo);
export type CreatedTransaction = z.infer<typeof createdTransactionSchema>;

export const transactionListItemSchema = z.object({
  id: z.coerce.string().pipe(z.string().min(1)),
  status,
  coin_from: text,
  coin_to: text,
  amount_in: numeric,
  amount_out: numeric.nullish(),
  created_at: text,
  // Not in the spec's list shape, but some exchanges list it: a candidate it rules out costs no
  // detail read when reconciling.
  withdrawal_address: text.optional(),
});
export type TransactionListItem = z.infer<typeof transactionListItemSchema>;

const transactionDetailShape = z.object({
  id: z.coerce.string().pipe(z.string().min(1)),
  status,
  coin_from: text,
  coin_to: text,
  network_from: nullableText,
  network_to: nullableText,
  amount_in: numeric,
  amount_out: numeric.nullish(),
  rate: numeric.nullish(),
  rate_type: rateType.optional(),
  deposit_address: text,
  withdrawal_address: text,
  refund_address: nullableText,
  tx_hash_in: nullableText,
  tx_hash_out: nullableText,
  created_at: text,
});
export const transactionDetailSchema = transactionDetailShape
  .extend(memoFields)
  .transform(withMemo);
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: numeric.pipe(z.number().int().min(0)) });
}
export interface Page<T> {
  data: T[];
  count: number;
}

/**
 * Error bodies: the spec's `{message, code}`, and the shapes real services send instead
 * (`{error}`, `{errors: {field: message}}`), plus the amount limits some put beside an
 * out-of-range answer.
 */
export const errorBodySchema = z
  .object({
    message: z.string().nullish(),
    error: z.union([z.string(), z.object({ message: z.string() })]).nullish(),
    errors: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
    code: z.unknown().optional(),
    minAmount: numeric.optional().catch(undefined),
    maxAmount: numeric.optional().catch(undefined),
    fromAmount: numeric.optional().catch(undefined),
    toAmount: numeric.optional().catch(undefined),
    rate: numeric.optional().catch(undefined),
  })
  .catch({});
export type ErrorBody = z.infer<typeof errorBodySchema>;
