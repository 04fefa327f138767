import type { errorBodySchema } from "./wire.ts";

/** How the exchange's error answers are read: their body, their words, their Retry-After. */

/** The body as JSON; an unreadable one as an empty object. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return {};
  }
}

/** The upstream's own words, wherever this particular service put them. */
export function upstreamMessage(
  body: ReturnType<typeof errorBodySchema.parse>,
  status: number,
): string {
  if (body.message) return body.message;
  if (typeof body.error === "string" && body.error) return body.error;
  if (body.error && typeof body.error === "object" && "message" in body.error) {
    return body.error.message;
  }
  const errors =
    body.errors ??
    (body.error && typeof body.error === "object" ? body.error.validation : undefined);
  if (errors) {
    const entries = Array.isArray(errors)
      ? errors.map((e) => ["", e] as const)
      : Object.entries(errors);
    const parts = entries.map(([field, value]) => {
      const text = Array.isArray(value) ? value.join(", ") : String(value);
      return field ? `${field}: ${text}` : text;
    });
    if (parts.length > 0) return parts.join("; ");
  }
  return `HTTP ${status}`;
}

/** Retry-After in milliseconds, as seconds or an HTTP date. */
export function parseRetryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
