/**
 * A button's label as a word to type ("✅ Confirmar" → "confirmar", "Omitir ⏭" → "omitir"), so
 * the step that offers the button also takes its word typed in the chat's language.
 */
export function buttonWord(label: string): string {
  return label
    .replace(/[^\p{L}\p{M}\s]/gu, "")
    .trim()
    .toLowerCase();
}
