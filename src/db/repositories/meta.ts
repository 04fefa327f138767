import { sql } from "drizzle-orm";
import type { Seam } from "../seam.ts";

const PAGE_CAP_KEY = "transactions.pageCap";

/** Small persisted facts (a learned page-size cap, when the catalog was loaded). */
export function createMetaRepository(db: Seam) {
  const get = async (key: string): Promise<string | undefined> => {
    const [row] = await db.all(sql`select "value" from meta where "key" = ${key}`);
    return row === undefined ? undefined : String(row.value);
  };
  const set = async (key: string, value: string, now = Date.now()): Promise<void> => {
    await db.run(sql`
      insert into meta ("key", "value", updated_at) values (${key}, ${value}, ${now})
      on conflict ("key") do update set "value" = ${value}, updated_at = ${now}`);
  };
  return {
    get,
    set,
    /** The list endpoint's page-size cap learned earlier (the tracker's and the reconciler's). */
    async loadPageCap(): Promise<number | undefined> {
      const value = Number(await get(PAGE_CAP_KEY));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    },
    savePageCap: (cap: number) => set(PAGE_CAP_KEY, String(cap)),
  };
}
