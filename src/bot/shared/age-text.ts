import type { TranslateFunction } from "@grammyjs/i18n";

/** "12 s", "3 min", "2 h": how long ago, roughly, in the user's language. */
export function ageText(t: TranslateFunction, ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 120) return t("age-seconds", { n: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return t("age-minutes", { n: minutes });
  return t("age-hours", { n: Math.round(minutes / 60) });
}
