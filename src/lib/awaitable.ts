/**
 * A value or its promise. The stores in `db/` answer with promises (one seam over better-sqlite3
 * and PostgreSQL); a port may also answer at once (the chat-settings cache does, from memory), so
 * callers always `await`.
 */
export type Awaitable<T> = T | Promise<T>;
