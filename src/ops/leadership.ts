import type { Logger } from "../lib/logger.ts";

/** The part of a node-postgres Client the elector uses. */
export interface LockConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  end(): Promise<void>;
}

export interface LeadershipOptions {
  /** Opens a dedicated connection: the lock lives and dies with it. */
  connect: () => Promise<LockConnection>;
  /** Any 64-bit integer the instances of one bot agree on (derived from the bot token). */
  lockKey: bigint;
  logger: Logger;
  /** How often a standby tries the lock, and the leader checks its connection. */
  tryEveryMs?: number;
  /** The lock was won: start the background work. */
  onLead: () => Promise<void> | void;
  /** The lock was lost (or is being given up): stop the background work at once. */
  onFollow: () => Promise<void> | void;
}

/**
 * One leader among the instances sharing a PostgreSQL database: the holder of a session-level
 * advisory lock on a connection of its own. PostgreSQL releases the lock when that connection
 * ends, so a leader killed outright (SIGKILL, a lost machine) frees it at once and a standby,
 * trying every few seconds, takes over. A leader whose connection errors, or stops answering its
 * periodic check, counts itself as a standby at once: it cannot know whether the lock still holds.
 */
export class Leadership {
  private connection: LockConnection | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private leading = false;
  /** Serializes lead/follow transitions and ticks. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeadershipOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.stopped = false;
    this.enqueue(() => this.tick());
  }

  /** Gives the lock up (the background work stops first), so a standby takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.enqueue(async () => {
      await this.follow("stopping");
      await this.disconnect();
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.options.logger.error({ err: error }, "leadership step failed");
    });
    return this.chain;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => this.enqueue(() => this.tick()),
      this.options.tryEveryMs ?? 3_000,
    );
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      if (this.leading) await this.check();
      else await this.tryLock();
    } catch (error) {
      this.options.logger.warn({ err: error }, "leadership: database connection failed");
      await this.follow("lost its database connection");
      await this.disconnect();
    }
    this.schedule();
  }

  private async tryLock(): Promise<void> {
    const connection = await this.connected();
    const { rows } = await withTimeout(
      connection.query("select pg_try_advisory_lock($1) as locked", [
        this.options.lockKey.toString(),
      ]),
      5_000,
    );
    const [row] = rows as Array<{ locked: boolean }>;
    if (row?.locked) await this.lead();
  }

  /** The lock holds as long as its connection answers. */
  private async check(): Promise<void> {
    const connection = await this.connected();
    await withTimeout(connection.query("select 1"), 5_000);
  }

  private async connected(): Promise<LockConnection> {
    if (this.connection) return this.connection;
    const connection = await this.options.connect();
    const lost = () => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      // A dead connection has dropped the lock: stop leading now, not at the next tick.
      if (this.leading) void this.enqueue(() => this.follow("lost its database connection"));
    };
    connection.on("error", (error) => {
      this.options.logger.warn({ err: error }, "leadership: lock connection error");
      lost();
    });
    connection.on("end", lost);
    this.connection = connection;
    return connection;
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.end().catch(() => undefined);
  }

  private async lead(): Promise<void> {
    if (this.leading || this.stopped) return;
    this.leading = true;
    this.options.logger.info("this instance is now the leader: polling and background work");
    try {
      await this.options.onLead();
    } catch (error) {
      this.options.logger.error({ err: error }, "starting the leader's work failed; giving up");
      await this.follow("could not start its work");
      await this.disconnect();
    }
  }

  private async follow(reason: string): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.options.logger.warn({ reason }, "this instance is no longer the leader");
    await this.options.onFollow();
  }
}

/** The advisory-lock key of a bot: every instance with the same token computes the same one. */
export function leaderLockKey(botId: string): bigint {
  // The bot's numeric id (the token's part before ':') is public and stable; offset by a constant
  // so that it does not collide with other applications' locks on the same database.
  const id = /^\d+$/.test(botId) ? BigInt(botId) : 0n;
  return (0x5357_4150n << 32n) ^ id;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
