/** The five endpoints of the spec, as faults, limits and stats name them. */
export type Endpoint = "currencies" | "rate" | "create" | "list" | "get";
/** An endpoint, or "any" for whichever endpoint is called next. */
export type FaultTarget = Endpoint | "any";

/**
 * A malformed 200 answer: `garbage` is an HTML error page, `truncated` JSON cut in the middle,
 * `empty` no body at all, `shape` valid JSON of the wrong shape (fields missing or mistyped).
 */
export type MalformedBody = "garbage" | "truncated" | "empty" | "shape";

export interface StatusFaultOptions {
  /** HTTP status to answer, e.g. 500, 503, or 400 with a message. */
  status: number;
  /** The error message; default "sandbox: injected <status>". */
  message?: string;
  /** How many responses; default 1. */
  times?: number;
  /** Seconds for a Retry-After header (useful with 429 and 503). */
  retryAfter?: number;
}

export interface MalformedFaultOptions {
  /** Default "garbage". */
  body?: MalformedBody;
  /** How many responses; default 1. */
  times?: number;
}

export interface StallFaultOptions {
  /** How long the rest of the body is held back (the sandbox's close() ends it sooner). */
  ms: number;
  /** How many responses; default 1. */
  times?: number;
}

type Fault =
  | { kind: "status"; status: number; message: string; retryAfter?: number }
  | { kind: "malformed"; body: MalformedBody }
  /** The real answer's status line, headers and half its body at once; the rest after `ms`. */
  | { kind: "stall"; ms: number };

/** How the next POST /transactions misbehaves after it has really created the transaction. */
interface CreateHang {
  ms: number;
  /** Destroy the socket after `ms` instead of answering. */
  destroy: boolean;
  /** Answer 200 with this unreadable body instead of the transaction. */
  garble?: MalformedBody;
  /** Answer this HTTP error status (a proxy's 502, say) instead of the transaction. */
  status?: number;
  /** Send the status line, headers and half the body at once; the rest only after `ms`. */
  stallBody?: boolean;
  /**
   * This many other transactions land on the key right after this one (the same coin pair,
   * other amounts and payout addresses), while its answer is held: a busy key.
   */
  othersAfter?: number;
}

/** Fields of a created transaction, as the POST answers them, that a test may falsify. */
export interface CreateAlteration {
  coin_from?: string;
  coin_to?: string;
  amount_in?: number;
  amount_out_expected?: number;
  deposit_address?: string;
  withdrawal_address?: string;
  /** Not in the spec's created shape: setting it makes the answer echo a refund address. */
  refund_address?: string | null;
  rate_type?: string;
  /** Not in the spec's created shape: setting it makes the answer name a network. */
  network_from?: string;
  network_to?: string;
  /** The memo as the answer names it (in the spelling of the `memoField` quirk); null: none. */
  deposit_extra_id?: string | number | null;
  /** The payout memo as the answer echoes it; null: the answer leaves it out. */
  withdrawal_extra_id?: string | null;
  /** The refund memo as the answer echoes it; null: the answer leaves it out. */
  refund_extra_id?: string | null;
  /**
   * false (default): only the POST answer lies, the transaction itself (and its detail) is right.
   * true: the exchange really created the transaction with these values.
   */
  persist?: boolean;
}

/**
 * How a sandbox that is down answers every request, on every endpoint: `hang` accepts the
 * connection and the request and never answers (a dead upstream behind a live load balancer);
 * `unavailable` answers 503 at once.
 */
export type DownMode = "hang" | "unavailable";

/** Failures that tests and benchmarks inject; queued faults are consumed in the order given. */
export class Faults {
  private readonly queue: Array<{ target: FaultTarget; fault: Fault; left: number }> = [];
  private readonly delays = new Map<FaultTarget, number>();
  /** GET /transactions/{id} of these ids answers this status, every time. */
  readonly failingDetails = new Map<string, number>();
  /** While set, every request is answered as this mode says (see DownMode). */
  down: DownMode | false = false;
  /**
   * While true, every POST create that names an offered pair is refused in the dialect's words for
   * a pair it does not take (a 4xx that says no swap was made), and nothing is created.
   */
  refuseCreates = false;
  hangNextCreate: CreateHang | undefined;
  alterNextCreate: CreateAlteration | undefined;
  /**
   * The next POST /transactions silently opens the swap on the coins' default networks, whatever
   * networks it asked for, and (as the spec's created shape) names none: an exchange that does not
   * know the network code asked for.
   */
  defaultNetworksNextCreate = false;
  /** The next fixed-rate POST /transactions really creates the swap at a payout this much lower. */
  worseFixedNextCreate: number | undefined;
  /** The next floating-rate POST /transactions really creates the swap estimating this much less. */
  worseFloatNextCreate: number | undefined;
  /**
   * The next POST /transactions creates the swap without the payout memo it was sent (an exchange
   * that ignores `withdrawalExtraId`): neither the answer nor the detail carries it.
   */
  dropPayoutMemoNextCreate = false;
  /** Pairs ("btc/eth", one direction) the exchange does not offer: /rate and create refuse them. */
  readonly unavailablePairs = new Set<string>();

  failNext(target: FaultTarget, options: StatusFaultOptions): void {
    const fault: Fault = {
      kind: "status",
      status: options.status,
      message: options.message ?? `sandbox: injected ${options.status}`,
    };
    if (options.retryAfter !== undefined) fault.retryAfter = options.retryAfter;
    this.queue.push({ target, fault, left: options.times ?? 1 });
  }

  malformedNext(target: FaultTarget, options: MalformedFaultOptions = {}): void {
    this.queue.push({
      target,
      fault: { kind: "malformed", body: options.body ?? "garbage" },
      left: options.times ?? 1,
    });
  }

  stallNext(target: FaultTarget, options: StallFaultOptions): void {
    this.queue.push({ target, fault: { kind: "stall", ms: options.ms }, left: options.times ?? 1 });
  }

  /** Delays every answer of `target` by `ms` (0 removes the delay); "any" adds to all. */
  setDelay(target: FaultTarget, ms: number): void {
    if (ms > 0) this.delays.set(target, ms);
    else this.delays.delete(target);
  }

  delayFor(endpoint: Endpoint): number {
    return (this.delays.get(endpoint) ?? 0) + (this.delays.get("any") ?? 0);
  }

  /** Takes the next queued fault that applies to `endpoint`, if any. */
  take(endpoint: Endpoint): Fault | undefined {
    const index = this.queue.findIndex((e) => e.target === endpoint || e.target === "any");
    const entry = this.queue[index];
    if (!entry) return undefined;
    entry.left--;
    if (entry.left <= 0) this.queue.splice(index, 1);
    return entry.fault;
  }

  /** Faults still waiting to be served, per target (for assertions). */
  pending(): Partial<Record<FaultTarget, number>> {
    const out: Partial<Record<FaultTarget, number>> = {};
    for (const e of this.queue) out[e.target] = (out[e.target] ?? 0) + e.left;
    return out;
  }

  clear(): void {
    this.queue.length = 0;
    this.delays.clear();
    this.down = false;
    this.refuseCreates = false;
    this.hangNextCreate = undefined;
    this.alterNextCreate = undefined;
    this.failingDetails.clear();
    this.defaultNetworksNextCreate = false;
    this.worseFixedNextCreate = undefined;
    this.worseFloatNextCreate = undefined;
    this.dropPayoutMemoNextCreate = false;
    this.unavailablePairs.clear();
  }
}
