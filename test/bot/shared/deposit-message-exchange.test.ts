import type { TranslateFunction } from "@grammyjs/i18n";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { type ExchangeTarget, runExchanges } from "../../../src/app/exchange.ts";
import { createI18n, translator } from "../../../src/bot/i18n.ts";
import { outboxText } from "../../../src/bot/outbox/delivery-text.ts";
import { ticketText } from "../../../src/bot/outbox/support-text.ts";
import { depositText } from "../../../src/bot/shared/deposit-message.ts";
import { statusCardText } from "../../../src/bot/status/render.ts";
import { loadConfig } from "../../../src/config.ts";
import { realClock } from "../../../src/lib/clock.ts";
import { ExchangeSet } from "../../../src/swaps/exchange-set.ts";
import type { Ticket } from "../../../src/swaps/support-ports.ts";
import type { Swap } from "../../../src/swaps/swap.ts";
import { pageSwap } from "../../../src/webapp/server/swap-view.ts";

/**
 * How the deposit message (and the texts built like it) names a swap's exchange: its label under
 * the transaction id, the exchange's own page of the swap where it has one (never a sandbox's),
 * nothing new with one exchange, and the recorded id of an exchange no longer configured.
 */

/** As the bot translates: variables escaped for Telegram's HTML. */
const t: TranslateFunction = translator(
  createI18n(() => undefined),
  "en",
);

/**
 * The exchanges as the app builds them (runExchanges) from EXCHANGES: each at a URL (a real
 * exchange), or each an embedded sandbox (`sandbox`: as when no URL is set).
 */
function exchangesOf(names: string, sandbox: boolean): ExchangeSet {
  const env: Record<string, string> = { BOT_TOKEN: "123:abc", EXCHANGES: names };
  for (const name of names.split(",")) env[`EXCHANGE_${name.toUpperCase()}_API_KEY`] = "key";
  const config = loadConfig(env);
  const targets: ExchangeTarget[] = config.exchanges.map((settings) => ({
    settings,
    url: sandbox ? "http://127.0.0.1:9/" : settings.url!,
    apiKey: "key",
    sandbox,
  }));
  const seen = { metrics: undefined, ledger: undefined, clock: realClock };
  return new ExchangeSet(runExchanges(config, pino({ level: "silent" }), targets, seen));
}

const swap: Swap = {
  id: "ex&42",
  chatId: 7,
  userId: 7,
  coinFrom: "btc",
  coinTo: "eth",
  networkFrom: null,
  networkTo: null,
  amountIn: "0.5",
  amountOutExpected: "8.1",
  amountOut: null,
  rate: null,
  rateType: "float",
  depositAddress: "bc1qdeposit",
  withdrawalAddress: "0xpayout",
  refundAddress: null,
  txHashIn: null,
  txHashOut: null,
  status: "wait",
  statusChangedAt: 0,
  createdAt: "2026-11-25T12:00:00Z",
  cardMessageId: null,
  lastCheckedAt: null,
  exchange: "exolix",
  depositMemo: null,
  payoutMemo: null,
  refundMemo: null,
  txLinkIn: null,
  txLinkOut: null,
  holdLink: null,
  holdAsks: null,
  notFoundSince: null,
  nextLookupAt: null,
  givenUpAt: null,
  suspect: false,
};

/** The swap's Exolix page, as the message's HTML has it (the id escaped twice: URL, then HTML). */
const EXOLIX_PAGE = "https://exolix.com/transaction/ex%2642";

describe("the deposit message's exchange", () => {
  it("names a real exchange under the transaction id and links its page of the swap", () => {
    const text = depositText(t, swap, exchangesOf("exolix,changenow", false));
    expect(text).toContain(
      `Transaction id: <code>ex&amp;42</code>\n🏦 Exchange: <b>Exolix</b> · <a href="${EXOLIX_PAGE}">follow this swap on Exolix</a>`,
    );
  });

  it("names a sandbox's exchange without a link: a sandbox's swap has no page at the real exchange", () => {
    const text = depositText(
      t,
      { ...swap, exchange: "exolix" },
      exchangesOf("exolix,changenow", true),
    );
    expect(text).toContain("Transaction id: <code>ex&amp;42</code>\n🏦 Exchange: <b>Exolix</b>\n");
    expect(text).not.toContain("<a ");
  });

  it("stays as it was with one exchange configured, and names a swap of another, no longer configured, by its recorded id", () => {
    const one = exchangesOf("exolix", false);
    expect(depositText(t, swap, one)).toBe(depositText(t, swap));
    expect(depositText(t, swap, one)).not.toContain("Exchange:");
    const older = depositText(t, { ...swap, exchange: "https://old.example" }, one);
    expect(older).toContain("\n🏦 Exchange: <b>https://old.example</b>\n");
    expect(older).not.toContain("<a ");
  });

  it("is named in a finished swap's card, /status's card and the Mini App's view alike", () => {
    const several = exchangesOf("exolix,changenow", false);
    const done = { ...swap, status: "success", amountOut: "8.2", txHashOut: "0xhash" };
    expect(depositText(t, done, several)).toContain(
      `Transaction id: <code>ex&amp;42</code>\n🏦 Exchange: <b>Exolix</b> · <a href="${EXOLIX_PAGE}">`,
    );
    const card = statusCardText(t, { swap, fresh: true }, 0, several);
    expect(card).toContain(
      `<code>ex&amp;42</code>\n🏦 Exchange: <b>Exolix</b> · <a href="${EXOLIX_PAGE}">`,
    );
    expect(pageSwap(swap, undefined, several).exchange).toEqual({
      label: "Exolix",
      link: "https://exolix.com/transaction/ex%2642",
    });
    expect(pageSwap(swap, undefined, exchangesOf("exolix", false)).exchange).toBeNull();
  });

  it("is named in the pushes that send the user to the exchange's support: a swap it forgot, a stuck swap", () => {
    const entry = {
      id: 1,
      kind: "given-up" as const,
      transactionId: swap.id,
      intentKey: null,
      chatId: 7,
      status: null,
      attempts: 0,
      maybeSentAt: null,
      dedupeKey: "given-up:ex&42",
    };
    const several = exchangesOf("exolix,changenow", false);
    const pushed = outboxText(t, entry, { ...swap, exchange: "changenow" }, { exchanges: several });
    expect(pushed).toContain("contact the exchange's support");
    expect(pushed).toContain(
      '\n🏦 Exchange: <b>ChangeNOW</b> · <a href="https://changenow.io/exchange/txs/ex%2642">',
    );
    const stuck = outboxText(
      t,
      { ...entry, kind: "stuck", status: "confirmation" },
      { ...swap, status: "confirmation", exchange: "changenow" },
      { exchanges: several },
    );
    expect(stuck).toContain("quote the transaction id ex&amp;42.\n🏦 Exchange: <b>ChangeNOW</b>");
    expect(outboxText(t, entry, swap, { exchanges: exchangesOf("exolix", false) })).not.toContain(
      "Exchange:",
    );
  });

  it("is always named in a support ticket, with one exchange too, with the swap's order id there", () => {
    const ticket: Ticket = {
      id: 3,
      chatId: 7,
      userId: 7,
      transactionId: swap.id,
      state: "open",
      userName: "Anna",
      username: null,
      language: "en",
      topicId: null,
      floodWarnedAt: null,
      createdAt: 0,
      openedAt: 0,
      closedAt: null,
    };
    const text = ticketText(t, ticket, swap, [], "help", {
      forum: false,
      exchanges: exchangesOf("exolix", false),
    });
    expect(text).toContain(
      `Exchange: <b>Exolix</b> · its order id <code>ex&amp;42</code> · <a href="${EXOLIX_PAGE}">`,
    );
    const sandboxed = ticketText(t, ticket, swap, [], "help", {
      forum: false,
      exchanges: exchangesOf("exolix", true),
    });
    expect(sandboxed).toContain("Exchange: <b>Exolix</b> · its order id <code>ex&amp;42</code>\n");
  });
});
