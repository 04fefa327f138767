import { z } from "zod";
import type { RateType } from "../swaps/swap.ts";

/**
 * The building blocks both dialects' schemas share. They are lenient where real services are
 * known to deviate: numbers may come as strings, extra fields are ignored, unknown statuses are
 * kept as text, and optional texts may be missing.
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

export const text = z.string();
/** A text the bot can live without: missing or null becomes "". */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
/** Missing, null or "": null. */
export const nullableText = z
  .string()
  .nullish()
  .transform((v) => (v === undefined || v === "" ? null : v));

export const id = z.coerce.string().pipe(z.string().min(1));

/** Any status text, lower-cased: statuses a dialect does not list are kept, never rejected. */
export const statusText = z.string().trim().min(1).toLowerCase();

export const rateType = z
  .string()
  .toLowerCase()
  .transform((v): RateType => (v === "fixed" ? "fixed" : "float"));

/** A memo (destination tag): a string or a number; null, empty or absent: none. */
export const memoValue = z
  .union([z.string(), z.number().finite()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));

/** A memo echoed back: undefined when the field is absent, null when it is empty. */
export const echoedMemo = z
  .union([z.string(), z.number().finite()])
  .nullish()
  .transform((v) => (v === undefined ? undefined : v === null ? null : String(v).trim() || null));

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), count: numeric.pipe(z.number().int().min(0)) });
}

/**
 * Error bodies of every dialect: `{message, code}`, `{error}`, `{errors: {field: message}}`,
 * `{error: {validation: {field: [message]}}}`, plus
 * the quote fields some put beside an out-of-range answer.
 */
export const errorBodySchema = z
  .object({
    message: z.string().nullish(),
    error: z
      .union([
        z.string(),
        z.object({ message: z.string() }),
        // LetsExchange: `{success: false, error: {validation: {field: [message]}}}`.
        z.object({ validation: z.record(z.string(), z.unknown()) }),
      ])
      .nullish(),
    errors: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
    code: z.unknown().optional(),
    minAmount: numeric.optional().catch(undefined),
    maxAmount: numeric.optional().catch(undefined),
    fromAmount: numeric.optional().catch(undefined),
    toAmount: numeric.optional().catch(undefined),
    rate: numeric.optional().catch(undefined),
    /** What some put beside their words (ChangeNOW: `{range: {minAmount, maxAmount}}`); the dialect reads it. */
    payload: z.unknown().optional(),
  })
  .catch({});
export type ErrorBody = z.infer<typeof errorBodySchema>;
