import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("health and metrics", () => {
  it("/healthz turns 503 with the reason while the exchange is down, and back to 200", async () => {
    const port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      return { status: res.status, body: (await res.json()) as { problems?: string[] } };
    };
    expect((await health()).status).toBe(200);
    h.sandbox.control.setDown(true);
    await step(h.tg.user(), "/rate 0.3 btc eth", "unavailable", 10_000);
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.problems?.join(" ")).toContain("exchange unreachable");
    h.sandbox.control.setDown(false);
    await step(h.tg.user(), "/rate 0.31 btc eth", "BTC", 10_000);
    expect((await health()).status).toBe(200);
  });

  it("/healthz answers from what the bot knows: no exchange request and no database write per probe", async () => {
    const port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    // Start-up has loaded the coin list; from here on only the probes run.
    await h.tg.settle(300);
    const requests = h.sandbox.control.stats.total;
    const reader = new Database(h.dbPath, { readonly: true });
    const version = () => reader.pragma("data_version", { simple: true });
    const before = version();
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
    }
    expect(version()).toBe(before);
    reader.close();
    expect(h.sandbox.control.stats.total).toBe(requests);
  });

  it("/healthz sees the exchange come back with no user asking it", async () => {
    const port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    const health = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
    h.sandbox.control.setDown(true);
    await step(h.tg.user(), "/rate 0.3 btc eth", "unavailable", 10_000);
    expect(await health()).toBe(503);
    h.sandbox.control.setDown(false);
    const deadline = Date.now() + 10_000;
    while ((await health()) !== 200 && Date.now() < deadline) await h.tg.settle(100);
    expect(await health()).toBe(200);
  });

  it("/healthz and /metrics listen on METRICS_HOST only, loopback by default", async () => {
    const reachable = async (host: string, port: number) =>
      fetch(`http://${host}:${port}/healthz`).then(
        (res) => res.status,
        () => "refused",
      );
    let port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    expect(h.app.opsUrl).toBe(`http://127.0.0.1:${port}`);
    expect(await reachable("127.0.0.1", port)).toBe(200);
    // Another address of this machine (all of 127/8 is loopback on Linux) finds nothing there.
    expect(await reachable("127.0.0.2", port)).toBe("refused");
    await h.close();

    port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port), METRICS_HOST: "127.0.0.2" } });
    expect(h.app.opsUrl).toBe(`http://127.0.0.2:${port}`);
    expect(await reachable("127.0.0.2", port)).toBe(200);
    expect(await reachable("127.0.0.1", port)).toBe("refused");
  });

  it("/metrics exposes each metric, with values that move when the bot works", async () => {
    const port = await freePort();
    h = await startHarness({ env: { METRICS_PORT: String(port) } });
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const value = (text: string, pattern: RegExp) =>
      text
        .split("\n")
        .filter((l) => pattern.test(l))
        .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
    const before = await scrape();
    for (const name of [
      "bot_updates_total",
      "bot_update_duration_seconds",
      "exchange_requests_total",
      "exchange_budget_wait_seconds_total",
      "exchange_429_total",
      "swaps_open",
      "tracker_lag_seconds",
      "outbox_depth",
      "support_outbox_depth",
      "telegram_send_failures_total",
    ]) {
      expect(before).toContain(`# TYPE ${name}`);
    }
    const user = h.tg.user();
    await createSwapViaChat(user);
    h.tg.failNext("sendMessage", {
      errorCode: 400,
      description: "Bad Request: injected",
      chatId: user.chatId,
    });
    await step(user, "/help", "Something went wrong");
    const after = await scrape();
    expect(value(after, /^bot_updates_total\{type="message"\}/)).toBeGreaterThan(
      value(before, /^bot_updates_total\{type="message"\}/),
    );
    expect(value(after, /^exchange_requests_total\{class="create"/)).toBe(1);
    expect(value(after, /^swaps_open\{status="wait"\}/)).toBe(1);
    expect(value(after, /^telegram_send_failures_total\{method="sendMessage",code="400"\}/)).toBe(
      1,
    );
  });
});

describe("operator alerts", () => {
  it("admins are alerted when the exchange rejects the key", async () => {
    const admin = 5151;
    h = await startHarness({ env: { ADMIN_CHAT_IDS: String(admin) } });
    const adminUser = h.tg.user({ id: admin });
    h.sandbox.control.failNext("rate", { status: 401, times: 1 });
    await step(h.tg.user(), "/rate 0.2 btc eth", "unavailable");
    const alert = await adminUser.waitFor((m) => m.text.includes("rejects the bot's API key"), {
      timeoutMs: 10_000,
    });
    expect(alert.text).toContain("EXCHANGE_API_KEY");
  });
});
