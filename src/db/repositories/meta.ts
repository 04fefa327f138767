import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { meta } from "../schema.ts";

/** Small persisted facts (a learned page-size cap, when the catalog was loaded). */
export function createMetaRepository(db: Db) {
  return {
    get(key: string): string | undefined {
      return db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).get()?.value;
    },

    set(key: string, value: string, now = Date.now()): void {
      db.insert(meta)
        .values({ key, value, updatedAt: now })
        .onConflictDoUpdate({ target: meta.key, set: { value, updatedAt: now } })
        .run();
    },

    delete(key: string): void {
      db.delete(meta).where(eq(meta.key, key)).run();
    },
  };
}

export type MetaRepository = ReturnType<typeof createMetaRepository>;
