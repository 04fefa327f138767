import { describe, expect, it } from "vitest";
import { BTC_ADDRESS, ETH_ADDRESS, useSandbox } from "./helpers.ts";

const start = useSandbox();
const XRP_ADDRESS = "rG1QQv2nh2gr7RCZ1P8YYcBUKCCN633jCn";
const XLM_ADDRESS = "GDTYVCTAUQVPKEDZIBWEJGKBQHB4UGGXI2SXXUEW7LXMD4B7MK37CWLJ";
/** 0.05 BTC to an XRP account that needs destination tag 12345. */
const TO_XRP = {
  coinFrom: "btc",
  coinTo: "xrp",
  amount: 0.05,
  withdrawalAddress: XRP_ADDRESS,
  withdrawalExtraId: "12345",
};

/** How each dialect echoes the payout and refund memos. */
const FIELDS: Record<"spec" | "exolix", { payout: string; refund: string }> = {
  spec: { payout: "withdrawal_extra_id", refund: "refund_extra_id" },
  exolix: { payout: "withdrawalExtraId", refund: "refundExtraId" },
};

describe("payout memos in the spec dialect", () => {
  it("takes withdrawalExtraId and refundExtraId and echoes them on the created answer and the detail", async () => {
    const api = await start();
    const created = await api.create({
      coinFrom: "xlm",
      coinTo: "xrp",
      amount: 500,
      withdrawalAddress: XRP_ADDRESS,
      withdrawalExtraId: 4_294_967_295,
      refundAddress: XLM_ADDRESS,
      refundExtraId: "back to me",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      withdrawal_extra_id: "4294967295",
      refund_extra_id: "back to me",
    });
    const detail = await api.authGet(`/transactions/${created.body.id}`);
    expect(detail.body).toMatchObject({
      withdrawal_extra_id: "4294967295",
      refund_extra_id: "back to me",
    });
  });

  it("shows no memo field when none was sent (or an empty one, as EDGE sends)", async () => {
    const api = await start();
    const created = await api.create({ ...TO_XRP, withdrawalExtraId: "" });
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty("withdrawal_extra_id");
    const detail = await api.authGet(`/transactions/${created.body.id}`);
    expect(detail.body).not.toHaveProperty("withdrawal_extra_id");
    expect(detail.body).not.toHaveProperty("refund_extra_id");
  });
});

describe.each(["spec", "exolix"] as const)("payout memos (%s dialect)", (dialect) => {
  const { payout, refund } = FIELDS[dialect];

  it("checks a destination tag as a number up to 2^32-1, and other memos by their network's rule", async () => {
    const api = await start({ dialect });
    const refused = async (order: Record<string, unknown>, field: string, words: string) => {
      const res = await api.create(order);
      expect(res.status).toBe(400);
      expect(res.text).toContain(field);
      expect(res.text).toContain(words);
    };
    await refused({ ...TO_XRP, withdrawalExtraId: "memo" }, "withdrawalExtraId", "destination tag");
    await refused(
      { ...TO_XRP, withdrawalExtraId: "4294967296" },
      "withdrawalExtraId",
      "4294967295",
    );
    await refused(
      {
        ...TO_XRP,
        coinTo: "xlm",
        withdrawalAddress: XLM_ADDRESS,
        withdrawalExtraId: "x".repeat(29),
      },
      "withdrawalExtraId",
      "memo",
    );
    await refused(
      { ...TO_XRP, coinTo: "eth", withdrawalAddress: ETH_ADDRESS },
      "withdrawalExtraId",
      "is not used on ETH",
    );
    await refused({ ...TO_XRP, refundExtraId: "7" }, "refundExtraId", "is not used on BTC");
    await refused(
      {
        coinFrom: "xrp",
        coinTo: "btc",
        amount: 100,
        withdrawalAddress: BTC_ADDRESS,
        refundExtraId: "7",
      },
      "refundExtraId",
      "refundAddress",
    );
    const ok = await api.create({ ...TO_XRP, withdrawalExtraId: "4294967295" });
    expect([200, 201]).toContain(ok.status);
    expect(ok.body[payout]).toBe("4294967295");
  });

  it("echoes a refund memo on the send coin's memo network", async () => {
    const api = await start({ dialect });
    const res = await api.create({
      coinFrom: "xrp",
      coinTo: "btc",
      amount: 100,
      withdrawalAddress: BTC_ADDRESS,
      refundAddress: XRP_ADDRESS,
      refundExtraId: "991",
    });
    expect([200, 201]).toContain(res.status);
    expect(res.body[refund]).toBe("991");
  });

  it("can drop the payout memo: neither the answer nor the detail carries it, nor does the next create lose it", async () => {
    const api = await start({ dialect });
    api.control.dropPayoutMemoNextCreate();
    const dropped = await api.create(TO_XRP);
    expect([200, 201]).toContain(dropped.status);
    expect(dropped.body[payout] ?? null).toBeNull();
    const detail = await api.authGet(`/transactions/${dropped.body.id}`);
    expect(detail.body[payout] ?? null).toBeNull();
    expect(api.control.transaction(String(dropped.body.id))?.withdrawal_extra_id).toBeNull();
    const next = await api.create(TO_XRP);
    expect(next.body[payout]).toBe("12345");
  });

  it("can leave the payout memo out of the answer only, while the detail has it", async () => {
    const api = await start({ dialect });
    api.control.alterNextCreate({ withdrawal_extra_id: null });
    const created = await api.create(TO_XRP);
    expect(created.body[payout] ?? null).toBeNull();
    const detail = await api.authGet(`/transactions/${created.body.id}`);
    expect(detail.body[payout]).toBe("12345");
  });
});

describe.each(["spec", "exolix"] as const)("the deposit memo fault (%s dialect)", (dialect) => {
  const field = dialect === "spec" ? "deposit_extra_id" : "depositExtraId";

  it("omits the deposit memo from the create answer while the detail has it", async () => {
    const api = await start({ dialect });
    api.control.alterNextCreate({ deposit_extra_id: null });
    const created = await api.create({
      coinFrom: "xrp",
      coinTo: "btc",
      amount: 100,
      withdrawalAddress: BTC_ADDRESS,
    });
    expect(created.body[field] ?? null).toBeNull();
    const detail = await api.authGet(`/transactions/${created.body.id}`);
    expect(detail.body[field]).toMatch(/^\d+$/);
  });

  it("lands the spec's alteration names on the dialect's fields", async () => {
    const api = await start({ dialect });
    api.control.alterNextCreate({ amount_in: 0.7, withdrawal_address: ETH_ADDRESS.toLowerCase() });
    const created = await api.create({
      coinFrom: "btc",
      coinTo: "eth",
      amount: 0.5,
      withdrawalAddress: ETH_ADDRESS,
    });
    const shown =
      dialect === "spec"
        ? [created.body.amount_in, created.body.withdrawal_address]
        : [created.body.amount, created.body.withdrawalAddress];
    expect(shown).toEqual([0.7, ETH_ADDRESS.toLowerCase()]);
    const stored = api.control.transaction(String(created.body.id));
    expect([stored?.amount_in, stored?.withdrawal_address]).toEqual([0.5, ETH_ADDRESS]);
  });
});

describe("memo networks", () => {
  it("are one list for deposits and payouts, a property of the network: every coin on one takes a memo", async () => {
    const api = await start();
    const coins = api.control.coins();
    const memoNetworks = new Set(api.control.memoNetworks());
    expect(memoNetworks).toEqual(new Set(coins.flatMap((c) => c.memoNetworks)));
    expect([...memoNetworks]).toEqual(
      expect.arrayContaining(["XRP", "XLM", "TON", "ATOM", "EOS", "BEP2", "HBAR"]),
    );
    for (const coin of coins) {
      for (const network of coin.networks) {
        expect(coin.memoNetworks.includes(network), `${coin.code} on ${network}`).toBe(
          memoNetworks.has(network),
        );
      }
    }
  });
});
