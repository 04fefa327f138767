/**
 * The conversations' ids (the conversations plugin's names for them), here so that what leaves or
 * asks after a conversation (cancel/, support/) names it without importing its feature folder.
 */

/** The exchange flow (swap-flow/). */
export const EXCHANGE_CONVERSATION = "exchange";
