import type { TranslateFunction } from "@grammyjs/i18n";
import { InlineKeyboard } from "grammy";
import { z } from "zod";
import { defineCallback } from "../callback-data.ts";
import { SWAP_ID } from "./swap-button.ts";

/** The support chat's "Close ticket" button (pressed by a member: checked on arrival). */
export const supportCloseButton = defineCallback("supc", {
  ticket: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** The user's "Close ticket" button in their chat (the ticket must be the chat's own). */
export const ticketCloseButton = defineCallback("supx", {
  ticket: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
});

/** "Contact support" about one of the chat's swaps (or `-`: none); the swap is checked to be the chat's. */
export const supportAboutButton = defineCallback("sup", {
  id: z.string().regex(SWAP_ID),
});

/** "Contact support" under a swap's message (stuck, finished): a new request about that swap. */
export const supportRequestButton = defineCallback("supn", { id: z.string().regex(SWAP_ID) });

/**
 * `keyboard` (or a new one) with a "Contact support" button about the swap on a row of its own;
 * unchanged when the swap's id does not fit in a button.
 */
export function withSupportButton(
  t: TranslateFunction,
  swapId: string,
  keyboard: InlineKeyboard = new InlineKeyboard(),
): InlineKeyboard {
  const data = supportRequestButton.tryPack({ id: swapId });
  if (!data) return keyboard;
  if (keyboard.inline_keyboard.some((row) => row.length > 0)) keyboard.row();
  return keyboard.text(t("support-button"), data);
}

/**
 * Who support is: it never writes first nor asks for keys (always said, `/help` and `/support`);
 * that its answers come here marked "Support" only where there is a desk to answer (`desk`).
 */
export function supportTrust(t: TranslateFunction, desk: boolean): string {
  return desk ? `${t("support-trust")} ${t("support-trust-desk")}` : t("support-trust");
}
