import { afterEach, describe, expect, it } from "vitest";
import { freePort, type Harness, startHarness, THREE_EXCHANGES } from "../support/bot-harness.ts";
import { step } from "../support/flows.ts";
import { TestClock } from "../support/test-clock.ts";

/**
 * The operator's view of one exchange down among three (issue 41 A/E; docs/operations.md,
 * "Monitoring"): /metrics counts its failures under its name, the admins are told which exchange
 * fails and when it answers again, and /healthz says the bot is degraded, naming it, while the
 * others still quote. The background loops (admin alerts, recovery checks) run on the test clock.
 */

const ADMIN = 6161;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Health {
  status: string;
  problems?: string[];
  degraded?: string[];
}

describe("one exchange down among three, as the operator sees it", () => {
  it("/metrics labels its failures by exchange, the alert and the recovery name LetsExchange, /healthz is degraded naming it", async () => {
    const clock = new TestClock();
    const port = await freePort();
    h = await startHarness({
      exchanges: THREE_EXCHANGES,
      env: {
        METRICS_PORT: String(port),
        ADMIN_CHAT_IDS: String(ADMIN),
        ALERT_AFTER_MS: "1000",
      },
      clock,
    });
    const admin = h.tg.user({ id: ADMIN });
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      return { code: res.status, body: (await res.json()) as Health };
    };
    const metric = async (pattern: RegExp) =>
      (await (await fetch(`http://127.0.0.1:${port}/metrics`)).text())
        .split("\n")
        .filter((line) => pattern.test(line))
        .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
    expect(await health()).toEqual({ code: 200, body: { status: "ok" } });

    h.sandboxes.get("letsexchange")!.control.takeDown("unavailable");
    // The others still quote.
    const quote = await step(h.tg.user(), "/rate 0.3 btc eth", "BTC", 15_000);
    expect(quote.text).not.toContain("unavailable");

    expect(
      await metric(/^exchange_requests_total\{[^}]*status="503"[^}]*exchange="letsexchange"\}/),
    ).toBeGreaterThan(0);
    expect(
      await metric(/^exchange_requests_total\{[^}]*status="503"[^}]*exchange="exolix"\}/),
    ).toBe(0);
    expect(
      await metric(/^exchange_requests_total\{[^}]*status="200"[^}]*exchange="exolix"\}/),
    ).toBeGreaterThan(0);
    // The offer shown won, and it was not LetsExchange's.
    expect(await metric(/^exchange_quotes_won_total\{/)).toBe(1);
    expect(await metric(/^exchange_quotes_won_total\{exchange="letsexchange"\}/)).toBe(0);

    const degraded = await health();
    expect(degraded.code).toBe(200);
    expect(degraded.body.status).toBe("degraded");
    expect(degraded.body.degraded).toEqual([
      expect.stringMatching(/^LetsExchange: exchange unreachable since \d{4}-/),
    ]);

    await clock.until(
      () => admin.transcript().some((m) => m.text.includes("has been failing")),
      30_000,
      "the admin alert",
    );
    const alerts = admin.transcript().filter((m) => m.text.includes("has been failing"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toMatch(/^🚨 LetsExchange has been failing for \d+ min/);

    // Back up: the next quote asks it again, and the admins are told it answers.
    h.sandboxes.get("letsexchange")!.control.bringUp();
    await step(h.tg.user(), "/rate 0.31 btc eth", "BTC", 15_000);
    await clock.until(
      () => admin.transcript().some((m) => m.text.includes("answers again")),
      30_000,
      "the recovery alert",
    );
    expect(admin.transcript().at(-1)!.text).toBe("✅ LetsExchange answers again.");
    expect(await health()).toEqual({ code: 200, body: { status: "ok" } });
  });
});
