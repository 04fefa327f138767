import { eq } from "drizzle-orm";
import type { PgDb } from "../client.ts";
import { meta } from "../schema.ts";

/** Small persisted facts (`../../repositories/meta.ts`) on PostgreSQL. */
export function createPgMetaRepository(db: PgDb) {
  return {
    async get(key: string): Promise<string | undefined> {
      const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
      return row?.value;
    },

    async set(key: string, value: string, now = Date.now()): Promise<void> {
      await db
        .insert(meta)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: now } });
    },

    async delete(key: string): Promise<void> {
      await db.delete(meta).where(eq(meta.key, key));
    },
  };
}
