/** Telegram's HTML parse mode: the tags it accepts, and what the user ends up seeing. */
const ALLOWED = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "tg-spoiler",
  "span",
  "blockquote",
  "tg-emoji",
]);

/** Returns Telegram's error description for text it would refuse, or undefined. */
export function htmlError(text: string): string | undefined {
  const stack: string[] = [];
  const token = /<(\/?)([a-zA-Z-]*)([^<>]*)>|<|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);|&/g;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const [whole, closing, tag] = m;
    if (whole === "<")
      return `Bad Request: can't parse entities: Unsupported start tag at byte offset ${m.index}`;
    if (whole === "&")
      return `Bad Request: can't parse entities: Character '&' is reserved and must be escaped`;
    if (whole.startsWith("&")) {
      const name = whole.slice(1, -1);
      if (!name.startsWith("#") && !["lt", "gt", "amp", "quot"].includes(name)) {
        return `Bad Request: can't parse entities: Unsupported HTML entity "${whole}"`;
      }
      continue;
    }
    const name = (tag ?? "").toLowerCase();
    if (!ALLOWED.has(name))
      return `Bad Request: can't parse entities: Unsupported start tag "${name}"`;
    if (closing) {
      if (stack.pop() !== name)
        return `Bad Request: can't parse entities: Unmatched end tag "${name}"`;
    } else stack.push(name);
  }
  if (stack.length > 0)
    return `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${stack.pop()}"`;
  return undefined;
}

/** The text as a user sees it: tags removed, entities decoded. */
export function visibleText(text: string, parseMode: string | undefined): string {
  if (parseMode?.toUpperCase() !== "HTML") return text;
  return text
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");
}
