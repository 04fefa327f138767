import type pg from "pg";
import type { BudgetLedger } from "../lib/shared-budget.ts";

/**
 * A slot never released (its instance died mid-request) counts as released this long after it
 * was taken: longer than any request may take (budget wait, timeout and retries).
 */
const STALE_AFTER_MS = 2 * 60_000;
/** How soon to try again while every slot is held by a request still in flight. */
const IN_FLIGHT_RETRY_MS = 250;

/** Appended to an endpoint class to name the slots of its user requests. */
const USER_SUFFIX = ":user";

/** The database's clock, in unix ms: one clock for every instance, whatever theirs say. */
const NOW = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/**
 * The exchange budgets of every instance, counted in PostgreSQL (`budget_slots`): a request takes
 * a slot when fewer than the limit were taken in the last window, exactly as one process's
 * RequestBudget counts (a slot counts from when it is taken until a window after it is released),
 * under a transaction-level advisory lock per endpoint class so that two instances cannot both
 * take the last slot. A user request's slot is stored as `<class>:user` and counts towards both the
 * class's limit and the users' share of it.
 */
export function createBudgetLedger(pool: pg.Pool): BudgetLedger {
  return {
    async take(endpointClass, limit, windowMs, userLimit) {
      // User requests' slots are counted under their own name as well as in the class's total.
      const userClass = `${endpointClass}${USER_SUFFIX}`;
      const classes = [endpointClass, userClass];
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("select pg_advisory_xact_lock(hashtext($1))", [
          `swapbot-budget:${endpointClass}`,
        ]);
        await client.query(
          `delete from budget_slots where endpoint_class = any($1::text[]) and (
             (released_at is not null and released_at <= ${NOW} - $2::bigint)
             or (released_at is null and acquired_at <= ${NOW} - $2::bigint - $3::bigint))`,
          [classes, windowMs, STALE_AFTER_MS],
        );
        const { rows } = await client.query<Usage>(
          `select count(*) as n, min(released_at) as oldest,
                  count(*) filter (where endpoint_class = $2) as users,
                  min(released_at) filter (where endpoint_class = $2) as oldest_user,
                  ${NOW} as now
             from budget_slots where endpoint_class = any($1::text[])`,
          [classes, userClass],
        );
        const usage = rows[0]!;
        const usersFull = userLimit !== undefined && Number(usage.users) >= userLimit;
        if (Number(usage.n) < limit && !usersFull) {
          const inserted = await client.query<{ id: string }>(
            `insert into budget_slots (endpoint_class, acquired_at) values ($1, ${NOW}) returning id`,
            [userLimit === undefined ? endpointClass : userClass],
          );
          await client.query("commit");
          return { slot: String(inserted.rows[0]!.id) };
        }
        await client.query("commit");
        const freesAt = (oldest: string | null) =>
          oldest === null
            ? IN_FLIGHT_RETRY_MS
            : Math.max(1, Number(oldest) + windowMs - Number(usage.now));
        const totalWait = Number(usage.n) < limit ? 0 : freesAt(usage.oldest);
        const userWait = usersFull ? freesAt(usage.oldest_user) : 0;
        return { retryInMs: Math.max(totalWait, userWait) };
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async release(slot) {
      await pool.query(`update budget_slots set released_at = ${NOW} where id = $1`, [slot]);
    },
  };
}

interface Usage {
  n: string;
  oldest: string | null;
  users: string;
  oldest_user: string | null;
  now: string;
}
