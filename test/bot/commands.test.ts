import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.ts";
import { LANGUAGES } from "../../src/lib/languages.ts";
import { type Harness, startHarness } from "../support/bot-harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
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

  it("describes the menu in each of the seven languages, under the two-letter code Telegram matches (pt for pt-br, zh for zh-hans)", () => {
    const i18n = createI18n(() => undefined);
    const english = h.tg.commands();
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const menu = h.tg.commands({ type: "default" }, language);
      expect(
        menu.map((c) => c.command),
        language,
      ).toEqual(english.map((c) => c.command));
      for (const { command, description } of menu) {
        expect(description, `${language} /${command}`).toBe(i18n.t(language, `cmd-${command}`));
        expect(description, `${language} /${command}`).not.toBe(
          english.find((c) => c.command === command)?.description,
        );
      }
    }
  });
});
