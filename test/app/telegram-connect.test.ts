import { getEventListeners } from "node:events";
import { createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import { Api } from "grammy";
import { afterEach, describe, expect, it } from "vitest";
import { waitForGetMe } from "../../src/app/telegram-connect.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { freePort } from "../support/ports.ts";
import { TestClock } from "../support/test-clock.ts";
import { until } from "../support/until.ts";

/**
 * Start-up's wait for Telegram's getMe, over real HTTP on the test clock: one line per failed try
 * saying what happened and when the next try is, and nothing left behind by a try, however many.
 */

const TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

type GrammySignal = NonNullable<Parameters<Api["getMe"]>[0]>;

let clock: TestClock | undefined;
let silent: Server | undefined;
let tg: FakeTelegram | undefined;
afterEach(async () => {
  clock?.dispose();
  clock = undefined;
  await tg?.close();
  tg = undefined;
  if (silent) {
    const server = silent;
    silent = undefined;
    await new Promise((resolve) => server.close(resolve));
  }
});

function start(apiRoot: string, level = "info") {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger({ level, secrets: [TOKEN], destination });
  const api = new Api(TOKEN, { apiRoot });
  const stop = new AbortController();
  clock = new TestClock();
  const waiting = waitForGetMe((signal) => api.getMe(signal as unknown as GrammySignal), {
    logger,
    apiRoot,
    clock,
    signal: stop.signal,
  });
  const failures = () => lines.filter((l) => String(l.msg).startsWith("cannot reach Telegram"));
  return { lines, failures, stop, waiting, clock };
}

/** Node's handles and requests of each kind (timers, sockets, …) the process holds now. */
function resources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

function grownBeyond(now: Map<string, number>, before: Map<string, number>): string[] {
  return [...now].filter(([kind, n]) => n > (before.get(kind) ?? 0) + 1).map(([kind]) => kind);
}

describe("waiting for Telegram's getMe", () => {
  it("says each refused try is refused and when the next one is, backing off to 30 s", async () => {
    const bot = start(`http://127.0.0.1:${await freePort()}`);
    bot.clock.watchHttp();
    await bot.clock.until(() => bot.failures().length >= 9, 10 * 60_000, "nine refused tries");
    const lines = bot.failures();
    expect(lines.map((l) => l.retryInMs)).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(lines[0]).toMatchObject({ level: "error", code: "ECONNREFUSED", tries: 1 });
    expect(lines[0]?.msg).toBe(
      "cannot reach Telegram (getMe failed): connection refused: nothing listens at TELEGRAM_API_ROOT's host and port [ECONNREFUSED]; next try in 0.5 s",
    );
    expect(lines[6]?.msg).toMatch(/\[ECONNREFUSED\]; next try in 30 s$/);
    // Nothing else is said meanwhile: no "still waiting" or "timeout" while the tries are refused.
    expect(bot.lines.filter((l) => l.msg !== "connecting to Telegram")).toEqual(lines);
    expect(JSON.stringify(bot.lines)).not.toContain("timeout");
    // One line each, without the stack (that is logged at debug).
    expect(JSON.stringify(bot.lines)).not.toContain("    at ");
    bot.stop.abort();
    expect(await bot.waiting).toBeUndefined();
  }, 60_000);

  it("logs the failure's stack at debug, on a line of its own", async () => {
    const bot = start(`http://127.0.0.1:${await freePort()}`, "debug");
    bot.clock.watchHttp();
    await bot.clock.until(() => bot.failures().length >= 1, 60_000, "a refused try");
    const debug = bot.lines.find((l) => l.msg === "getMe failed");
    expect(debug?.level).toBe("debug");
    expect(JSON.stringify(debug?.err)).toContain("    at ");
    expect(JSON.stringify(bot.failures()[0])).not.toContain("    at ");
    bot.stop.abort();
    await bot.waiting;
  }, 60_000);

  it("gives up a getMe left unanswered after 15 s, says so, and tries again", async () => {
    const held: Socket[] = [];
    let closed = 0;
    silent = createServer((socket) => {
      held.push(socket);
      socket.resume();
      socket.on("close", () => closed++);
    });
    await new Promise<void>((resolve) => silent?.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const bot = start(`http://127.0.0.1:${address.port}`);
    // The clock does not watch these requests (one never ends): it is moved by hand.
    await until(() => held.length === 1, 20_000, "the first getMe reaching the server");
    await bot.clock.advance(15_000);
    await until(() => bot.failures().length === 1, 20_000, "the first try given up");
    await bot.clock.advance(500);
    await until(() => held.length === 2, 20_000, "the second getMe reaching the server");
    await bot.clock.advance(15_000);
    await until(() => bot.failures().length === 2, 20_000, "the second try given up");
    const [first, second] = bot.failures();
    expect(first).toMatchObject({ code: "TIMEOUT", tries: 1, retryInMs: 500 });
    expect(first?.msg).toBe(
      "cannot reach Telegram (getMe failed): timeout: no answer from TELEGRAM_API_ROOT within 15 s (a firewall, or no route to it) [TIMEOUT]; next try in 0.5 s",
    );
    expect(second).toMatchObject({ code: "TIMEOUT", tries: 2, retryInMs: 1_000 });
    // The try given up closed its connection.
    await until(() => closed === 2, 20_000, "both connections closed");
    expect(held).toHaveLength(2);
    for (const socket of held) socket.destroy();
    bot.stop.abort();
    expect(await bot.waiting).toBeUndefined();
  }, 60_000);

  it("names Telegram's own error answer and when the next try is", async () => {
    tg = await startFakeTelegram({ token: TOKEN });
    tg.failNext("getMe", { errorCode: 502, description: "Bad Gateway", times: 2 });
    const bot = start(tg.apiRoot);
    bot.clock.watchHttp();
    await bot.clock.until(() => bot.failures().length === 2, 60_000, "two failed tries");
    await bot.clock.advance(1_000);
    const me = await bot.waiting;
    expect(me?.username).toBe(tg.botUsername);
    expect(bot.failures().map((l) => l.msg)).toEqual([
      "cannot reach Telegram (getMe failed): Telegram answered 502: Bad Gateway [HTTP_502]; next try in 0.5 s",
      "cannot reach Telegram (getMe failed): Telegram answered 502: Bad Gateway [HTTP_502]; next try in 1 s",
    ]);
  }, 60_000);

  it("runs 300 refused tries leaving no abort listener, timer or socket behind", async () => {
    const bot = start(`http://127.0.0.1:${await freePort()}`);
    bot.clock.watchHttp();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    try {
      await bot.clock.until(() => bot.failures().length >= 10, 10 * 60_000, "ten tries");
      const before = resources();
      await bot.clock.until(() => bot.failures().length >= 300, 300 * 60_000, "300 tries");
      // Between two tries: the pause's listener and timer, nothing more.
      expect(getEventListeners(bot.stop.signal, "abort").length).toBeLessThanOrEqual(1);
      expect(bot.clock.pending).toBe(1);
      expect(grownBeyond(resources(), before)).toEqual([]);
      expect(warnings.map((w) => w.name)).not.toContain("MaxListenersExceededWarning");
      bot.stop.abort();
      expect(await bot.waiting).toBeUndefined();
      expect(getEventListeners(bot.stop.signal, "abort")).toHaveLength(0);
      expect(bot.clock.pending).toBe(0);
    } finally {
      process.off("warning", onWarning);
    }
  }, 120_000);
});
