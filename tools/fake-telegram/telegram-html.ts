import type { MessageEntity } from "grammy/types";

/**
 * Telegram's HTML parse mode, ported from tdlib's `parse_html` (td/telegram/MessageEntity.cpp) so
 * that the fake refuses exactly what Telegram refuses, with Telegram's own error texts, and
 * computes the same visible text and entities (UTF-16 offsets).
 */

export class EntityParseError extends Error {}

export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

const SUPPORTED_TAGS = new Set([
  "a",
  "b",
  "strong",
  "i",
  "em",
  "s",
  "strike",
  "del",
  "u",
  "ins",
  "tg-spoiler",
  "tg-emoji",
  "tg-time",
  "span",
  "pre",
  "code",
  "blockquote",
]);

const isSpace = (c: string | undefined) =>
  c === " " || c === "\t" || c === "\r" || c === "\n" || c === "\v";
const isAlpha = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);
const isNameToken = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9.-]$/.test(c);

/** `&...;` at `pos`, or undefined when Telegram keeps the `&` as a literal character. */
function decodeEntity(s: string, pos: number): { char: string; end: number } | undefined {
  let end = pos + 1;
  let code = 0;
  if (s[pos + 1] === "#") {
    end++;
    const hex = s[pos + 2] === "x";
    if (hex) end++;
    const digit = hex ? /^[0-9A-Fa-f]$/ : /^[0-9]$/;
    while (end < s.length && digit.test(s[end]!)) {
      code = code * (hex ? 16 : 10) + Number.parseInt(s[end]!, 16);
      end++;
    }
    if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
  } else {
    while (isAlpha(s[end])) end++;
    const named: Record<string, number> = { lt: 60, gt: 62, amp: 38, quot: 34 };
    const found = named[s.slice(pos + 1, end)];
    if (found === undefined) return undefined;
    code = found;
  }
  if (s[end] === ";") end++;
  return { char: String.fromCodePoint(code), end };
}

function link(url: string): Partial<MessageEntity> | undefined {
  const user = /^tg:\/\/user\?id=(\d+)$/i.exec(url);
  if (user)
    return { type: "text_mention", user: { id: Number(user[1]), is_bot: false, first_name: "" } };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `http://${url}`;
  try {
    const parsed = new URL(withScheme);
    if (!["http:", "https:", "tg:", "ton:"].includes(parsed.protocol)) return undefined;
    return { type: "text_link", url: withScheme };
  } catch {
    return undefined;
  }
}

/** Parses `input` as Telegram HTML; throws EntityParseError with Telegram's description. */
export function parseHtml(input: string): ParsedText {
  const s = input;
  const n = s.length;
  const byte = (index: number) => Buffer.byteLength(s.slice(0, index));
  const fail = (message: string): never => {
    throw new EntityParseError(message);
  };
  let out = "";
  const entities: MessageEntity[] = [];
  const stack: Array<{ tag: string; argument: string; offset: number }> = [];

  for (let i = 0; i < n; i++) {
    const c = s[i];
    if (c === "&") {
      const decoded = decodeEntity(s, i);
      if (decoded) {
        out += decoded.char;
        i = decoded.end - 1;
        continue;
      }
    }
    if (c !== "<") {
      out += c;
      continue;
    }
    const begin = i++;
    if (s[i] !== "/") {
      while (i < n && !isSpace(s[i]) && s[i] !== ">") i++;
      if (i >= n) fail(`Unclosed start tag at byte offset ${byte(begin)}`);
      const tag = s.slice(begin + 1, i).toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) {
        fail(`Unsupported start tag "${tag}" at byte offset ${byte(begin)}`);
      }
      let argument = "";
      while (s[i] !== ">") {
        while (i < n && isSpace(s[i])) i++;
        if (s[i] === ">") break;
        const attributeBegin = i;
        while (i < n && !isSpace(s[i]) && !"=>/\"'".includes(s[i]!)) i++;
        const attribute = s.slice(attributeBegin, i);
        if (!attribute)
          fail(`Empty attribute name in the tag "${tag}" at byte offset ${byte(begin)}`);
        while (i < n && isSpace(s[i])) i++;
        if (s[i] !== "=") {
          if (i >= n) fail(`Unclosed start tag "${tag}" at byte offset ${byte(begin)}`);
          if (tag === "blockquote" && attribute === "expandable") argument = "1";
          continue;
        }
        i++;
        while (i < n && isSpace(s[i])) i++;
        if (i >= n) fail(`Unclosed start tag "${tag}" at byte offset ${byte(begin)}`);
        let value = "";
        const quote = s[i];
        if (quote !== "'" && quote !== '"') {
          const tokenBegin = i;
          while (isNameToken(s[i])) i++;
          value = s.slice(tokenBegin, i).toLowerCase();
          if (!isSpace(s[i]) && s[i] !== ">") {
            fail(`Unexpected end of name token at byte offset ${byte(tokenBegin)}`);
          }
        } else {
          i++;
          while (i < n && s[i] !== quote) {
            const decoded = s[i] === "&" ? decodeEntity(s, i) : undefined;
            if (decoded) {
              value += decoded.char;
              i = decoded.end;
            } else {
              value += s[i++];
            }
          }
          if (s[i] === quote) i++;
        }
        if (i >= n) fail(`Unclosed start tag at byte offset ${byte(begin)}`);
        if (tag === "a" && attribute === "href") argument = value;
        else if (tag === "code" && attribute === "class" && value.startsWith("language-")) {
          argument = value.slice(9);
        } else if (tag === "span" && attribute === "class" && value.startsWith("tg-")) {
          argument = value.slice(3);
        } else if (tag === "tg-emoji" && attribute === "emoji-id") argument = value;
        else if (tag === "blockquote" && attribute === "expandable") argument = "1";
      }
      if (tag === "span" && argument !== "spoiler") {
        fail(`Tag "span" must have class "tg-spoiler" at byte offset ${byte(begin)}`);
      }
      stack.push({ tag, argument, offset: out.length });
      continue;
    }

    if (stack.length === 0) fail(`Unexpected end tag at byte offset ${byte(begin)}`);
    while (i < n && !isSpace(s[i]) && s[i] !== ">") i++;
    const endTag = s.slice(begin + 2, i).toLowerCase();
    while (i < n && isSpace(s[i])) i++;
    if (s[i] !== ">") fail(`Unclosed end tag at byte offset ${byte(begin)}`);
    const open = stack.pop()!;
    if (endTag && endTag !== open.tag) {
      fail(
        `Unmatched end tag at byte offset ${byte(begin)}, expected "</${open.tag}>", found "</${endTag}>"`,
      );
    }
    const offset = open.offset;
    const length = out.length - offset;
    if (length <= 0) continue;
    const last = entities.at(-1);
    const sameSpan = last !== undefined && last.offset === offset && last.length === length;
    switch (open.tag) {
      case "b":
      case "strong":
        entities.push({ type: "bold", offset, length });
        break;
      case "i":
      case "em":
        entities.push({ type: "italic", offset, length });
        break;
      case "u":
      case "ins":
        entities.push({ type: "underline", offset, length });
        break;
      case "s":
      case "strike":
      case "del":
        entities.push({ type: "strikethrough", offset, length });
        break;
      case "tg-spoiler":
      case "span":
        entities.push({ type: "spoiler", offset, length });
        break;
      case "tg-emoji":
        if (!/^[1-9]\d*$/.test(open.argument)) fail("Invalid custom emoji identifier specified");
        entities.push({ type: "custom_emoji", offset, length, custom_emoji_id: open.argument });
        break;
      case "tg-time":
        break;
      case "a": {
        const target = link(open.argument || out.slice(offset));
        if (target) entities.push({ ...target, offset, length } as MessageEntity);
        break;
      }
      case "pre":
        if (sameSpan && last.type === "code" && "language" in last) {
          entities[entities.length - 1] = {
            type: "pre",
            offset,
            length,
            language: String(last.language),
          };
        } else entities.push({ type: "pre", offset, length });
        break;
      case "code":
        if (sameSpan && last.type === "pre" && open.argument) {
          entities[entities.length - 1] = { type: "pre", offset, length, language: open.argument };
        } else if (open.argument) {
          // Only a <pre> around it makes a language count; keep it until that <pre> closes.
          entities.push({ type: "code", offset, length, language: open.argument } as MessageEntity);
        } else entities.push({ type: "code", offset, length });
        break;
      case "blockquote":
        entities.push({
          type: open.argument ? "expandable_blockquote" : "blockquote",
          offset,
          length,
        });
        break;
    }
  }
  const unclosed = stack.at(-1);
  if (unclosed) fail(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  const clean = entities.map((e) =>
    e.type === "code" && "language" in e
      ? { type: "code" as const, offset: e.offset, length: e.length }
      : e,
  );
  clean.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text: out, entities: clean };
}

/** Telegram's error description for HTML it would refuse, or undefined. */
export function htmlError(text: string): string | undefined {
  try {
    parseHtml(text);
    return undefined;
  } catch (error) {
    if (error instanceof EntityParseError)
      return `Bad Request: can't parse entities: ${error.message}`;
    throw error;
  }
}

/** The text as a user sees it: tags removed, entities decoded. */
export function visibleText(text: string, parseMode: string | undefined): string {
  if (parseMode?.toUpperCase() !== "HTML") return text;
  try {
    return parseHtml(text).text;
  } catch {
    return text;
  }
}
