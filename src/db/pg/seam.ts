import { type SQL, sql } from "drizzle-orm";
import type { Executor, Seam } from "../seam.ts";
import type { PgDb } from "./client.ts";

type Target = Pick<PgDb, "execute">;

const executorOf = (target: Target): Executor => ({
  all: async (query: SQL) => (await target.execute(query)).rows,
  run: async (query: SQL) => (await target.execute(query)).rowCount ?? 0,
});

/**
 * The seam on the pool. Writes run at READ COMMITTED, PostgreSQL's default: the rows a transaction
 * reads and then changes are locked (`forUpdate`), so two instances applying the same change take
 * turns and the second sees the first's result.
 */
export function pgSeam(db: PgDb): Seam {
  const pool = executorOf(db);
  /** claim() by `rank`: the rank is returned with each row, to give them back in its order. */
  const claimRanked = async (
    name: ReturnType<typeof sql.identifier>,
    columns: SQL,
    due: SQL,
    limit: number,
    now: number,
    owner: string,
    until: number,
    rank: SQL,
  ) => {
    // FOR UPDATE takes no window or DISTINCT, but a rank computed per row is fine.
    const rows = await pool.all(sql`
      update ${name} set claimed_by = ${owner}, claimed_until = ${until}
      from (
        select id as picked_id, ${rank} as picked_rank from ${name}
        where ${due}
          and (claimed_until is null or claimed_until <= ${now} or claimed_by = ${owner})
        order by picked_rank, id limit ${limit}
        for update skip locked) picked
      where ${name}.id = picked.picked_id
      returning ${columns}, picked.picked_rank as "pickedRank"`);
    const key = (row: (typeof rows)[number]) => [Number(row.pickedRank), Number(row.id)] as const;
    return rows.sort((a, b) => {
      const [ra, ia] = key(a);
      const [rb, ib] = key(b);
      return ra - rb || ia - ib;
    });
  };
  return {
    ...pool,
    transaction: (work) => db.transaction((tx) => work(executorOf(tx))),
    forUpdate: sql` for update`,
    outbox: {
      /**
       * Claimed in the statement that selects them: rows another instance holds an unexpired claim
       * on are skipped, and so are rows it is claiming at this moment (SKIP LOCKED), so two senders
       * never get the same row while a claim lasts. A sender that dies leaves its rows to the
       * others once the lease runs out; its own claims stay the owner's to take again (a row it
       * held back for the chat's pace must not wait out the lease).
       */
      async claim(table, columns, due, limit, now, owner, until, rank) {
        const name = sql.identifier(table);
        if (rank) return claimRanked(name, columns, due, limit, now, owner, until, rank);
        const rows = await pool.all(sql`
          update ${name} set claimed_by = ${owner}, claimed_until = ${until}
          where id in (
            select id from ${name}
            where ${due}
              and (claimed_until is null or claimed_until <= ${now} or claimed_by = ${owner})
            order by id limit ${limit}
            for update skip locked)
          returning ${columns}`);
        return rows.sort((a, b) => Number(a.id) - Number(b.id));
      },
      /**
       * A new leader takes the outbox over: claims of any other sender are dropped, since the one
       * that held them has died or stepped down (a send it had in flight may arrive once more). A
       * leader stepping down gives its own back, a claim that landed as it lost the lead included.
       */
      release: async (owner, whose) => {
        let released = 0;
        for (const table of ["notifications", "support_outbox"] as const) {
          released += await pool.run(sql`
            update ${sql.identifier(table)} set claimed_by = null, claimed_until = null
            where sent_at is null and dropped_at is null
              and ${whose === "own" ? sql`claimed_by = ${owner}` : sql`claimed_by <> ${owner}`}`);
        }
        return released;
      },
      ended: sql`, claimed_by = null, claimed_until = null`,
    },
  };
}
