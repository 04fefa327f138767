import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { toSummary } from "../support/flows.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
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

/** Whether a TCP connection to host:port is taken. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

describe("webhook mode, its interface", () => {
  it("listens on loopback only unless WEBHOOK_HOST opens it", async () => {
    const port = await freePort();
    h = await startHarness({
      env: {
        WEBHOOK_URL: `http://127.0.0.1:${port}/telegram`,
        WEBHOOK_SECRET: "s3cret-token-for-tests_123",
        PORT: String(port),
      },
    });
    expect(await reachable("127.0.0.1", port)).toBe(true);
    // This machine's address on its network: the webhook is not there.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === "IPv4")?.address;
    expect(outside).toBeDefined();
    expect(await reachable(outside!, port)).toBe(false);
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
