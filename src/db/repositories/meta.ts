import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { meta } from "../schema.ts";

/** Small persisted facts (a learned page-size cap, health probes). */
export function createMetaRepository(db: Db) {
  return {
    get(key: string): string | undefined {
      return db.select().from(meta).where(eq(meta.key, key)).get()?.value;
    },
    set(key: string, value: string): void {
      db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
    },
  };
}
