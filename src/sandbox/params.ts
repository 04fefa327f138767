import type { SandboxCoin } from "./coins.ts";
import { HttpError } from "./http.ts";
import type { SandboxRateType } from "./pricing.ts";

/** A positive integer query parameter (page, size); absent means the default. */
export function positiveInt(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new HttpError(400, `${name} must be a positive integer`, name);
  }
  return value;
}

/** A coin by code, any case; an unknown one is `unknown()`'s error (400 naming it by default). */
export function coinParam(
  byCode: ReadonlyMap<string, SandboxCoin>,
  value: unknown,
  name: string,
  unknown?: () => HttpError,
): SandboxCoin {
  if (value === undefined || value === null || value === "") {
    throw new HttpError(400, `${name} is required`, name);
  }
  if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`, name);
  const found = byCode.get(value.trim().toLowerCase());
  if (!found && unknown) throw unknown();
  if (!found) throw new HttpError(400, `${name} '${value}' is not a supported currency`, name);
  return found;
}

/** A network of `of`; absent means its default (first) network. Case does not matter. */
export function network(of: SandboxCoin, value: unknown, name: string): string {
  if (value === undefined || value === null || value === "") return of.networks[0]!;
  const code = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (!of.networks.includes(code)) {
    throw new HttpError(
      400,
      `${name} '${String(value)}' is not a network of ${of.code.toUpperCase()}; supported: ${of.networks.join(", ")}`,
      name,
    );
  }
  return code;
}

/** The rate type; absent means `fallback` (the spec's float, Exolix's fixed). */
export function rateTypeParam(
  value: unknown,
  fallback: SandboxRateType = "float",
): SandboxRateType {
  if (value === undefined || value === null || value === "") return fallback;
  if (value === "float" || value === "fixed") return value;
  throw new HttpError(400, "rateType must be 'float' or 'fixed'", "rateType");
}

function positiveAmount(value: number, name = "amount"): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new HttpError(400, `${name} must be a positive number`, name);
  }
  return value;
}

/** The amount of GET /rate, a decimal in the query string. */
export function queryAmount(raw: string | null, name = "amount"): number {
  if (raw === null || raw.trim() === "") throw new HttpError(400, `${name} is required`, name);
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw.trim())) {
    throw new HttpError(400, `${name} must be a positive number`, name);
  }
  return positiveAmount(Number(raw), name);
}

/** The amount of POST /transactions: the spec types it as a JSON number, so a string is refused. */
export function bodyAmount(value: unknown): number {
  if (value === undefined || value === null) {
    throw new HttpError(400, "amount is required", "amount");
  }
  if (typeof value !== "number") throw new HttpError(400, "amount must be a number", "amount");
  return positiveAmount(value);
}

/** An amount of Exolix's POST body: a JSON number or a numeric string ("0.01"), both accepted. */
export function looseAmount(value: unknown, name: string): number {
  if (value === undefined || value === null || value === "") {
    throw new HttpError(400, `${name} is required`, name);
  }
  if (typeof value === "string" && /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) {
    return positiveAmount(Number(value), name);
  }
  if (typeof value !== "number") throw new HttpError(400, `${name} must be a number`, name);
  return positiveAmount(value, name);
}

/** A memo (extra id): a string or a whole number; absent or "" means none (as EDGE sends). */
export function memo(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`, name);
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function requiredString(value: unknown, name: string): string {
  if (value === undefined || value === null || value === "") {
    throw new HttpError(400, `${name} is required`, name);
  }
  if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`, name);
  return value.trim();
}

export function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") throw new HttpError(400, `${name} must be a string`, name);
  return value.trim();
}

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO 8601 date or date-time as epoch ms. Without a zone it is UTC (the API's timestamps are).
 * A bare date means the start of that day, or its end when `endOfDay` (an inclusive dateTo).
 */
export function isoDate(
  params: URLSearchParams,
  name: string,
  endOfDay = false,
): number | undefined {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === "") return undefined;
  const m = ISO_8601.exec(raw);
  const invalid = () => new HttpError(400, `${name} must be an ISO 8601 date`, name);
  if (!m) throw invalid();
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h ?? 0);
  const minute = Number(mi ?? 0);
  const second = Number(s ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    throw invalid();
  }
  let ms = Date.UTC(
    Number(y),
    month - 1,
    day,
    hour,
    minute,
    second,
    Number((frac ?? "0").padEnd(3, "0").slice(0, 3)),
  );
  if (new Date(ms).getUTCDate() !== day) throw invalid(); // 2024-02-31
  if (zone && zone.toUpperCase() !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  if (h === undefined && endOfDay) ms += 86_400_000 - 1;
  return ms;
}
