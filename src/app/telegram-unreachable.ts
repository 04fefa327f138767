import { GrammyError, HttpError } from "grammy";

/** Why a Bot API call failed, for the operator: a code to grep for and a sentence. */
export interface TelegramProblem {
  /** ENOTFOUND, ECONNREFUSED, ETIMEDOUT, HTTP_401, …: Node's error code or Telegram's status. */
  code: string;
  reason: string;
  /** Telegram rejected the token: waiting changes nothing. */
  fatal: boolean;
}

const SENTENCES: Array<[RegExp, string]> = [
  [
    /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/,
    "DNS: the host name of TELEGRAM_API_ROOT does not resolve",
  ],
  [/^ECONNREFUSED$/, "connection refused: nothing listens at TELEGRAM_API_ROOT's host and port"],
  [
    /^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|ABORT_ERR|TIMEOUT)$/,
    "timeout: TELEGRAM_API_ROOT did not answer in time (a firewall, or no route to it)",
  ],
  [
    /^(EHOSTUNREACH|ENETUNREACH|ENETDOWN)$/,
    "no route to TELEGRAM_API_ROOT's host: the network is down or unreachable",
  ],
  [
    /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/,
    "the connection was cut (a proxy or firewall in the way?)",
  ],
  [/CERT|SSL|TLS|SELF_SIGNED/, "TLS: the server's certificate was not accepted"],
];

/**
 * What went wrong reaching Telegram, from a grammY error: a rejected token (401: fatal), another
 * answer of Telegram's, or the network error Node reported (DNS, refused, timeout, …).
 */
export function telegramProblem(error: unknown): TelegramProblem {
  if (error instanceof GrammyError) {
    if (error.error_code === 401) {
      return {
        code: "HTTP_401",
        reason: "Telegram rejected the bot token (401 Unauthorized): check BOT_TOKEN",
        fatal: true,
      };
    }
    if (error.error_code === 404) {
      return {
        code: "HTTP_404",
        reason:
          "Telegram answered 404 Not Found: BOT_TOKEN is malformed or TELEGRAM_API_ROOT is not a Bot API root",
        fatal: true,
      };
    }
    return {
      code: `HTTP_${error.error_code}`,
      reason: `Telegram answered ${error.error_code}: ${error.description}`,
      fatal: false,
    };
  }
  const code = networkCode(error instanceof HttpError ? error.error : error);
  const sentence = SENTENCES.find(([pattern]) => pattern.test(code))?.[1];
  return {
    code: code || "UNKNOWN",
    reason:
      sentence ?? `the request failed: ${error instanceof Error ? error.message : String(error)}`,
    fatal: false,
  };
}

/** The code of a network error, looked for down its `cause` chain (fetch wraps Node's). */
function networkCode(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if ("code" in e && typeof e.code === "string") return e.code;
    if ("name" in e && (e.name === "AbortError" || e.name === "TimeoutError")) return "TIMEOUT";
    e = "cause" in e ? e.cause : undefined;
  }
  return "";
}
