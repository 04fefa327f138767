/**
 * The bot's folders that are not features: helpers (shared/), the update plumbing (plumbing/) and
 * the outbox's senders (outbox/). Any of the bot's modules may import them, and they have no
 * end-to-end file of their own in test/bot/ (test/architecture/).
 */
export const BOT_NOT_FEATURES: ReadonlySet<string> = new Set(["shared", "plumbing", "outbox"]);
