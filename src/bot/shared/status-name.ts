import type { TranslateFunction } from "@grammyjs/i18n";
import { isKnownStatus } from "../../swaps/status.ts";

/**
 * The state in plain words; a status the API never documented is shown as it came. The result is
 * plain text, for a translation variable (which escapes it once).
 */
export function statusName(t: TranslateFunction, status: string): string {
  return isKnownStatus(status) ? t(`status-${status}`) : status;
}
