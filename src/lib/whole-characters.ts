/**
 * Cutting text for Telegram without cutting a character in half. Telegram counts a text's length
 * in UTF-16 code units, where an emoji (and any character outside the BMP) takes two: a cut between
 * them leaves a lone surrogate, which is not UTF-8 and which Telegram refuses ("text must be encoded
 * in UTF-8"). Cuts fall between graphemes (what a reader sees as one character: an emoji with its
 * skin tone, a letter with its accents), or, inside a grapheme longer than the whole room, between
 * code points.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The length of the longest start of `text` that is at most `max` code units of whole characters. */
export function wholeLength(text: string, max: number): number {
  if (text.length <= max) return text.length;
  let at = 0;
  for (const { index } of graphemes.segment(text)) {
    if (index > max) break;
    at = index;
  }
  if (at > 0) return at;
  // One grapheme longer than the room: whole code points.
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** The longest start of `text` of at most `max` code units that cuts no character in half. */
export function cutWhole(text: string, max: number): string {
  return text.slice(0, wholeLength(text, max));
}
