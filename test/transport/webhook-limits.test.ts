import { connect } from "node:net";
import { Writable } from "node:stream";
import { Bot } from "grammy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger.ts";
import { startWebhook } from "../../src/transport/webhook.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";

const SECRET = "s3cret-token-for-tests_123";

let tg: FakeTelegram;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
let handled: number[];
let logs: string[];

/** A bare bot on the project's webhook server, with small limits so the test need not wait. */
beforeEach(async () => {
  tg = await startFakeTelegram();
  const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
  handled = [];
  bot.on("message", (ctx) => {
    handled.push(ctx.update.update_id);
  });
  logs = [];
  const logger = createLogger({
    level: "info",
    secrets: [SECRET],
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString("utf8"));
        done();
      },
    }),
  });
  webhook = await startWebhook(
    bot,
    {
      url: "https://bot.example.com/telegram",
      secret: SECRET,
      port: 0,
      host: "127.0.0.1",
      drain: async () => undefined,
      limits: { maxBodyBytes: 4096, headersTimeoutMs: 300, requestTimeoutMs: 600 },
    },
    logger,
  );
});

afterEach(async () => {
  await webhook.stop();
  await tg.close();
});

const post = (body: string) =>
  fetch(`http://127.0.0.1:${webhook.port}/telegram`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET },
    body,
  });

const update = (id: number, text = "hi") =>
  JSON.stringify({
    update_id: id,
    message: {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 5, type: "private", first_name: "W" },
      from: { id: 5, is_bot: false, first_name: "W" },
      text,
    },
  });

/** Opens a connection, sends `head`, and resolves with what the server answered once it closed. */
function trickle(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(webhook.port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(answer));
  });
}

describe("the webhook server's limits", () => {
  it("refuses a body larger than an update can be with 413, and handles nothing of it", async () => {
    const big = update(1, "x".repeat(5000));
    expect((await post(big)).status).toBe(413);
    expect((await post(update(2))).status).toBe(200);
    expect(handled).toEqual([2]);
    expect(logs.join("")).toContain("too large");
  });

  it("answers a body that is not an update 200 (so Telegram does not send it again) and logs it", async () => {
    for (const body of ["{not json", "[1,2]", '{"message":{}}', '{"update_id":"x"}']) {
      expect((await post(body)).status, body).toBe(200);
    }
    expect(logs.filter((line) => line.includes("is not an update"))).toHaveLength(4);
    expect((await post(update(3))).status).toBe(200);
    expect(handled).toEqual([3]);
  });

  it("cuts off a client that sends its headers too slowly", async () => {
    const answer = await trickle("POST /telegram HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("cuts off a client that trickles its body", async () => {
    const answer = await trickle(
      `POST /telegram HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Telegram-Bot-Api-Secret-Token: ${SECRET}\r\nContent-Length: 200\r\n\r\n{"update_id":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(handled).toEqual([]);
  });
});
