import { Api } from "grammy";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createI18n, translator } from "../../src/bot/i18n.ts";
import { AdminAlerts } from "../../src/ops/admin-alerts.ts";
import { ExchangeMonitor } from "../../src/ops/exchange-monitor.ts";
import { type FakeTelegram, startFakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";
import { TestClock } from "../support/test-clock.ts";

let tg: FakeTelegram | undefined;
let alerts: AdminAlerts | undefined;
afterEach(async () => {
  await alerts?.stop();
  await tg?.close();
  alerts = undefined;
  tg = undefined;
});

/** Admin alerts on a test clock, their fence answering as `leading()` says. */
async function rig(
  leading: () => boolean,
  status: 401 | 503 = 401,
  takenOut?: () => { now: boolean; times: number },
) {
  tg = await startFakeTelegram();
  const admin = tg.user();
  const clock = new TestClock();
  clock.watchHttp();
  const monitor = new ExchangeMonitor();
  const i18n = createI18n(() => undefined);
  alerts = new AdminAlerts({
    api: new Api(tg.token, { apiRoot: tg.apiRoot }),
    translate: () => translator(i18n, "en"),
    adminChatIds: [admin.chatId],
    monitor,
    exchange: "LetsExchange",
    keySetting: "EXCHANGE_LETSEXCHANGE_API_KEY",
    ...(takenOut ? { takenOut } : {}),
    alertAfterMs: 60_000,
    logger: pino({ level: "silent" }),
    checkEveryMs: 1_000,
    fence: async () => {
      if (!leading()) throw new Error("this instance does not lead");
    },
    clock,
  });
  // The exchange rejects the API key (or fails): an incident the admins are told of.
  const answer = (status: 200 | 401 | 503) =>
    monitor.record(
      { endpoint: "rate", endpointClass: "public", status, durationMs: 5 },
      clock.now(),
    );
  answer(status);
  return { admin, clock, answer };
}

describe("admin alerts", () => {
  it("are sent by the leader: a rejected key is told once", async () => {
    const { admin, clock } = await rig(() => true);
    alerts!.start();
    await clock.until(() => admin.transcript().length > 0, 5_000, "the alert");
    await clock.advance(10_000);
    expect(admin.transcript()).toHaveLength(1);
    expect(admin.transcript()[0]!.text).toBe(
      "🚨 LetsExchange rejects the bot's API key (401). Its offers are left out (users get the other exchanges') until a request with the key succeeds again: fix its API key (EXCHANGE_LETSEXCHANGE_API_KEY).",
    );
  });

  it("name the exchange that has been failing longer than allowed, and again when it answers", async () => {
    const { admin, clock, answer } = await rig(() => true, 503);
    alerts!.start();
    await clock.advance(30_000);
    expect(admin.transcript()).toHaveLength(0);
    await clock.until(() => admin.transcript().length > 0, 60_000, "the alert");
    expect(admin.transcript()[0]!.text).toMatch(
      /^🚨 LetsExchange has been failing for 1 min \(since \d{4}-.*\)\. Swaps cannot be quoted or created there/,
    );
    answer(200);
    await clock.until(() => admin.transcript().length > 1, 5_000, "the recovery");
    expect(admin.transcript()[1]!.text).toBe("✅ LetsExchange answers again.");
  });

  it("are not sent by an instance that lost the lead, and are once it leads again", async () => {
    let leading = false;
    const { admin, clock } = await rig(() => leading);
    alerts!.start();
    await clock.advance(10_000);
    expect(admin.transcript()).toHaveLength(0);

    leading = true;
    await clock.until(() => admin.transcript().length > 0, 5_000, "the alert");
    expect(admin.transcript()).toHaveLength(1);
  });

  it("name the exchange out of the offers for its key until it is offered again", async () => {
    let out = true;
    const { admin, clock, answer } = await rig(
      () => true,
      401,
      () => ({ now: out, times: 1 }),
    );
    // Another request answered since the 401: the monitor alone would not tell.
    answer(200);
    alerts!.start();
    await clock.until(() => admin.transcript().length > 0, 5_000, "the alert");
    expect(admin.transcript()[0]!.text).toContain("LetsExchange rejects the bot's API key");
    out = false;
    await clock.until(() => admin.transcript().length > 1, 5_000, "the recovery");
    expect(admin.transcript()[1]!.text).toBe("✅ LetsExchange answers again.");
  });

  it("tell of a take-out even when the exchange was offered again before the check", async () => {
    const { admin, clock, answer } = await rig(
      () => true,
      401,
      () => ({ now: false, times: 1 }),
    );
    answer(200);
    alerts!.start();
    await clock.until(() => admin.transcript().length > 1, 10_000, "the alert and the recovery");
    expect(admin.transcript()[0]!.text).toContain("LetsExchange rejects the bot's API key");
    expect(admin.transcript()[1]!.text).toBe("✅ LetsExchange answers again.");
  });
});
