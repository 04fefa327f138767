/**
 * Text folding shared by the coin index and its callers, so that what a user types and what the
 * exchange lists compare equal regardless of case, accents and punctuation.
 */

/**
 * Letters that NFKD leaves whole (they are not "letter + combining mark"), folded by hand so that
 * "Ø" or "Ł" in a name can still be typed on a plain keyboard.
 */
const FOLD: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ħ: "h",
  ı: "i",
  þ: "th",
};
const FOLDABLE = /[ßæœøđðłħıþ]/g;
const PLAIN = /^[A-Za-z0-9 ]*$/;

/**
 * Lower case, accents stripped, punctuation and runs of spaces collapsed to one space:
 * "  Bítcoin-Cash! " → "bitcoin cash". Apostrophes join rather than split ("Dogelon's" → "dogelons").
 */
export function normalize(text: string): string {
  // Most names and queries are plain ASCII words: skip the Unicode passes for them.
  if (PLAIN.test(text)) return text.toLowerCase().replace(/ {2,}/g, " ").trim();
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(FOLDABLE, (ch) => FOLD[ch] ?? ch)
    .replace(/['’`]+/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** `normalize` without the spaces: the form codes are compared in ("USDT-TRC20" → "usdttrc20"). */
export function compactKey(text: string): string {
  return normalize(text).replace(/ /g, "");
}
