/**
 * The token's place in a Bot API URL (`<root>/bot<token>/<method>`): hidden whatever the token
 * there looks like, the configured one or another.
 */
const BOT_API_PATH = /\/bot[^/\s"'<>]+(?=\/[A-Za-z])/g;

/**
 * Replaces every occurrence of the given secrets in a text, and whatever stands for the token in a
 * Bot API URL. Used on every log line, because secrets reach logs through places we do not control
 * (grammY puts the bot token in request URLs that end up in error messages).
 */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const needles = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 6))]
    // The token's secret half alone must not leak either (it is what grants access).
    .flatMap((s) => {
      const colon = s.indexOf(":");
      return colon > 0 && colon < s.length - 6 ? [s, s.slice(colon + 1)] : [s];
    })
    .flatMap((s) => [s, encodeURIComponent(s)])
    .sort((a, b) => b.length - a.length);
  const unique = [...new Set(needles)];
  const pattern =
    unique.length === 0 ? undefined : new RegExp(unique.map(escapeRegExp).join("|"), "g");
  return (text) =>
    (pattern ? text.replace(pattern, "[REDACTED]") : text).replace(BOT_API_PATH, "/bot[REDACTED]");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
