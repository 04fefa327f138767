import { sql } from "drizzle-orm";
import type { Seam } from "../seam.ts";

const PAGE_CAP_KEY = "transactions.pageCap";

/** The first exchange keeps the key it always had, so the release before this one reads it too. */
const pageCapKey = (exchange?: string) =>
  exchange === undefined ? PAGE_CAP_KEY : `${PAGE_CAP_KEY}:${exchange}`;

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
    /**
     * The list endpoint's page-size cap learned earlier (the tracker's and the reconciler's): the
     * first exchange's, or with `exchange` another's (each exchange caps its own list).
     */
    async loadPageCap(exchange?: string): Promise<number | undefined> {
      const value = Number(await get(pageCapKey(exchange)));
      return Number.isInteger(value) && value > 0 ? value : undefined;
    },
    savePageCap: (cap: number, exchange?: string) => set(pageCapKey(exchange), String(cap)),
  };
}
