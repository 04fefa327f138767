import { z } from "zod";

export const MAX_CALLBACK_BYTES = 64;

/**
 * Typed callback data: `prefix:field1:field2...`, declared once per button kind. What comes back
 * from Telegram is whatever a client sent, so `unpack` validates it with the schema and returns
 * undefined for anything forged or stale-format; the last field may contain ":".
 */
export function defineCallback<Shape extends Record<string, z.ZodType<unknown, string>>>(
  prefix: string,
  shape: Shape,
) {
  const schema = z.object(shape);
  const keys = Object.keys(shape);
  type Value = z.output<typeof schema>;
  return {
    /** For `bot.callbackQuery(filter, ...)`. */
    filter: new RegExp(`^${prefix}:`),
    pack(value: { [K in keyof Shape]: string | number }): string {
      const data = `${prefix}:${keys.map((k) => String(value[k as keyof Shape])).join(":")}`;
      if (Buffer.byteLength(data) > MAX_CALLBACK_BYTES) {
        throw new RangeError(`callback data over ${MAX_CALLBACK_BYTES} bytes: ${prefix}`);
      }
      return data;
    },
    /** The data, or undefined when it would not fit in Telegram's 64 bytes (e.g. a long id). */
    tryPack(value: { [K in keyof Shape]: string | number }): string | undefined {
      try {
        return this.pack(value);
      } catch {
        return undefined;
      }
    },
    unpack(data: string | undefined): Value | undefined {
      if (!data?.startsWith(`${prefix}:`)) return undefined;
      const parts = data.slice(prefix.length + 1).split(":");
      const head = parts.slice(0, keys.length - 1);
      const tail = parts.slice(keys.length - 1).join(":");
      const raw = Object.fromEntries(keys.map((k, i) => [k, i < head.length ? head[i] : tail]));
      const parsed = schema.safeParse(raw);
      return parsed.success ? parsed.data : undefined;
    },
  };
}

/** Common field types (callback data fields are always strings on the wire). */
export const cbField = {
  int: (max = 1_000_000) =>
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .pipe(z.number().int().min(0).max(max)),
  text: (maxLength = 40) => z.string().max(maxLength),
  code: () =>
    z
      .string()
      .regex(/^[a-z0-9._-]{1,20}$/i)
      .transform((v) => v.toLowerCase()),
};

/** The longest start of `text` that takes at most `maxBytes` in UTF-8, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = "";
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > maxBytes) break;
    out += char;
  }
  return out;
}
