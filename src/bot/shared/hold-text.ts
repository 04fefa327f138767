import type { TranslateFunction } from "@grammyjs/i18n";
import { isHeld } from "../../swaps/status.ts";
import type { Swap } from "../../swaps/swap.ts";

/** What the texts about a held swap show of its hold. */
export type HoldFacts = Pick<Swap, "id" | "status"> & Partial<Pick<Swap, "holdLink" | "holdAsks">>;

/**
 * The lines that say what an exchange holding a swap for verification asks and where to answer
 * it: its link, or (none given) its support with the swap's id. Empty unless the swap is held.
 */
export function holdLines(t: TranslateFunction, swap: HoldFacts): string[] {
  if (!isHeld(swap.status)) return [];
  const lines: string[] = [];
  if (swap.holdAsks) lines.push(t("swap-held-asks", { asks: swap.holdAsks }));
  lines.push(
    swap.holdLink
      ? t("swap-held-link", { link: swap.holdLink })
      : t("swap-held-no-link", { id: swap.id }),
  );
  return lines;
}

/** The sentence a card, `/status` and the Mini App show of a held swap; undefined when it is not. */
export function holdNote(t: TranslateFunction, swap: HoldFacts): string | undefined {
  if (!isHeld(swap.status)) return undefined;
  return [t("swap-held"), ...holdLines(t, swap)].join("\n");
}
