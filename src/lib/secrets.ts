/**
 * Replaces every occurrence of the given secrets in a text. Used on every log line, because
 * secrets reach logs through places we do not control (grammY puts the bot token in request URLs
 * that end up in error messages).
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
  if (unique.length === 0) return (text) => text;
  const pattern = new RegExp(unique.map(escapeRegExp).join("|"), "g");
  return (text) => text.replace(pattern, "[REDACTED]");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
