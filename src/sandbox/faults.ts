export type Endpoint = "currencies" | "rate" | "create" | "list" | "get";
export type EndpointOrAny = Endpoint | "any";

interface StatusFault {
  kind: "status";
  status: number;
  message: string;
  times: number;
}
interface MalformedFault {
  kind: "malformed";
  body: "garbage" | "shape";
  times: number;
}
type Fault = StatusFault | MalformedFault;

/** Failures tests and benchmarks inject, consumed in order, per endpoint (or for any). */
export class Faults {
  private readonly queue: Array<{ endpoint: EndpointOrAny; fault: Fault }> = [];
  private readonly delays = new Map<EndpointOrAny, number>();
  down = false;
  /** Next POST creates the transaction, then answers only after this many ms (or never). */
  hangNextCreate: { ms: number; destroy: boolean } | undefined;

  failNext(
    endpoint: EndpointOrAny,
    options: { status: number; message?: string; times?: number },
  ): void {
    this.queue.push({
      endpoint,
      fault: {
        kind: "status",
        status: options.status,
        message: options.message ?? `sandbox: injected ${options.status}`,
        times: options.times ?? 1,
      },
    });
  }

  malformedNext(
    endpoint: EndpointOrAny,
    options: { body?: "garbage" | "shape"; times?: number } = {},
  ): void {
    this.queue.push({
      endpoint,
      fault: { kind: "malformed", body: options.body ?? "garbage", times: options.times ?? 1 },
    });
  }

  setDelay(endpoint: EndpointOrAny, ms: number): void {
    if (ms > 0) this.delays.set(endpoint, ms);
    else this.delays.delete(endpoint);
  }

  delayFor(endpoint: Endpoint): number {
    return (this.delays.get(endpoint) ?? 0) + (this.delays.get("any") ?? 0);
  }

  /** Takes the next fault that applies to this endpoint, if any. */
  take(endpoint: Endpoint): Fault | undefined {
    const index = this.queue.findIndex((f) => f.endpoint === endpoint || f.endpoint === "any");
    if (index < 0) return undefined;
    const entry = this.queue[index]!;
    entry.fault.times--;
    if (entry.fault.times <= 0) this.queue.splice(index, 1);
    return entry.fault;
  }

  clear(): void {
    this.queue.length = 0;
    this.delays.clear();
    this.down = false;
    this.hangNextCreate = undefined;
  }
}
