/**
 * A button's label or a typed answer as a bare word, so the step that offers a button also takes
 * its word typed in the chat's language: "✅ Confirmar" and "confirmar" → "confirmar", "İptal" and
 * "iptal" → "iptal", "تأیید" and "تایید" → the same. Emoji, punctuation and accents go.
 */
export function buttonWord(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[^\p{L}\s]/gu, "")
    .trim()
    .toLowerCase();
}
