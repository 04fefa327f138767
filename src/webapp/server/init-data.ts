import { timingSafeEqual } from "node:crypto";
import { signData } from "@tma.js/init-data-node";
import { z } from "zod";
import { Lru } from "../../lib/lru.ts";

/** Telegram's init data older than this is refused (the contract's 24 hours). */
const INIT_DATA_MAX_AGE_S = 24 * 60 * 60;

/** Clocks differ a little: init data signed up to this far in our future is still taken. */
const INIT_DATA_MAX_SKEW_MS = 60_000;

/** Who opened the page, as Telegram signed it. */
export interface WebAppUser {
  id: number;
  firstName: string;
  languageCode: string | undefined;
}

type InitDataCheck =
  | { ok: true; user: WebAppUser; authDate: number }
  | {
      ok: false;
      reason: "missing" | "malformed" | "signature" | "expired" | "future" | "no-user" | "bad-user";
    };

/**
 * The fields of init data the bot reads. Nothing else is required: clients before Bot API 8.0 send
 * no `signature` (nor `chat_instance`, `chat_type`), and a parser that demands them (the library's
 * `parse`) would refuse them although their hash is right.
 */
const fieldsSchema = z.object({
  auth_date: z.coerce.number().int().positive(),
  user: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "user is not JSON" });
        return z.NEVER;
      }
    })
    .pipe(
      z.object({
        // Checked below: a number that is no user's id is "bad-user", not malformed.
        id: z.number(),
        first_name: z.string().default(""),
        language_code: z.string().optional(),
      }),
    )
    .optional(),
});

/**
 * Checks raw init data (`tgWebAppData`) as Telegram documents it: the data-check string (every
 * field but `hash`, sorted, one `key=value` a line) signed with HMAC-SHA256 keyed by
 * HMAC-SHA256("WebAppData", bot token), `auth_date` within 24 hours (and not from the future,
 * beyond a minute of clock skew), a user whose id can be a Telegram user's. The library signs and
 * parses; the comparison is ours because its own `validate` compares with `===`, and a signature
 * check must take the same time whatever the guess.
 */
export function checkInitData(
  raw: string | undefined,
  botToken: string,
  now = Date.now(),
): InitDataCheck {
  if (!raw) return { ok: false, reason: "missing" };
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  if (!hash || !/^[0-9a-f]{64}$/i.test(hash)) return { ok: false, reason: "malformed" };
  const lines: string[] = [];
  params.forEach((value, key) => {
    if (key !== "hash") lines.push(`${key}=${value}`);
  });
  const expected = Buffer.from(signData(lines.sort().join("\n"), botToken), "hex");
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), "hex"))) {
    return { ok: false, reason: "signature" };
  }
  const fields = fieldsSchema.safeParse(Object.fromEntries(params));
  if (!fields.success) return { ok: false, reason: "malformed" };
  const authDate = fields.data.auth_date * 1000;
  const age = now - authDate;
  if (age > INIT_DATA_MAX_AGE_S * 1000) return { ok: false, reason: "expired" };
  if (age < -INIT_DATA_MAX_SKEW_MS) return { ok: false, reason: "future" };
  const user = fields.data.user;
  if (!user) return { ok: false, reason: "no-user" };
  // A chat id is the user's id: 0, negative (a group's), fractional or beyond 2^53 is nobody.
  if (!Number.isSafeInteger(user.id) || user.id <= 0) return { ok: false, reason: "bad-user" };
  return {
    ok: true,
    user: { id: user.id, firstName: user.first_name, languageCode: user.language_code },
    authDate,
  };
}

/**
 * checkInitData with a memory of init data already found good: a page polls with the same init
 * data every few seconds, and a signature check costs two HMACs and a parse. A remembered one is
 * still refused once it is older than 24 hours.
 */
export class InitDataChecker {
  private readonly good = new Lru<string, { user: WebAppUser; authDate: number }>(10_000);

  constructor(
    private readonly botToken: string,
    private readonly now: () => number = Date.now,
  ) {}

  check(raw: string | undefined): InitDataCheck {
    const now = this.now();
    const known = raw ? this.good.get(raw) : undefined;
    if (known) {
      return now - known.authDate > INIT_DATA_MAX_AGE_S * 1000
        ? { ok: false, reason: "expired" }
        : { ok: true, ...known };
    }
    const result = checkInitData(raw, this.botToken, now);
    if (result.ok && raw) this.good.set(raw, { user: result.user, authDate: result.authDate });
    return result;
  }
}
