import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.sandbox.control.clearFaults();
});
afterAll(async () => {
  await h?.close();
});

describe("start-up", () => {
  it("registers the contract's commands for the default scope", () => {
    const call = h.tg.calls.find((c) => c.method === "setMyCommands");
    expect(call).toBeDefined();
    const params = call!.params as { commands: { command: string }[]; language_code?: string };
    expect(params.language_code).toBeUndefined();
    const registered = params.commands.map((c) => c.command);
    for (const command of [
      "start",
      "exchange",
      "rate",
      "currencies",
      "status",
      "history",
      "cancel",
      "help",
    ]) {
      expect(registered).toContain(command);
    }
  });

  it("then registers the same commands described in each translation", () => {
    const calls = h.tg.calls.filter((c) => c.method === "setMyCommands");
    const russian = calls.find(
      (c) => (c.params as { language_code?: string }).language_code === "ru",
    );
    expect(calls.indexOf(russian!)).toBeGreaterThan(0);
    const commands = (russian!.params as { commands: { command: string; description: string }[] })
      .commands;
    const english = (calls[0]!.params as { commands: { command: string }[] }).commands;
    expect(commands.map((c) => c.command)).toEqual(english.map((c) => c.command));
    expect(commands.find((c) => c.command === "exchange")?.description).toMatch(/[а-я]{3,}/);
  });
});

describe("/start and /help", () => {
  it("welcomes and says how to start", async () => {
    const reply = await h.tg.user({ firstName: "Ada" }).reply("/start");
    expect(reply.text).toContain("Ada");
    expect(reply.text).toContain("/exchange");
  });

  it("lists every command", async () => {
    const reply = await h.tg.user().reply("/help");
    for (const command of [
      "start",
      "exchange",
      "rate",
      "currencies",
      "status",
      "history",
      "cancel",
      "help",
    ]) {
      expect(reply.text).toContain(`/${command}`);
    }
  });
});

describe("/currencies", () => {
  it("finds a coin by code", async () => {
    const reply = await h.tg.user().reply("/currencies btc");
    expect(reply.text).toContain("BTC");
    expect(reply.text).toContain("Bitcoin");
  });

  it("pages the whole list with buttons", async () => {
    const user = h.tg.user();
    const first = await user.reply("/currencies");
    expect(first.text).toMatch(/page 1 of \d+/);
    await user.press("Next");
    const second = await user.waitFor((m) => /page 2 of/.test(m.text));
    expect(second.text).not.toEqual(first.text);
  });

  it("pages a short query padded with emoji: every button fits Telegram's 64 bytes", async () => {
    const user = h.tg.user();
    const first = await user.reply(`/currencies b${"🚀".repeat(20)}`);
    expect(first.text).toMatch(/Coins matching “b” \(\d+\) · page 1 of \d+/);
    const data = (first.replyMarkup?.inline_keyboard ?? []).flat().map((b) => {
      return "callback_data" in b ? (b.callback_data ?? "") : "";
    });
    expect(data.length).toBeGreaterThan(0);
    for (const d of data) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
    await user.press("Next");
    const second = await user.waitFor((m) => /Coins matching “b” .* page 2 of/.test(m.text));
    expect(second.messageId).toBe(first.messageId);
  });

  it("pages a query longer than a button holds with the same query on every page", async () => {
    const user = h.tg.user();
    const first = await user.reply(`/currencies ${"o ".repeat(40)}`);
    const total = /\((\d+)\) · page 1 of/.exec(first.text)?.[1];
    expect(Number(total)).toBeGreaterThan(15);
    await user.press("Next");
    const second = await user.waitFor((m) => /page 2 of/.test(m.text));
    expect(second.text).toContain(`(${total}) · page 2 of`);
  });

  it.each(["qqqqzzzz", "🚀🚀🚀"])("says so when nothing matches %s", async (query) => {
    const reply = await h.tg.user().reply(`/currencies ${query}`);
    expect(reply.text).toContain(`No coin matches “${query}”`);
  });
});

describe("/rate", () => {
  it("quotes with the sandbox's numbers", async () => {
    const reply = await h.tg.user().reply("/rate 0.5 btc eth");
    const direct = await fetch(`${h.sandbox.url}/rate?coinFrom=btc&coinTo=eth&amount=0.5`);
    const quote = (await direct.json()) as {
      toAmount: number;
      minAmount: number;
      maxAmount: number;
    };
    expect(reply.text).toContain("0.5 BTC");
    expect(reply.text).toContain(String(quote.toAmount));
    expect(reply.text).toContain(String(quote.minAmount));
    expect(reply.text).toContain(String(quote.maxAmount));
  });

  it.each([
    ["/rate", "/rate AMOUNT FROM TO"],
    ["/rate 1 btc", "/rate AMOUNT FROM TO"],
    ["/rate abc btc eth", "not a number"],
    ["/rate -1 btc eth", "must be positive"],
    ["/rate 1 nosuchcoin eth", "don't know the coin"],
    ["/rate 0.00000001 btc eth", "below the minimum"],
    ["/rate 1 btc btc", "both sides"],
  ])("answers %j clearly", async (command, expected) => {
    const reply = await h.tg.user().reply(command);
    expect(reply.text).toContain(expected);
  });

  it("names the minimum with its number", async () => {
    const reply = await h.tg.user().reply("/rate 0.00000001 btc eth");
    expect(reply.text).toMatch(/minimum of .*\d/);
  });
});

describe("/rate when the exchange fails", () => {
  it("explains a 500", async () => {
    h.sandbox.control.failNext("rate", { status: 500, times: 5 });
    const reply = await h.tg.user().reply("/rate 0.7 btc eth");
    expect(reply.text).toContain("temporarily unavailable");
  });

  it("explains a garbage body", async () => {
    h.sandbox.control.malformedNext("rate", { times: 5 });
    const reply = await h.tg.user().reply("/rate 0.8 btc eth");
    expect(reply.text).toContain("temporarily unavailable");
  });

  it("explains a timeout", async () => {
    h.sandbox.control.setDelay("rate", 3_000);
    try {
      const reply = await h.tg.user().reply("/rate 0.9 btc eth", { timeoutMs: 15_000 });
      expect(reply.text).toContain("temporarily unavailable");
    } finally {
      h.sandbox.control.setDelay("rate", 0);
    }
  });

  it("keeps serving afterwards", async () => {
    const reply = await h.tg.user().reply("/rate 1 btc eth");
    expect(reply.text).toContain("1 BTC");
  });
});
