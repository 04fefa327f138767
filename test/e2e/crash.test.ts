import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { type BotProcess, startBotProcess } from "../support/bot-process.ts";
import { ETH_ADDRESS, step } from "../support/flows.ts";
import { TEST_DIALECT } from "../support/test-dialect.ts";

const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

let tg: FakeTelegram | undefined;
let sandbox: Sandbox | undefined;
let dir: string | undefined;
const bots: BotProcess[] = [];

afterEach(async () => {
  for (const { child } of bots.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
  await tg?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The fake Telegram, a sandbox and a temp folder, and the environment a bot process runs with. */
async function setUp(extra: Record<string, string> = {}) {
  tg = await startFakeTelegram();
  sandbox = await startSandbox({ dialect: TEST_DIALECT, schedule: false, limits: false });
  dir = mkdtempSync(join(tmpdir(), "swapbot-crash-"));
  const env = {
    BOT_TOKEN: tg.token,
    TELEGRAM_API_ROOT: tg.apiRoot,
    EXCHANGE_API_URL: sandbox.url,
    EXCHANGE_DIALECT: sandbox.dialect,
    EXCHANGE_API_KEY: sandbox.apiKey,
    DATABASE_PATH: join(dir, "bot.sqlite"),
    LOG_LEVEL: "warn",
    ...extra,
  };
  return { tg, sandbox, env };
}

function startBot(env: Record<string, string>): BotProcess {
  const bot = startBotProcess(env);
  bots.push(bot);
  return bot;
}

describe("a crash between sending a push and recording it", () => {
  it("repeats that one push at most once and loses nothing", async () => {
    const { tg, sandbox, env } = await setUp({
      STATUS_POLL_INTERVAL_MS: "200",
    });
    const first = startBot(env);
    await tg.waitForPolling(30_000);
    const user = tg.user();
    for (const text of ["/exchange", "btc", "eth", "0.5", ETH_ADDRESS, "skip"]) {
      await user.reply(text, { timeoutMs: 10_000 });
    }
    await user.reply("confirm", { timeoutMs: 10_000 });
    const [tx] = sandbox.control.transactions();
    expect(tx).toBeDefined();

    // The push reaches the chat, but the bot dies before it hears Telegram's answer.
    const held = tg.holdNext("sendMessage", user.chatId);
    sandbox.control.setStatus(tx!.id, "confirmation");
    await held.arrived;
    first.child.kill("SIGKILL");
    await first.exit;
    held.release();

    sandbox.control.setStatus(tx!.id, "exchanging");
    startBot(env);
    const pushes = (word: string) =>
      user.transcript().filter((m) => m.text.includes(`${tx!.id}: ${word}`)).length;
    const deadline = Date.now() + 20_000;
    while (pushes("exchanging") === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    await tg.settle(800);
    expect(pushes("confirming")).toBeGreaterThanOrEqual(1);
    expect(pushes("confirming")).toBeLessThanOrEqual(2);
    expect(pushes("exchanging")).toBe(1);
  }, 90_000);
});
describe("a crash after the exchange created a swap but before the bot recorded it", () => {
  it("is reconciled at the next start: the user gets that swap's deposit address, and no second swap", async () => {
    // The default EXCHANGE_TIMEOUT_MS: a POST may run 20 s, the wait for a pending intent of a
    // live process is 35 s. This one's process has ended, which the next start knows (SQLite's
    // instance lock): it is looked up at once.
    const { tg, sandbox, env } = await setUp({ STATUS_POLL_INTERVAL_MS: "200" });
    const first = startBot(env);
    await tg.waitForPolling(30_000);
    const user = tg.user();
    for (const text of ["/exchange", "btc", "eth", "0.5", ETH_ADDRESS, "skip"]) {
      await user.reply(text, { timeoutMs: 10_000 });
    }
    // The exchange creates the swap, then its answer never comes: the bot dies waiting for it.
    sandbox.control.createThenHang(120_000);
    user.send("confirm");
    const deadline = Date.now() + 10_000;
    while (sandbox.control.transactions().length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const [tx] = sandbox.control.transactions();
    expect(tx).toBeDefined();
    first.child.kill("SIGKILL");
    await first.exit;
    expect(user.transcript().some((m) => m.text.includes(tx!.deposit_address))).toBe(false);

    startBot(env);
    const found = await user.waitFor((m) => m.text.includes(tx!.deposit_address), {
      timeoutMs: 20_000,
    });
    expect(found.text).toContain(tx!.id);
    expect(found.text).toContain("Found it");
    expect(sandbox.control.transactions()).toHaveLength(1);
  }, 90_000);
});

describe("a crash between a flow's prompt and the write of its step", () => {
  it("loses nothing: the next start handles that answer again and the flow goes on", async () => {
    const { tg, env } = await setUp();
    const first = startBot(env);
    await tg.waitForPolling(30_000);
    const user = tg.user();
    await step(user, "/exchange", "send");
    // The bot has taken "btc" (Telegram counts it delivered once the bot polls again) and its
    // "receive" prompt reaches Telegram; the bot dies before it stores the step.
    const prompt = tg.holdNext("sendMessage", user.chatId);
    user.send("btc");
    await prompt.arrived;
    await tg.waitForPolling(10_000);
    first.child.kill("SIGKILL");
    await first.exit;
    prompt.release();

    startBot(env);
    await tg.waitForPolling(30_000);
    // "eth" is the coin to receive, not (as it would be a step behind) the coin to send.
    const amount = await step(user, "eth", "amount", 15_000);
    expect(amount.text).toMatch(/BTC\s*→\s*ETH/);
    const quote = await step(user, "0.5", "address");
    expect(quote.text).toContain("ETH");
  }, 90_000);
});

describe("a crash between recording a swap and sending its deposit message", () => {
  it("the replayed Confirm shows the deposit message itself, and no second swap is created", async () => {
    const { tg, sandbox, env } = await setUp();
    const first = startBot(env);
    await tg.waitForPolling(30_000);
    const user = tg.user();
    for (const text of ["/exchange", "xrp", "btc", "100", BTC_ADDRESS, "skip"]) {
      await user.reply(text, { timeoutMs: 10_000 });
    }
    // The swap is recorded; its QR code (sent first) and message have not reached the chat when
    // the process dies.
    const qr = tg.holdNext("sendPhoto", user.chatId, { before: true });
    user.send("confirm");
    await qr.arrived;
    first.child.kill("SIGKILL");
    await first.exit;
    const [tx] = sandbox.control.transactions();
    expect(tx).toBeDefined();
    expect(user.transcript().some((m) => m.text.includes(tx!.deposit_address))).toBe(false);

    startBot(env);
    const deposit = await user.waitFor((m) => !m.photo && m.text.includes(tx!.deposit_address), {
      timeoutMs: 60_000,
    });
    expect(deposit.text).toContain("already created");
    expect(deposit.text).toContain("Send exactly 100 XRP");
    expect(deposit.text).toContain(`Memo (destination tag): ${tx!.deposit_extra_id}`);
    expect(deposit.text).toContain(tx!.id);
    expect(deposit.text).not.toContain("above");
    expect(sandbox.control.transactions()).toHaveLength(1);
  }, 90_000);
});
