import pg from "pg";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { openPgDatabase, type PgDatabase } from "../../src/db/pg/client.ts";
import { createBudgetLedger } from "../../src/exchange/budget-ledger.ts";
import { acquireShared } from "../../src/lib/shared-budget.ts";
import {
  Leadership,
  type LockConnection,
  leaderLockKey,
  NotLeaderError,
} from "../../src/ops/leadership.ts";
import { freshPostgresDatabase } from "../support/postgres.ts";
import { until } from "../support/until.ts";

/** What several instances share through PostgreSQL: one leader, one budget. */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<{ url: string; db: PgDatabase }> {
  const fresh = await freshPostgresDatabase();
  const db = await openPgDatabase(fresh.url);
  cleanups.push(async () => {
    await db.close();
    await fresh.drop();
  });
  return { url: fresh.url, db };
}

interface InstanceOptions {
  tryEveryMs?: number;
  silentSessionMs?: number;
  /**
   * Its lock connection never reports that it ended: a frozen process that has not yet read its
   * socket when it wakes up and acts.
   */
  deaf?: boolean;
}

function instance(url: string, name: string, events: string[], options: InstanceOptions = {}) {
  const connections: pg.Client[] = [];
  const machine = { gone: false };
  const leadership = new Leadership({
    connect: async () => {
      if (machine.gone) throw new Error(`${name}'s machine is gone`);
      const client = new pg.Client({ connectionString: url, application_name: name });
      await client.connect();
      connections.push(client);
      if (!options.deaf) return client;
      client.on("error", () => undefined);
      const deaf: LockConnection = {
        query: (text, values) => client.query(text, values),
        on: () => deaf,
        end: () => client.end(),
      };
      return deaf;
    },
    lockKey: leaderLockKey("123456"),
    logger: pino({ level: "silent" }),
    tryEveryMs: options.tryEveryMs ?? 100,
    ...(options.silentSessionMs ? { silentSessionMs: options.silentSessionMs } : {}),
    onLead: () => {
      events.push(`${name} leads`);
    },
    onFollow: () => {
      events.push(`${name} follows`);
    },
  });
  cleanups.push(() => leadership.stop());
  return { leadership, connections, machine };
}

describe("leadership", () => {
  it("has one leader among instances, and a standby takes over when the leader's connection dies", async () => {
    const { url, db } = await database();
    const events: string[] = [];
    const a = instance(url, "a", events);
    a.leadership.start();
    await until(() => a.leadership.isLeader);
    const b = instance(url, "b", events);
    b.leadership.start();
    await new Promise((r) => setTimeout(r, 500));
    expect(b.leadership.isLeader).toBe(false);

    // The leader's connection dies (its machine is gone, so it cannot reconnect and take the
    // lock again before b's next try): PostgreSQL drops the lock with it.
    a.machine.gone = true;
    await db.pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'a'",
    );
    await until(() => b.leadership.isLeader);
    // The old leader knew at once that it no longer leads.
    await until(() => !a.leadership.isLeader);
    expect(events.slice(0, 2)).toEqual(["a leads", "a follows"]);
    expect(events).toContain("b leads");
  });

  it("a leader whose lock session falls silent (a frozen process) loses the lead to a standby: the server ends the session", async () => {
    const { url } = await database();
    const events: string[] = [];
    // a pings far less often than its session may stay silent: as good as frozen once it leads.
    const a = instance(url, "a", events, { tryEveryMs: 60_000, silentSessionMs: 1_000 });
    a.leadership.start();
    await until(() => a.leadership.isLeader);
    const b = instance(url, "b", events);
    b.leadership.start();
    await until(() => b.leadership.isLeader, 10_000);
    // a heard its session end, and stopped leading.
    await until(() => !a.leadership.isLeader);
    expect(events).toEqual(["a leads", "a follows", "b leads"]);
  });

  it("a former leader that missed the end of its session is refused at its next fence and stops its work", async () => {
    const { url } = await database();
    const events: string[] = [];
    const a = instance(url, "a", events, {
      tryEveryMs: 60_000,
      silentSessionMs: 1_000,
      deaf: true,
    });
    a.leadership.start();
    await until(() => a.leadership.isLeader);
    await a.leadership.fence();
    const b = instance(url, "b", events);
    b.leadership.start();
    await until(() => b.leadership.isLeader, 10_000);
    // a wakes up believing it leads; its next leader-only action asks first.
    expect(a.leadership.isLeader).toBe(true);
    await expect(a.leadership.fence()).rejects.toBeInstanceOf(NotLeaderError);
    expect(a.leadership.isLeader).toBe(false);
    await until(() => events.includes("a follows"));
    // Every later fence refuses at once; the leader's pass.
    await expect(a.leadership.fence()).rejects.toBeInstanceOf(NotLeaderError);
    await b.leadership.fence();
  });

  it("hands over at once when the leader stops", async () => {
    const { url } = await database();
    const events: string[] = [];
    const a = instance(url, "a", events);
    const b = instance(url, "b", events);
    a.leadership.start();
    await until(() => a.leadership.isLeader);
    b.leadership.start();
    await a.leadership.stop();
    await until(() => b.leadership.isLeader, 2_000);
    expect(events).toEqual(["a leads", "a follows", "b leads"]);
  });
});

describe("the shared exchange budget", () => {
  it("lets all instances together take no more than the limit per window", async () => {
    const { db } = await database();
    // Two instances, each with its own ledger object on the same database.
    const ledgers = [createBudgetLedger(db.pool), createBudgetLedger(db.pool)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => ledgers[i % 2]!.take("public", 5, 60_000)),
    );
    const granted = answers.filter((a) => "slot" in a);
    expect(granted).toHaveLength(5);
    for (const refused of answers.filter((a) => "retryInMs" in a)) {
      expect((refused as { retryInMs: number }).retryInMs).toBeGreaterThan(0);
    }
    // The classes are counted apart.
    expect(await ledgers[0]!.take("read", 5, 60_000)).toHaveProperty("slot");
  });

  it("keeps a share for background work that the users of every instance cannot take", async () => {
    const { db } = await database();
    const ledgers = [createBudgetLedger(db.pool), createBudgetLedger(db.pool)];
    // Read limit 4, users' share 2: six user requests across two instances.
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ledgers[i % 2]!.take("read", 4, 60_000, 2)),
    );
    expect(users.filter((a) => "slot" in a)).toHaveLength(2);
    for (const refused of users.filter((a) => "retryInMs" in a)) {
      expect((refused as { retryInMs: number }).retryInMs).toBeGreaterThan(0);
    }
    // Background work still gets the other two, and the limit holds for both together.
    expect(await ledgers[0]!.take("read", 4, 60_000)).toHaveProperty("slot");
    expect(await ledgers[1]!.take("read", 4, 60_000)).toHaveProperty("slot");
    expect(await ledgers[0]!.take("read", 4, 60_000)).toHaveProperty("retryInMs");
  });

  it("lets background work use the users' share when they leave it", async () => {
    const { db } = await database();
    const ledger = createBudgetLedger(db.pool);
    for (let i = 0; i < 4; i++) expect(await ledger.take("read", 4, 60_000)).toHaveProperty("slot");
    // The limit is spent by background work: a user request now waits too.
    expect(await ledger.take("read", 4, 60_000, 2)).toHaveProperty("retryInMs");
  });

  it("frees a slot one window after its request completed", async () => {
    const { db } = await database();
    const ledger = createBudgetLedger(db.pool);
    const release = await acquireShared(ledger, {
      endpointClass: "create",
      limit: 1,
      windowMs: 300,
    });
    const answer = await ledger.take("create", 1, 300);
    expect(answer).toHaveProperty("retryInMs");
    release();
    await new Promise((r) => setTimeout(r, 50));
    // A completed request still counts for a window after it completed.
    expect(await ledger.take("create", 1, 300)).toHaveProperty("retryInMs");
    const next = await acquireShared(ledger, {
      endpointClass: "create",
      limit: 1,
      windowMs: 300,
      maxWaitMs: 5_000,
    });
    next();
  });
});
