import type { TranslateFunction } from "@grammyjs/i18n";
import { KNOWN_STATUSES } from "../../exchange/schemas.ts";

/** The state in plain words; a status the API never documented is shown as it came. */
export function statusName(t: TranslateFunction, status: string): string {
  return (KNOWN_STATUSES as readonly string[]).includes(status)
    ? t(`status-${status}`)
    : t("status-other", { status });
}
