import { describe, expect, it } from "vitest";
import { BTC_ADDRESS, ETH_ADDRESS, useSandbox } from "./helpers.ts";

const open = useSandbox();

const XRP_ORDER = { coinFrom: "xrp", coinTo: "btc", amount: 100, withdrawalAddress: BTC_ADDRESS };

describe("deposit memos", () => {
  it("a memo coin's create answer and detail carry the memo as deposit_extra_id, at one shared address", async () => {
    const api = await open();
    const first = await api.create(XRP_ORDER);
    const second = await api.create(XRP_ORDER);
    expect(first.status).toBe(200);
    expect(first.body.deposit_extra_id).toMatch(/^\d+$/);
    expect(first.body.deposit_address).toBe(second.body.deposit_address);
    expect(first.body.deposit_extra_id).not.toBe(second.body.deposit_extra_id);
    const detail = await api.authGet(`/transactions/${String(first.body.id)}`);
    expect(detail.body.deposit_extra_id).toBe(first.body.deposit_extra_id);
    expect(detail.body).not.toHaveProperty("depositExtraId");
  });

  it("spelled depositExtraId under the memoField quirk", async () => {
    const api = await open({ quirks: { memoField: "depositExtraId" } });
    const created = await api.create(XRP_ORDER);
    expect(created.body.depositExtraId).toMatch(/^\d+$/);
    expect(created.body).not.toHaveProperty("deposit_extra_id");
    const detail = await api.authGet(`/transactions/${String(created.body.id)}`);
    expect(detail.body.depositExtraId).toBe(created.body.depositExtraId);
  });

  it("a coin without memos answers none", async () => {
    const api = await open();
    const created = await api.create({
      coinFrom: "btc",
      coinTo: "eth",
      amount: 0.5,
      withdrawalAddress: ETH_ADDRESS,
    });
    expect(created.body).not.toHaveProperty("deposit_extra_id");
  });
});

describe("test-only create faults", () => {
  it("useDefaultNetworksNextCreate: the swap opens on the default networks and the answer names none", async () => {
    const api = await open();
    api.control.useDefaultNetworksNextCreate();
    const order = { ...XRP_ORDER, coinFrom: "usdt", networkFrom: "BEP20" };
    const created = await api.create(order);
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty("network_from");
    const detail = await api.authGet(`/transactions/${String(created.body.id)}`);
    expect(detail.body.network_from).toBe("ERC20");
    // Once only.
    const next = await api.create(order);
    const nextDetail = await api.authGet(`/transactions/${String(next.body.id)}`);
    expect(nextDetail.body.network_from).toBe("BEP20");
  });

  it("worsenNextFixedCreate: the next fixed-rate swap really pays that much less than the quote", async () => {
    const api = await open();
    const quote = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=0.5&rateType=fixed");
    api.control.worsenNextFixedCreate(0.02);
    const created = await api.create({
      coinFrom: "btc",
      coinTo: "eth",
      amount: 0.5,
      withdrawalAddress: ETH_ADDRESS,
      rateType: "fixed",
    });
    const promised = Number(quote.body.toAmount);
    expect(Number(created.body.amount_out_expected)).toBeCloseTo(promised * 0.98, 6);
    const detail = await api.authGet(`/transactions/${String(created.body.id)}`);
    expect(Number(detail.body.amount_out)).toBeCloseTo(promised * 0.98, 6);
  });
});
