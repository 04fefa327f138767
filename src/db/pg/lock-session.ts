import type pg from "pg";
import { connectSession } from "./client.ts";
import { checkSessionKept } from "./session-check.ts";

/** The sessions the leader lock lives on: checked once at start-up, then opened on demand. */
export interface LockSessions {
  /**
   * Rejects (SessionCheckError) when a session cannot keep the lock: a transaction-mode pooler
   * between us and the server, or a server too old to end a silent session.
   */
  check(): Promise<void>;
  /** A connection of its own, outside the pool: the lock lives and dies with its session. */
  connect(): Promise<pg.Client>;
}

/** The leader lock's sessions on the database at `url`, whose pool is `pool`. */
export function lockSessions(url: string, pool: pg.Pool): LockSessions {
  return {
    async check() {
      const session = await connectSession(url);
      try {
        await checkSessionKept(session, () => pool.connect());
      } finally {
        await session.end().catch(() => undefined);
      }
    },
    connect: () => connectSession(url),
  };
}
