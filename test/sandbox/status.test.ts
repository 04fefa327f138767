import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ORDER, useSandbox } from "./helpers.ts";

const start = useSandbox();
const TINY = { confirmationAfterMs: 40, exchangingAfterMs: 80, successAfterMs: 120 };

describe("the automatic status machine", () => {
  it("moves wait → confirmation → exchanging → success as time passes the schedule", async () => {
    const hour = 3_600_000;
    const api = await start({
      schedule: {
        confirmationAfterMs: hour,
        exchangingAfterMs: 2 * hour,
        successAfterMs: 3 * hour,
      },
    });
    const { body } = await api.create(ORDER);
    const statusNow = async () => (await api.authGet(`/transactions/${body.id}`)).body;
    expect(await statusNow()).toMatchObject({ status: "wait", tx_hash_in: "" });
    // Moving the schedule earlier is the same, for the lazy machine, as time passing.
    api.control.setSchedule({
      confirmationAfterMs: 0,
      exchangingAfterMs: hour,
      successAfterMs: 2 * hour,
    });
    const confirming = await statusNow();
    expect(confirming).toMatchObject({ status: "confirmation", tx_hash_out: "" });
    expect(confirming.tx_hash_in).toMatch(/^[0-9a-f]{64}$/);
    api.control.setSchedule({ confirmationAfterMs: 0, exchangingAfterMs: 0, successAfterMs: hour });
    expect(await statusNow()).toMatchObject({
      status: "exchanging",
      tx_hash_in: confirming.tx_hash_in,
    });
    api.control.setSchedule({ confirmationAfterMs: 0, exchangingAfterMs: 0, successAfterMs: 0 });
    const done = await statusNow();
    expect(done).toMatchObject({ status: "success", tx_hash_in: confirming.tx_hash_in });
    expect(done.tx_hash_out).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.amount_out).toBeGreaterThan(0);
  });

  it("runs on real time, measured from created_at", async () => {
    const api = await start({ schedule: TINY });
    const { body } = await api.create(ORDER);
    await sleep(TINY.successAfterMs + 20);
    const list = await api.authGet<{ data: Array<{ id: string; status: string }> }>(
      "/transactions",
    );
    expect(list.body.data[0]).toMatchObject({ id: body.id, status: "success" });
  });

  it("does not move anything when the schedule is off, and can be switched on at runtime", async () => {
    const api = await start({ schedule: false });
    const { body } = await api.create(ORDER);
    await sleep(30);
    expect(api.control.transaction(body.id as string)!.status).toBe("wait");
    api.control.setSchedule({
      confirmationAfterMs: 0,
      exchangingAfterMs: 10_000,
      successAfterMs: 20_000,
    });
    expect(api.control.transaction(body.id as string)!.status).toBe("confirmation");
  });
});

describe("control.setStatus", () => {
  it("fills tx_hash_in from confirmation on, tx_hash_out and the final amount on success", async () => {
    const api = await start();
    const { body } = await api.create(ORDER);
    const id = body.id as string;
    let tx = api.control.setStatus(id, "confirmation");
    expect(tx.tx_hash_in).toMatch(/^[0-9a-f]{64}$/);
    expect(tx.tx_hash_out).toBe("");
    const hashIn = tx.tx_hash_in;
    tx = api.control.setStatus(id, "success");
    expect(tx.tx_hash_in).toBe(hashIn);
    expect(tx.tx_hash_out).toMatch(/^0x[0-9a-f]{64}$/);
    expect(tx.amount_out).toBeGreaterThan(0);
    expect(Math.abs(tx.amount_out / tx.amount_out_expected - 1)).toBeLessThan(0.004);
    const detail = await api.authGet(`/transactions/${id}`);
    expect(detail.body).toMatchObject({
      status: "success",
      tx_hash_in: hashIn,
      tx_hash_out: tx.tx_hash_out,
      amount_out: tx.amount_out,
    });
  });

  it("takes unknown statuses, and stops the schedule moving that transaction", async () => {
    const api = await start({
      schedule: { confirmationAfterMs: 0, exchangingAfterMs: 0, successAfterMs: 0 },
    });
    const { body } = await api.create(ORDER);
    const tx = api.control.setStatus(body.id as string, "sending");
    expect(tx.tx_hash_in).not.toBe("");
    const detail = await api.authGet(`/transactions/${body.id}`);
    expect(detail.body.status).toBe("sending");
  });

  it("leaves overdue without hashes and keeps refund details when refunded", async () => {
    const api = await start();
    const overdue = await api.create(ORDER);
    expect(api.control.setStatus(overdue.body.id as string, "overdue")).toMatchObject({
      status: "overdue",
      tx_hash_in: "",
      tx_hash_out: "",
    });
    const refund = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
    const refunded = await api.create({ ...ORDER, refundAddress: refund });
    const tx = api.control.setStatus(refunded.body.id as string, "refunded");
    expect(tx).toMatchObject({
      status: "refunded",
      refund_address: refund,
      amount_out: 0,
      tx_hash_out: "",
    });
    expect(tx.tx_hash_in).not.toBe("");
  });

  it("throws for an unknown id", async () => {
    const api = await start();
    expect(() => api.control.setStatus("nope", "success")).toThrow(/nope/);
  });
});

describe("control.setTimeline", () => {
  it("enters each planned status once its time has come, with what it implies", async () => {
    const api = await start();
    const [id] = api.control.seed(1);
    const now = Date.now();
    api.control.setTimeline(id!, [
      { status: "exchanging", at: now + 60_000 },
      { status: "confirmation", at: now - 1 },
      { status: "success", at: new Date(now + 120_000) },
    ]);
    const read = async () => (await api.authGet(`/transactions/${id}`)).body;
    expect(await read()).toMatchObject({ status: "confirmation", tx_hash_out: "" });
    // The plan is kept in order: moving it earlier is, for the lazy machine, time passing.
    api.control.setTimeline(id!, [{ status: "exchanging", at: now - 1 }]);
    expect(await read()).toMatchObject({ status: "exchanging" });
    api.control.setTimeline(id!, [{ status: "success", at: now - 1 }]);
    const done = await read();
    expect(done.status).toBe("success");
    expect(done.tx_hash_out).not.toBe("");
  });

  it("is dropped by a later setStatus, and refuses unknown ids and times", async () => {
    const api = await start({
      schedule: { confirmationAfterMs: 0, exchangingAfterMs: 0, successAfterMs: 0 },
    });
    const [id] = api.control.seed(1, { auto: false });
    api.control.setTimeline(id!, [{ status: "overdue", at: Date.now() + 60_000 }]);
    api.control.setStatus(id!, "confirmation");
    expect(api.control.transaction(id!)?.status).toBe("confirmation");
    expect(api.control.transaction(id!)?.timeline).toBeUndefined();
    expect(() => api.control.setTimeline("nope", [])).toThrow(/nope/);
    expect(() => api.control.setTimeline(id!, [{ status: "success", at: "soon" }])).toThrow(/soon/);
  });
});

describe("control.seed", () => {
  it("seeds 10,000 transactions quickly, served by the list in order", async () => {
    const api = await start();
    const ids = api.control.seed(10_000, { status: "wait", spreadOverMs: 86_400_000 });
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
    const res = await api.authGet<{ data: Array<{ id: string }>; count: number }>(
      "/transactions?size=100&page=3",
    );
    expect(res.body.count).toBe(10_000);
    expect(res.body.data.map((t) => t.id)).toEqual(ids.slice().reverse().slice(200, 300));
  });

  it("seeds with status, pair and creation time; seeded transactions stay put by default", async () => {
    const api = await start({
      schedule: { confirmationAfterMs: 0, exchangingAfterMs: 0, successAfterMs: 0 },
    });
    const at = "2025-03-01T12:00:00.000Z";
    const [id] = api.control.seed(1, {
      status: "success",
      createdAt: at,
      coinFrom: "xmr",
      coinTo: "usdt",
      networkTo: "trc20",
    });
    const tx = api.control.transaction(id!)!;
    expect(tx).toMatchObject({
      status: "success",
      coin_from: "xmr",
      coin_to: "usdt",
      network_to: "TRC20",
      created_at: at,
    });
    expect(tx.tx_hash_out).not.toBe("");
    expect(tx.deposit_address).toMatch(/^[48]/);
    const [waiting] = api.control.seed(1);
    expect(api.control.transaction(waiting!)!.status).toBe("wait");
    const [auto] = api.control.seed(1, { auto: true });
    expect(api.control.transaction(auto!)!.status).toBe("success");
  });

  it("merges seeded history older than existing transactions in date order", async () => {
    const api = await start();
    const live = await api.create(ORDER);
    api.control.seed(5, { spreadOverMs: 60_000, createdAt: Date.now() - 3_600_000 });
    const all = api.control.transactions();
    expect(all[0]!.id).toBe(live.body.id);
    const times = all.map((t) => t.createdMs);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    api.control.clearTransactions();
    expect(api.control.transactions()).toHaveLength(0);
  });

  it("refuses unknown coins", async () => {
    const api = await start();
    expect(() => api.control.seed(1, { coinFrom: "nope" })).toThrow(/nope/);
  });
});
