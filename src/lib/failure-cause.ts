/**
 * A failed call's cause in a few words for a log line: its message, plus the system error code
 * underneath when there is one (grammY's HttpError says only "Network request for 'x' failed!" and
 * keeps the reason, whose message carries the URL and so the bot token, in `error`).
 */
export function failureCause(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = systemCode(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

function systemCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    if ("code" in e && typeof e.code === "string") return e.code;
    e = "error" in e ? e.error : "cause" in e ? e.cause : undefined;
  }
  return undefined;
}
