import { type Clock, realClock, withTimeout } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { PeriodicLoop } from "../lib/periodic-loop.ts";

/** The part of a node-postgres Client the elector uses. */
export interface LockConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  end(): Promise<void>;
}

interface LeadershipOptions {
  /** Opens a dedicated connection: the lock lives and dies with its session. */
  connect: () => Promise<LockConnection>;
  /** Any 64-bit integer the instances of one bot agree on (derived from the bot token). */
  lockKey: bigint;
  logger: Logger;
  /** How often a standby tries the lock, and the leader pings its lock session. */
  tryEveryMs?: number;
  /**
   * The server ends the lock session (and so frees the lock) after this long without a statement
   * on it: a leader that stops answering loses the lead by then, whatever its sockets do.
   */
  silentSessionMs?: number;
  /** The lock was won: start the background work. */
  onLead: () => Promise<void> | void;
  /** The lock was lost (or is being given up): stop the background work. */
  onFollow: () => Promise<void> | void;
  /**
   * A try of the lock failed because the database does not answer, after this instance lost the
   * lead (and every try since failed so): no instance leads until it answers again, and this one,
   * the last to lead, may stand in. Called after each such try.
   */
  onAway?: () => void;
  /** The database answers again after `onAway` (before this instance may lead again). */
  onBack?: () => Promise<void> | void;
  /**
   * The lock session is not one session (its statements run on different server sessions: a
   * transaction-mode pooler): the lock means nothing, and the process must not go on.
   */
  onFatal?: (error: Error) => void;
  /** Where the lease and the tries are timed (default: the real clock); tests move it. */
  clock?: Clock;
}

/** An action of the leader was refused: this instance does not (or no longer) lead. */
export class NotLeaderError extends Error {
  override name = "NotLeaderError";
  constructor() {
    super("this instance is not the leader");
  }
}

/** The statements of the lock connection ran on another server session than the lock's. */
export class SessionNotKeptError extends Error {
  override name = "SessionNotKeptError";
}

const DEFAULT_TRY_MS = 2_000;
const DEFAULT_SILENT_SESSION_MS = 8_000;
/** While the database stays unreachable, it is said again this often. */
const UNREACHABLE_REPEAT_MS = 30_000;

/**
 * One leader among the instances sharing a PostgreSQL database: the holder of a session-level
 * advisory lock on a connection of its own.
 *
 * PostgreSQL frees the lock when that session ends. A leader killed outright closes its socket, so
 * that is at once. A leader that freezes instead (a stopped process, a paused VM, a machine without
 * power or network) keeps its socket open as far as anyone can tell, so the session is told to end
 * itself: `idle_session_timeout` on the lock session makes the server close it after
 * `silentSessionMs` without a statement, while a live leader pings it every `tryEveryMs`, well
 * inside that.
 *
 * Fencing: each successful ping proves the session (and the lock) lives at least `silentSessionMs`
 * after it was sent, so the leader counts on its lead for half that (its lease, on the monotonic
 * clock). Before each action only a leader may take (getUpdates, a push, an outbox claim, a
 * tracker write) the caller awaits `fence()`: free while the lease is fresh; once it is stale
 * (after a freeze the clock has moved on), one round trip on the lock session decides. A session
 * the server ended fails it: the instance stops leading at once, every later fence refuses, the
 * work is stopped, and it goes on as a standby.
 */
export class Leadership {
  private connection: LockConnection | undefined;
  /** The server session (backend pid) that took the lock: every ping must run on it. */
  private lockPid: number | undefined;
  private readonly clock: Clock;
  /** Tries the lock (a standby) or pings its session (the leader) every `tryEveryMs`. */
  private readonly loop: PeriodicLoop;
  private stopped = true;
  private leading = false;
  /** Until when (clock.monotonic()) the last ping proves the lead; 0 when it proves nothing. */
  private leaseUntil = 0;
  /** The ping under way: the tick's and the fences' share it (one query at a time). */
  private pinging: Promise<void> | undefined;
  /** Since when (clock.monotonic()) the lock's tries have failed, and when that was last said. */
  private unreachableSince: number | undefined;
  private unreachableToldAt = 0;
  /** The lead was lost and the database has not answered since. */
  private lostLead = false;
  /** onAway was called and onBack not yet. */
  private away = false;
  /** Serializes lead/follow transitions and ticks. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeadershipOptions) {
    this.clock = options.clock ?? realClock;
    this.loop = new PeriodicLoop({
      clock: this.clock,
      pass: () => this.tick(),
      delayAfter: () => this.tryEveryMs,
    });
  }

  get isLeader(): boolean {
    return this.leading;
  }

  private get tryEveryMs(): number {
    return this.options.tryEveryMs ?? DEFAULT_TRY_MS;
  }

  private get silentSessionMs(): number {
    return this.options.silentSessionMs ?? DEFAULT_SILENT_SESSION_MS;
  }

  start(): void {
    this.stopped = false;
    this.loop.start();
  }

  /**
   * Gives the lock up, so a standby takes over at once. The background work stops first, in
   * order, while the lock still holds (its fences pass until it is given up).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    // Not awaited: a tick under way may wait on its query, and the lock is given up below anyway.
    void this.loop.stop();
    await this.enqueue(async () => {
      if (this.leading) {
        this.options.logger.info("stopping: the leader's work stops, then the lock is given up");
        await this.options.onFollow();
        this.leading = false;
        this.leaseUntil = 0;
      }
      await this.disconnect();
      if (this.away) {
        this.away = false;
        await this.options.onBack?.();
      }
    });
  }

  /**
   * Resolves when this instance may act as the leader now; rejects with NotLeaderError when it
   * does not lead (any more). Await it right before each leader-only action.
   */
  async fence(): Promise<void> {
    if (!this.leading) throw new NotLeaderError();
    if (this.clock.monotonic() < this.leaseUntil) return;
    await this.ping().catch((error: unknown) => this.failed(error));
    if (!this.leading) throw new NotLeaderError();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step).catch((error: unknown) => {
      this.options.logger.error({ err: error }, "leadership step failed");
    });
    return this.chain;
  }

  /**
   * The leader pings its session; a standby tries the lock. Pings do not wait behind the chain:
   * starting or stopping the work may take longer than the session may stay silent.
   */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.leading) {
      await this.ping().catch((error: unknown) => this.failed(error));
    } else {
      await this.enqueue(async () => {
        try {
          await this.tryLock();
          this.reachable();
        } catch (error) {
          if (error instanceof SessionNotKeptError) this.failed(error);
          else this.unreachable(error);
          await this.disconnect();
        }
      });
    }
  }

  /**
   * A standby's try of the lock failed (the database is away: restarting, failing over): one line
   * naming the cause when it starts, one every `UNREACHABLE_REPEAT_MS` while it lasts, one when it
   * ends. The tries go on every `tryEveryMs`; the process stays up throughout.
   */
  private unreachable(error: unknown): void {
    const now = this.clock.monotonic();
    const cause = error instanceof Error ? error.message : String(error);
    if (this.lostLead) {
      this.away = true;
      this.options.onAway?.();
    }
    if (this.unreachableSince === undefined) {
      this.unreachableSince = now;
      this.unreachableToldAt = now;
      this.options.logger.warn(
        { cause, retryEveryMs: this.tryEveryMs },
        `the database is unreachable (${cause}): standing by, trying again every ${Math.round(this.tryEveryMs / 1000)} s`,
      );
      return;
    }
    if (now - this.unreachableToldAt >= UNREACHABLE_REPEAT_MS) {
      this.unreachableToldAt = now;
      const forSeconds = Math.round((now - this.unreachableSince) / 1000);
      this.options.logger.warn(
        { cause, forSeconds },
        `the database is still unreachable after ${forSeconds} s (${cause})`,
      );
    }
  }

  /** Whether this instance's last try of the database failed (it does not answer now). */
  get databaseAway(): boolean {
    return this.unreachableSince !== undefined;
  }

  private reachable(): void {
    if (this.unreachableSince === undefined) return;
    const forSeconds = Math.round((this.clock.monotonic() - this.unreachableSince) / 1000);
    this.unreachableSince = undefined;
    this.options.logger.info({ forSeconds }, `the database answers again after ${forSeconds} s`);
  }

  /** A ping or a lock attempt failed: whatever the lead was, it is not proven any more. */
  private failed(error: unknown): void {
    if (error instanceof SessionNotKeptError) {
      if (this.stopped) return;
      this.lose("its lock session is not one session", error);
      this.stopped = true;
      void this.loop.stop();
      this.options.logger.fatal({ err: error }, error.message);
      this.options.onFatal?.(error);
      return;
    }
    this.options.logger.warn({ err: error }, "leadership: the lock session failed");
    this.lose("its lock session failed", error);
  }

  private async tryLock(): Promise<void> {
    const connection = await this.connected();
    const sentAt = this.clock.monotonic();
    const { rows } = await withTimeout(
      this.clock,
      connection.query("select pg_try_advisory_lock($1) as locked, pg_backend_pid() as pid", [
        this.options.lockKey.toString(),
      ]),
      5_000,
    );
    // The database answers: whoever takes the lead now polls, so the stand-in ends first.
    this.lostLead = false;
    if (this.away) {
      this.away = false;
      await this.options.onBack?.();
    }
    const [row] = rows as Array<{ locked: boolean; pid: number }>;
    if (!row?.locked || this.stopped || this.leading) return;
    this.lockPid = row.pid;
    this.leaseUntil = sentAt + this.silentSessionMs / 2;
    this.leading = true;
    this.options.logger.info("this instance is now the leader: polling and background work");
    // Behind this step, not inside it: the tick goes on pinging while the work starts.
    void this.enqueue(() => this.startWork());
  }

  /** The lock holds as long as its session answers (and it is still the session that took it). */
  private ping(): Promise<void> {
    this.pinging ??= this.pingSession().finally(() => {
      this.pinging = undefined;
    });
    return this.pinging;
  }

  private async pingSession(): Promise<void> {
    const connection = this.connection;
    if (!connection) throw new Error("the lock connection is gone");
    const sentAt = this.clock.monotonic();
    const { rows } = await withTimeout(
      this.clock,
      connection.query("select pg_backend_pid() as pid"),
      5_000,
    );
    const [row] = rows as Array<{ pid: number }>;
    if (row?.pid !== this.lockPid) {
      throw new SessionNotKeptError(
        `the leader lock was taken in server session ${this.lockPid} and the next statement ran in ${row?.pid}: DATABASE_URL goes through a transaction-mode pooler; session pooling is required`,
      );
    }
    if (this.leading && connection === this.connection) {
      this.leaseUntil = sentAt + this.silentSessionMs / 2;
    }
  }

  private async connected(): Promise<LockConnection> {
    if (this.connection) return this.connection;
    const connection = await this.options.connect();
    const lost = () => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      // A session that ended has dropped the lock: stop leading now, not at the next tick.
      this.lose("its lock session ended");
    };
    // Listening from the start: an error event nobody listens to would end the process.
    connection.on("error", (error) => {
      this.options.logger.warn({ err: error }, "leadership: lock connection error");
      lost();
    });
    connection.on("end", lost);
    try {
      // The server ends this session when it has been silent this long (PostgreSQL 14+).
      await withTimeout(
        this.clock,
        connection.query("select set_config('idle_session_timeout', $1, false)", [
          `${this.silentSessionMs}ms`,
        ]),
        5_000,
      );
    } catch (error) {
      await connection.end().catch(() => undefined);
      throw error;
    }
    this.connection = connection;
    return connection;
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.end().catch(() => undefined);
  }

  private async startWork(): Promise<void> {
    // Lost again (or stopping) before its turn came: nothing to start.
    if (!this.leading || this.stopped) return;
    try {
      await this.options.onLead();
    } catch (error) {
      this.options.logger.error({ err: error }, "starting the leader's work failed; giving up");
      this.lose("could not start its work", error);
    }
  }

  /**
   * Stops leading now: every later fence refuses at once, so all leader-only work stops together;
   * the session (and with it any lock it may still hold) is ended so that a standby can take over,
   * and the work is stopped in order behind that. The next tick tries the lock as a standby.
   */
  private lose(reason: string, error?: unknown): void {
    if (!this.leading) return;
    this.leading = false;
    this.lostLead = true;
    this.leaseUntil = 0;
    this.options.logger.warn(
      { reason, ...(error ? { err: error } : {}) },
      "this instance is no longer the leader: polling and background work stop",
    );
    const connection = this.connection;
    this.connection = undefined;
    void connection?.end().catch(() => undefined);
    void this.enqueue(async () => {
      await this.options.onFollow();
    });
  }
}

/** The advisory-lock key of a bot: every instance with the same token computes the same one. */
export function leaderLockKey(botId: string): bigint {
  // The bot's numeric id (the token's part before ':') is public and stable; offset by a constant
  // so that it does not collide with other applications' locks on the same database.
  const id = /^\d+$/.test(botId) ? BigInt(botId) : 0n;
  return (0x5357_4150n << 32n) ^ id;
}
