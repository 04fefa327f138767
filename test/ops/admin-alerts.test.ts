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
async function rig(leading: () => boolean, takenOut?: () => { now: boolean; times: number }) {
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
    label: "Exolix",
    keySetting: "EXCHANGE_EXOLIX_API_KEY",
    ...(takenOut ? { takenOut } : {}),
    alertAfterMs: 60_000,
    logger: pino({ level: "silent" }),
    checkEveryMs: 1_000,
    fence: async () => {
      if (!leading()) throw new Error("this instance does not lead");
    },
    clock,
  });
  // The exchange rejects the API key: an incident the admins are told of at the next check.
  monitor.record(
    { endpoint: "rate", endpointClass: "public", status: 401, durationMs: 5 },
    clock.now(),
  );
  return { admin, clock, monitor };
}

describe("admin alerts", () => {
  it("are sent by the leader: a rejected key is told once", async () => {
    const { admin, clock } = await rig(() => true);
    alerts!.start();
    await clock.until(() => admin.transcript().length > 0, 5_000, "the alert");
    await clock.advance(10_000);
    expect(admin.transcript()).toHaveLength(1);
    expect(admin.transcript()[0]!.text).toContain("Exolix rejects the bot's API key");
    expect(admin.transcript()[0]!.text).toContain("EXCHANGE_EXOLIX_API_KEY");
  });

  it("name the exchange out of the offers for its key until it is offered again", async () => {
    let out = true;
    const { admin, clock, monitor } = await rig(
      () => true,
      () => ({ now: out, times: 1 }),
    );
    // Another request answered since the 401: the monitor alone would not tell.
    monitor.record(
      { endpoint: "currencies", endpointClass: "public", status: 200, durationMs: 5 },
      clock.now(),
    );
    alerts!.start();
    await clock.until(() => admin.transcript().length > 0, 5_000, "the alert");
    expect(admin.transcript()[0]!.text).toContain("Exolix");
    expect(admin.transcript()[0]!.text).toContain("401");
    out = false;
    await clock.until(() => admin.transcript().length > 1, 5_000, "the recovery");
    expect(admin.transcript()[1]!.text).toContain("Exolix answers again");
  });

  it("tell of a take-out even when the exchange was offered again before the check", async () => {
    const { admin, clock, monitor } = await rig(
      () => true,
      () => ({ now: false, times: 1 }),
    );
    monitor.record(
      { endpoint: "list", endpointClass: "read", status: 200, durationMs: 5 },
      clock.now(),
    );
    alerts!.start();
    await clock.until(() => admin.transcript().length > 1, 10_000, "the alert and the recovery");
    expect(admin.transcript()[0]!.text).toContain("Exolix rejects the bot's API key");
    expect(admin.transcript()[1]!.text).toContain("Exolix answers again");
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
});
