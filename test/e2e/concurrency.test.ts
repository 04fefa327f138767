import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { createSwapViaChat, step, toSummary } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("concurrency", () => {
  it("a chat waiting on a slow exchange does not delay another chat", async () => {
    h = await startHarness();
    const slow = h.tg.user();
    const quick = h.tg.user();
    // Slow, but within the client's timeout (1 s in the harness).
    h.sandbox.control.setDelay("rate", 700);
    const order: string[] = [];
    slow.send("/rate 0.4 btc eth");
    const slowAnswer = slow
      .waitFor((m) => m.text.includes("BTC"), { timeoutMs: 10_000 })
      .then(() => order.push("slow"));
    await new Promise((r) => setTimeout(r, 100));
    quick.send("/help");
    const quickAnswer = quick
      .waitFor((m) => m.text.includes("/exchange"))
      .then(() => order.push("quick"));
    await Promise.all([slowAnswer, quickAnswer]);
    expect(order).toEqual(["quick", "slow"]);
  });

  it("a second instance polling with the same token is reported in one clear line, and polling resumes after it", async () => {
    h = await startHarness({ env: { TELEGRAM_CONFLICT_RETRY_MS: "200" } });
    const user = h.tg.user();
    h.tg.failNext("getUpdates", {
      errorCode: 409,
      description: "Conflict: terminated by other getUpdates request",
      times: 3,
    });
    // The poll held now answers this update; the next three polls are refused.
    await step(user, "/help", "/exchange");
    const refused = () => h?.tg.polls.filter((p) => p.response?.ok === false).length ?? 0;
    await h.tg.until(
      () => (refused() === 3 ? true : undefined),
      5_000,
      () => new Error(`${refused()} polls refused`),
    );
    await step(user, "/help", "/exchange");
    expect(h.logs.filter((l) => l.includes("409 Conflict"))).toHaveLength(1);
  });
});

describe("webhook mode", () => {
  it("registers the webhook with its secret and processes only requests that carry it", async () => {
    const port = await freePort();
    const secret = "s3cret-token-for-tests_123";
    h = await startHarness({
      env: {
        WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
        WEBHOOK_SECRET: secret,
        PORT: String(port),
      },
    });
    const setWebhook = h.tg.calls.find((c) => c.method === "setWebhook");
    expect(setWebhook?.params.secret_token).toBe(secret);
    const user = h.tg.user();
    const update = (id: number) => ({
      update_id: id,
      message: {
        message_id: id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.chatId, type: "private", first_name: "W" },
        from: user.from,
        text: "/help",
        entities: [{ type: "bot_command", offset: 0, length: 5 }],
      },
    });
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/telegram`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await post(update(1), {})).status).toBe(401);
    expect(
      (await post(update(2), { "X-Telegram-Bot-Api-Secret-Token": "wrong-secret-value-123" }))
        .status,
    ).toBe(401);
    await h.tg.settle(300);
    expect(user.transcript()).toHaveLength(0);
    expect((await post(update(3), { "X-Telegram-Bot-Api-Secret-Token": secret })).status).toBe(200);
    const reply = await user.waitFor((m) => m.text.includes("/exchange"));
    expect(reply.text).toContain("/rate");
    expect(user.transcript()).toHaveLength(1);
  });
});

describe("webhook mode, after long polling", () => {
  it("handles at start the updates a polling run took and did not finish", async () => {
    const port = await freePort();
    h = await startHarness({
      env: {
        WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
        WEBHOOK_SECRET: "s3cret-token-for-tests_123",
        PORT: String(port),
      },
    });
    const user = h.tg.user();
    // What a polling run that died handling it left in the journal.
    const left = {
      update_id: 77,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.chatId, type: "private", first_name: "W" },
        from: user.from,
        text: "/help",
        entities: [{ type: "bot_command", offset: 0, length: 5 }],
      },
    };
    const db = new Database(h.dbPath);
    try {
      db.prepare(
        "INSERT INTO update_journal (update_id, payload, received_at) VALUES (?, ?, ?)",
      ).run(left.update_id, JSON.stringify(left), Date.now());
    } finally {
      db.close();
    }
    expect(user.transcript()).toHaveLength(0);

    await h.restart();
    await user.waitFor((m) => m.text.includes("/exchange"));
    await h.restart();
    await h.tg.settle(300);
    // Once: a second start finds nothing left.
    expect(user.transcript()).toHaveLength(1);
  });
});

describe("webhook mode, stopping", () => {
  it("waits for an update still being handled (a Confirm the exchange is slow to answer)", async () => {
    const port = await freePort();
    const harness = await startHarness({
      env: {
        WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
        WEBHOOK_SECRET: "s3cret-token-for-tests_123",
        PORT: String(port),
      },
    });
    h = harness;
    const user = harness.tg.user();
    await toSummary(user);
    // Created at once, answered 0.8 s later (the harness's exchange timeout is 1 s).
    harness.sandbox.control.createThenHang(800);
    await user.press("Confirm");
    while (harness.sandbox.control.transactions().length === 0) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(harness.tg.pendingUpdates()).toHaveLength(1);

    await harness.stop();
    const [tx] = harness.sandbox.control.transactions();
    const deposit = user.transcript().find((m) => m.text.includes("Swap created"));
    expect(deposit?.text).toContain(tx!.deposit_address);
    // Telegram got its 200 for the update, once it was done (a cut connection would leave the
    // update pending, to be delivered again).
    await harness.tg.until(
      () => (harness.tg.pendingUpdates().length === 0 ? true : undefined),
      2_000,
      () => new Error("the Confirm update was never answered"),
    );
    const db = new Database(harness.dbPath, { readonly: true });
    try {
      expect(db.prepare("SELECT id, card_message_id AS card FROM transactions").all()).toEqual([
        { id: tx!.id, card: deposit!.messageId },
      ]);
    } finally {
      db.close();
    }
  });
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
