import { describe, expect, it, vi } from "vitest";
import type { RequestEvent } from "../../src/exchange/client.ts";
import { ExchangeMonitor } from "../../src/ops/exchange-monitor.ts";
import { createHealthCheck, ExchangeRecoveryCheck } from "../../src/ops/health.ts";
import { TestClock } from "../support/test-clock.ts";

const answer = (status: RequestEvent["status"]): RequestEvent => ({
  endpoint: "rate",
  endpointClass: "public",
  status,
  durationMs: 5,
});

/** A monitor whose last answer was `status` (at `at`). */
function seen(status: RequestEvent["status"], at = Date.now()): ExchangeMonitor {
  const monitor = new ExchangeMonitor();
  monitor.record(answer(status), at);
  return monitor;
}

function check(
  overrides: Partial<Parameters<typeof createHealthCheck>[0]> & { monitor?: ExchangeMonitor } = {},
) {
  const { monitor = seen(200), ...rest } = overrides;
  return createHealthCheck({
    checkDatabase: () => undefined,
    exchanges: [{ label: "Exolix", monitor }],
    catalogSize: () => 120,
    trackerLagMs: () => 1_000,
    maxTrackerLagMs: 60_000,
    ...rest,
  });
}

describe("the health check", () => {
  it("is healthy when every part's last result is", async () => {
    expect(await check().problems()).toEqual([]);
  });

  it("names each part that is not", async () => {
    const monitor = new ExchangeMonitor();
    monitor.record(answer(503), Date.parse("2026-01-01T00:00:00Z"));
    const problems = await check({
      checkDatabase: () => {
        throw new Error("SQLITE_CANTOPEN");
      },
      monitor,
      catalogSize: () => 0,
      trackerLagMs: () => 90_000,
    }).problems();
    expect(problems).toEqual([
      "database not usable: Error: SQLITE_CANTOPEN",
      "Exolix: exchange unreachable since 2026-01-01T00:00:00.000Z",
      "coin list not loaded",
      "status tracker lags 90 s behind",
    ]);
  });

  it("says when the exchange rejects the key", async () => {
    const monitor = new ExchangeMonitor();
    monitor.record(answer(401));
    expect(await check({ monitor }).problems()).toEqual([
      "Exolix: exchange rejects the API key (401)",
    ]);
  });

  it("is degraded, not unhealthy, while one exchange fails and another answers, naming it", async () => {
    const since = Date.parse("2026-01-01T00:00:00Z");
    const health = check({
      exchanges: [
        { label: "Exolix", monitor: seen(200) },
        { label: "ChangeNOW", monitor: seen(401) },
        { label: "LetsExchange", monitor: seen(503, since) },
      ],
    });
    expect(await health.problems()).toEqual([]);
    expect(await health.degraded?.()).toEqual([
      "ChangeNOW: exchange rejects the API key (401)",
      "LetsExchange: exchange unreachable since 2026-01-01T00:00:00.000Z",
    ]);
  });

  it("is unhealthy once no exchange answers, naming each", async () => {
    const since = Date.parse("2026-01-01T00:00:00Z");
    const health = check({
      exchanges: [
        { label: "Exolix", monitor: seen("timeout", since) },
        { label: "LetsExchange", monitor: seen(503, since) },
      ],
    });
    expect(await health.problems()).toEqual([
      "Exolix: exchange unreachable since 2026-01-01T00:00:00.000Z",
      "LetsExchange: exchange unreachable since 2026-01-01T00:00:00.000Z",
    ]);
    expect(await health.degraded?.()).toEqual([]);
  });

  it("takes an exchange that has not been asked for hours as it was last seen", async () => {
    const monitor = new ExchangeMonitor();
    monitor.record(answer(200), Date.now() - 6 * 3_600_000);
    expect(await check({ monitor }).problems()).toEqual([]);
  });
});

describe("the recovery check", () => {
  /** A recovery check on a test clock; the monitor records answers at the clock's time. */
  function rig(probeAnswer?: RequestEvent["status"]) {
    const clock = new TestClock();
    const monitor = new ExchangeMonitor();
    const record = (status: RequestEvent["status"]) => monitor.record(answer(status), clock.now());
    const probe = vi.fn(async () => {
      if (probeAnswer !== undefined) record(probeAnswer);
    });
    const recovery = new ExchangeRecoveryCheck({ monitor, probe, everyMs: 1_000, clock });
    recovery.start();
    return { clock, monitor, record, probe, recovery };
  }

  it("asks the exchange only while its last answer failed and nobody asked since", async () => {
    const { clock, monitor, record, probe, recovery } = rig(200);
    record(200);
    await clock.advance(5_000);
    expect(probe).not.toHaveBeenCalled();

    record("timeout");
    await clock.advance(1_000);
    // The failure is fresh: the next tick asks.
    await clock.advance(1_000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(monitor.failingSince).toBe(0);
    await clock.advance(10_000);
    expect(probe).toHaveBeenCalledTimes(1);
    await recovery.stop();
  });

  it("leaves a rejected key alone: the operator has to act", async () => {
    const { clock, record, probe, recovery } = rig();
    record(401);
    await clock.advance(10_000);
    expect(probe).not.toHaveBeenCalled();
    await recovery.stop();
  });

  it("asks an exchange taken out for its key with the key, and offers it again once that succeeds", async () => {
    const clock = new TestClock();
    const monitor = new ExchangeMonitor();
    const record = (status: RequestEvent["status"]) => monitor.record(answer(status), clock.now());
    let out = true;
    let keyAnswer: RequestEvent["status"] = 401;
    const probe = vi.fn(async () => undefined);
    const probeKey = vi.fn(async () => {
      record(keyAnswer);
      if (keyAnswer !== 200) throw new Error(`HTTP ${keyAnswer}`);
    });
    const recovery = new ExchangeRecoveryCheck({
      monitor,
      probe,
      everyMs: 1_000,
      out: { isOut: () => out, probeKey, bringBack: () => (out = false) },
      clock,
    });
    recovery.start();
    record(401);
    // Requests of others keep coming (the tracker's, say): the key is asked all the same.
    for (let i = 0; i < 7; i++) {
      await clock.advance(500);
      record(200);
    }
    // Still refused: it stays out, asked again each period (never by the keyless probe).
    expect(probeKey.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(out).toBe(true);
    keyAnswer = 200;
    await clock.until(() => !out, 5_000, "the exchange offered again");
    const asked = probeKey.mock.calls.length;
    await clock.advance(5_000);
    expect(probeKey).toHaveBeenCalledTimes(asked);
    expect(probe).not.toHaveBeenCalled();
    await recovery.stop();
  });

  it("asks at most once per period while the exchange stays down", async () => {
    const { clock, record, probe, recovery } = rig(503);
    record(503);
    await clock.advance(10_500);
    expect(probe.mock.calls.length).toBeGreaterThan(2);
    expect(probe.mock.calls.length).toBeLessThanOrEqual(10);
    await recovery.stop();
  });
});
