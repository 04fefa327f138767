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
