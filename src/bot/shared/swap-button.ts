import { z } from "zod";
import { defineCallback } from "../callback-data.ts";

/** The exchange does not document its id format: anything without spaces, within reason. */
export const SWAP_ID = /^\S{1,128}$/;

/** "Open this swap" (/status cards, /history): the id is re-checked against the pressing chat. */
export const openSwapButton = defineCallback("st", { id: z.string().regex(SWAP_ID) });
