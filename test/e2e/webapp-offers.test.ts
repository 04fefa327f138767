import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { THREE_EXCHANGES } from "../support/bot-harness.ts";
import { DARK_THEME, signedInitData } from "../support/browser.ts";
import { ETH_ADDRESS } from "../support/flows.ts";
import { miniAppForFile, pickPair, SCREENSHOTS } from "../support/mini-app.ts";
import { until } from "../support/until.ts";

/**
 * The Mini App over three exchanges side by side (issue 41): its quote lists every offer, best
 * first; a swap is created at the exchange the summary named only; a refused create answers with
 * the next exchange's offer for a Confirm of its own; an exchange the bot does not offer is refused.
 */

const mini = miniAppForFile({ exchanges: THREE_EXCHANGES });

interface Offer {
  exchange: string;
  label: string;
  fromAmount: string;
  toAmount: number;
  kyc: string | null;
  fits: boolean;
  best: boolean;
}

const auth = (userId: number) => ({
  authorization: `tma ${signedInitData(mini.h.tg.token, { id: userId })}`,
});

async function quoteOf(userId: number, query = "") {
  const answer = await fetch(
    `${mini.pageUrl}api/quote?from=btc&to=eth&amount=0.5&rateType=float${query}`,
    { headers: auth(userId) },
  );
  expect(answer.status).toBe(200);
  return (await answer.json()) as { quote: Offer; offers: Offer[] };
}

async function create(userId: number, body: Record<string, unknown>) {
  const answer = await fetch(`${mini.pageUrl}api/swaps`, {
    method: "POST",
    headers: { ...auth(userId), "content-type": "application/json" },
    body: JSON.stringify({
      from: "btc",
      to: "eth",
      amount: "0.5",
      rateType: "float",
      payout: ETH_ADDRESS,
      ...body,
    }),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** Every sandbox's transactions, by exchange name. */
const createdAt = () =>
  Object.fromEntries(
    [...mini.h.sandboxes].map(([name, sandbox]) => [name, sandbox.control.transactions()]),
  );

describe("the Mini App's offers from several exchanges", () => {
  it("its quote lists the three exchanges' offers, best first and marked, each with its label, amount and KYC letter", async () => {
    const user = mini.h.tg.user();
    const { quote, offers } = await quoteOf(user.id);
    expect(offers.map((o) => o.label).sort()).toEqual(["ChangeNOW", "Exolix", "LetsExchange"]);
    expect(offers[0]!.best).toBe(true);
    expect(offers.filter((o) => o.best)).toHaveLength(1);
    // The best gives the most, but for a near-tie (within 0.5 %) the better KYC rating or the
    // operator's order may win.
    for (const other of offers.slice(1)) {
      expect(other.toAmount).toBeLessThanOrEqual(offers[0]!.toAmount * 1.005);
    }
    expect(offers.every((o) => o.fits && o.fromAmount === "0.5")).toBe(true);
    expect(offers.find((o) => o.label === "ChangeNOW")?.kyc).toBe("C");
    expect(quote.exchange).toBe(offers[0]!.exchange);
    // A chosen exchange's offer is the quote while it quotes: kept on the fixed rate too.
    const chosen = offers.find((o) => !o.best)!;
    const again = await quoteOf(user.id, `&exchange=${chosen.exchange}`);
    expect(again.quote.exchange).toBe(chosen.exchange);
    expect(again.quote.label).toBe(chosen.label);
    const fixed = await fetch(
      `${mini.pageUrl}api/quote?from=btc&to=eth&amount=0.5&rateType=fixed&exchange=${chosen.exchange}`,
      { headers: auth(user.id) },
    );
    expect(((await fixed.json()) as { quote: Offer }).quote.exchange).toBe(chosen.exchange);
  });

  it("a create at a chosen exchange that is not the best goes to that exchange only", async () => {
    const user = mini.h.tg.user();
    const { offers } = await quoteOf(user.id);
    const chosen = offers[offers.length - 1]!;
    expect(chosen.best).toBe(false);
    const before = createdAt();
    const { status, body } = await create(user.id, {
      key: "chosen-not-best-01",
      amount: "0.41",
      exchange: chosen.exchange,
    });
    expect(status).toBe(201);
    const after = createdAt();
    for (const [name, made] of Object.entries(after)) {
      expect(made.length - before[name]!.length).toBe(name === chosen.exchange ? 1 : 0);
    }
    const tx = mini.h.sandboxes.get(chosen.exchange)!.control.transactions().at(-1)!;
    expect(tx.amount_in).toBe(0.41);
    expect(body.id).toBe(tx.id);
  });

  it("an amount to receive lists what each exchange takes to send, and a create at a chosen one is held to its numbers there", async () => {
    const user = mini.h.tg.user();
    const answer = await fetch(
      `${mini.pageUrl}api/quote?from=btc&to=eth&amount=6&rateType=float&side=receive`,
      { headers: auth(user.id) },
    );
    expect(answer.status).toBe(200);
    const { offers } = (await answer.json()) as { offers: Offer[] };
    // Each exchange that quotes an amount to receive itself says what it takes to send.
    expect(offers.length).toBeGreaterThanOrEqual(2);
    expect(offers[0]!.best).toBe(true);
    expect(offers.every((o) => o.toAmount === 6)).toBe(true);
    const chosen = offers[offers.length - 1]!;
    const before = createdAt();
    // The best exchange's amount to send is not the chosen one's: shown again, nothing created.
    const moved = await create(user.id, {
      key: "receive-chosen-01",
      amount: "6",
      side: "receive",
      sendAmount: offers[0]!.fromAmount,
      exchange: chosen.exchange,
    });
    expect(chosen.fromAmount).not.toBe(offers[0]!.fromAmount);
    expect(moved.status).toBe(409);
    expect((moved.body.quote as Offer).exchange).toBe(chosen.exchange);
    expect((moved.body.quote as Offer).fromAmount).toBe(chosen.fromAmount);
    expect(createdAt()).toEqual(before);
    const made = await create(user.id, {
      key: "receive-chosen-02",
      amount: "6",
      side: "receive",
      sendAmount: chosen.fromAmount,
      exchange: chosen.exchange,
    });
    expect(made.status).toBe(201);
    const after = createdAt();
    for (const [name, list] of Object.entries(after)) {
      expect(list.length - before[name]!.length).toBe(name === chosen.exchange ? 1 : 0);
    }
    const tx = mini.h.sandboxes.get(chosen.exchange)!.control.transactions().at(-1)!;
    expect(String(tx.amount_in)).toBe(chosen.fromAmount);
  });

  it("a create the chosen exchange refuses answers with its refusal and the next offer, freshly quoted; nothing is created anywhere until that offer is confirmed", async () => {
    const user = mini.h.tg.user();
    const { offers } = await quoteOf(user.id);
    const [first, second] = offers as [Offer, Offer];
    const refusing = mini.h.sandboxes.get(first.exchange)!.control;
    refusing.refuseCreates();
    try {
      const before = createdAt();
      const refused = await create(user.id, {
        key: "refused-first-01",
        amount: "0.42",
        exchange: first.exchange,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe("refused");
      expect(refused.body.refused).toEqual({ exchange: first.exchange, label: first.label });
      expect(String(refused.body.message)).toContain(`${first.label} refused this swap`);
      expect(String(refused.body.message)).toContain("Nothing was created there");
      const next = refused.body.quote as Offer;
      expect(next.exchange).toBe(second.exchange);
      expect(String(refused.body.message)).toContain(second.label);
      expect(refused.body.excluded).toEqual([first.exchange]);
      const listed = (refused.body.offers as Offer[]).map((o) => o.exchange);
      expect(listed).not.toContain(first.exchange);
      // No swap anywhere: the next exchange's offer waits for its own Confirm.
      expect(createdAt()).toEqual(before);

      const confirmed = await create(user.id, {
        key: "refused-next-01",
        amount: "0.42",
        exchange: next.exchange,
        exclude: refused.body.excluded,
      });
      expect(confirmed.status).toBe(201);
      const after = createdAt();
      for (const [name, made] of Object.entries(after)) {
        expect(made.length - before[name]!.length).toBe(name === second.exchange ? 1 : 0);
      }
    } finally {
      refusing.refuseCreates(false);
    }
  });

  it("an exchange the bot does not offer, named in a create, is refused with 400 and nothing is created", async () => {
    const user = mini.h.tg.user();
    const before = createdAt();
    for (const exchange of ["binance", "", "exolix; drop table", 42]) {
      const { status } = await create(user.id, { key: "unknown-exchange-1", exchange });
      expect(status).toBe(400);
    }
    const excluded = await create(user.id, {
      key: "unknown-exchange-2",
      exchange: "exolix",
      exclude: ["nowhere"],
    });
    expect(excluded.status).toBe(400);
    expect(createdAt()).toEqual(before);
  });

  it("the page lists the offers as a radio group with the best checked; another picked and confirmed is created there, and the summary names it", async () => {
    const user = mini.h.tg.user();
    const { offers } = await quoteOf(user.id);
    const best = offers[0]!;
    const other = offers.find((o) => !o.best)!;
    const page = await mini.openPage(user.id);
    await pickPair(page, "btc", "eth");
    await page.getByLabel("Amount").fill("0.43");
    const group = page.getByRole("radiogroup", { name: "Exchange" });
    await group.waitFor();
    const radios = group.getByRole("radio");
    await until(async () => (await radios.count()) === 3, 10_000, "three offers");
    const bestRadio = group.getByRole("radio", { name: new RegExp(best.label) });
    expect(await bestRadio.isChecked()).toBe(true);
    // Each option's name holds its exchange and the amount it gives.
    expect(await radios.nth(0).getAttribute("value")).toBe(best.exchange);
    const names = await radios.evaluateAll((inputs) =>
      inputs.map((input) => (input.closest("label") as { textContent: string }).textContent),
    );
    for (const name of names) expect(name).toMatch(/\d+(\.\d+)? ETH/);
    await page.screenshot({ path: join(SCREENSHOTS, "offers-light.png"), fullPage: true });

    const otherRadio = group.getByRole("radio", { name: new RegExp(other.label) });
    await otherRadio.check();
    expect(await otherRadio.isChecked()).toBe(true);
    expect(await bestRadio.isChecked()).toBe(false);
    // The choice is kept when the rate type changes while that exchange still quotes.
    const fixedQuote = page.waitForResponse(/\/api\/quote\?.*rateType=fixed/);
    await page.getByText("Fixed rate").click();
    expect((await fixedQuote).url()).toContain(`exchange=${other.exchange}`);
    await until(async () => await otherRadio.isChecked(), 10_000, "the pick kept (fixed)");
    const floatQuote = page.waitForResponse(/\/api\/quote\?.*rateType=float/);
    await page.getByText("Floating rate").click();
    await floatQuote;
    await until(async () => await otherRadio.isChecked(), 10_000, "the pick kept (float)");

    await page.getByLabel("Payout address").fill(ETH_ADDRESS);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Confirm" }).waitFor();
    const summary = await page.locator(".facts").innerText();
    expect(summary).toContain("Exchange");
    expect(summary).toContain(other.label);
    await page.screenshot({ path: join(SCREENSHOTS, "offers-summary.png"), fullPage: true });
    const before = createdAt();
    await page.getByRole("button", { name: "Confirm" }).click();
    const made = mini.h.sandboxes.get(other.exchange)!.control;
    await until(() => made.transactions().some((t) => t.amount_in === 0.43), 15_000, "created");
    const tx = made.transactions().find((t) => t.amount_in === 0.43)!;
    await page.getByText(tx.deposit_address, { exact: true }).waitFor();
    const after = createdAt();
    for (const [name, list] of Object.entries(after)) {
      expect(list.length - before[name]!.length).toBe(name === other.exchange ? 1 : 0);
    }
    await page.context().close();
  });

  it("the page shows a refusal and a new summary at the next exchange; its Confirm creates there", async () => {
    const user = mini.h.tg.user();
    const { offers } = await quoteOf(user.id);
    const [first, second] = offers as [Offer, Offer];
    const refusing = mini.h.sandboxes.get(first.exchange)!.control;
    refusing.refuseCreates();
    try {
      const page = await mini.openPage(user.id, { theme: DARK_THEME });
      await pickPair(page, "btc", "eth");
      await page.getByLabel("Amount").fill("0.44");
      const group = page.getByRole("radiogroup", { name: "Exchange" });
      await until(async () => (await group.getByRole("radio").count()) === 3, 10_000, "offers");
      await page.getByLabel("Payout address").fill(ETH_ADDRESS);
      await page.screenshot({ path: join(SCREENSHOTS, "offers-dark.png"), fullPage: true });
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Confirm" }).waitFor();
      expect(await page.locator(".facts").innerText()).toContain(first.label);
      const before = createdAt();
      await page.getByRole("button", { name: "Confirm" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: `${first.label} refused` })
        .waitFor();
      // The new summary names the next exchange; nothing was created until it is confirmed.
      await until(
        async () => (await page.locator(".facts").innerText()).includes(second.label),
        10_000,
        "the next offer's summary",
      );
      expect(createdAt()).toEqual(before);
      await page.screenshot({ path: join(SCREENSHOTS, "offers-refused.png"), fullPage: true });
      await page.getByRole("button", { name: "Confirm" }).click();
      const made = mini.h.sandboxes.get(second.exchange)!.control;
      await until(() => made.transactions().some((t) => t.amount_in === 0.44), 15_000, "created");
      const tx = made.transactions().find((t) => t.amount_in === 0.44)!;
      await page.getByText(tx.deposit_address, { exact: true }).waitFor();
      const after = createdAt();
      for (const [name, list] of Object.entries(after)) {
        expect(list.length - before[name]!.length).toBe(name === second.exchange ? 1 : 0);
      }
      await page.context().close();
    } finally {
      refusing.refuseCreates(false);
    }
  });

  it("in Persian the offers read right to left, named in Persian, their amounts left to right", async () => {
    const user = mini.h.tg.user({ languageCode: "fa" });
    const page = await mini.openPage(user.id, { languageCode: "fa" });
    await page.locator("#from").fill("btc");
    await page.locator("#from").press("Enter");
    await page.locator("#to").fill("eth");
    await page.locator("#to").press("Enter");
    await page.locator("#amount").fill("0.45");
    const group = page.getByRole("radiogroup", { name: "صرافی" });
    await until(async () => (await group.getByRole("radio").count()) === 3, 10_000, "offers");
    // Mirrored: the radio stands in the option's right half, its exchange's name beside it.
    const option = (await page.locator(".offer").first().boundingBox())!;
    const radio = (await page.locator(".offer input").first().boundingBox())!;
    expect(radio.x + radio.width / 2).toBeGreaterThan(option.x + option.width / 2);
    expect(
      await page.evaluate("getComputedStyle(document.querySelector('.offer-amount')).direction"),
    ).toBe("ltr");
    // The amount stands under the name, at the right, as the name does.
    const name = (await page.locator(".offer-name").first().boundingBox())!;
    // The text's own box (the element spans the option's width): runs in the page.
    const amount = (await page.evaluate(
      "(() => { const r = document.createRange(); r.selectNodeContents(document.querySelector('.offer-amount')); const b = r.getBoundingClientRect(); return { x: b.x, width: b.width }; })()",
    )) as { x: number; width: number };
    expect(Math.abs(amount.x + amount.width - (name.x + name.width))).toBeLessThan(2);
    await page.screenshot({ path: join(SCREENSHOTS, "offers-fa.png"), fullPage: true });
    await page.context().close();
  });
});
