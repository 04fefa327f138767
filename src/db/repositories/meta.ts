import { sql } from "drizzle-orm";
import type { Seam } from "../seam.ts";

/** Small persisted facts (a learned page-size cap, when the catalog was loaded). */
export function createMetaRepository(db: Seam) {
  return {
    async get(key: string): Promise<string | undefined> {
      const [row] = await db.all(sql`select "value" from meta where "key" = ${key}`);
      return row === undefined ? undefined : String(row.value);
    },

    async set(key: string, value: string, now = Date.now()): Promise<void> {
      await db.run(sql`
        insert into meta ("key", "value", updated_at) values (${key}, ${value}, ${now})
        on conflict ("key") do update set "value" = ${value}, updated_at = ${now}`);
    },

    async delete(key: string): Promise<void> {
      await db.run(sql`delete from meta where "key" = ${key}`);
    },
  };
}

export type MetaRepository = ReturnType<typeof createMetaRepository>;
