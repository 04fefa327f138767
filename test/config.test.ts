import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, secretsOf } from "../src/config.ts";

const token = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("applies the contract's defaults", () => {
    const config = loadConfig({ BOT_TOKEN: token });
    expect(config).toMatchObject({
      telegramApiRoot: "https://api.telegram.org",
      exchange: undefined,
      databasePath: "data/bot.sqlite",
      statusPollIntervalMs: 15_000,
      limits: { publicPerMin: 60, createPerMin: 30, readPerMin: 120 },
      logLevel: "info",
    });
  });

  it("has no Mini App without WEBAPP_URL, and serves it on 127.0.0.1:8090 by default with one", () => {
    expect(loadConfig({ BOT_TOKEN: token }).webApp).toBeUndefined();
    expect(
      loadConfig({ BOT_TOKEN: token, WEBAPP_URL: "https://swap.example.org/app/" }).webApp,
    ).toEqual({
      url: "https://swap.example.org/app/",
      port: 8090,
      host: "127.0.0.1",
      statusPollMs: 3_000,
    });
  });

  it("takes how often an open swap's page asks for its status, not more often than every 250 ms", () => {
    const page = { BOT_TOKEN: token, WEBAPP_URL: "https://swap.example.org/app/" };
    expect(loadConfig({ ...page, WEBAPP_STATUS_POLL_MS: "1000" }).webApp?.statusPollMs).toBe(1_000);
    expect(errorOf({ ...page, WEBAPP_STATUS_POLL_MS: "100" })).toContain(
      "WEBAPP_STATUS_POLL_MS must be a whole number ≥ 250",
    );
  });

  it("accepts an http WEBAPP_URL only for localhost and 127.0.0.1", () => {
    expect(errorOf({ BOT_TOKEN: token, WEBAPP_URL: "http://swap.example.org/" })).toContain(
      "WEBAPP_URL must be an https URL",
    );
    expect(errorOf({ BOT_TOKEN: token, WEBAPP_URL: "http://localhost.evil.org/" })).toContain(
      "WEBAPP_URL",
    );
    expect(loadConfig({ BOT_TOKEN: token, WEBAPP_URL: "http://127.0.0.1:8090/" }).webApp?.url).toBe(
      "http://127.0.0.1:8090/",
    );
    expect(
      errorOf({ BOT_TOKEN: token, WEBAPP_URL: "https://x.org/", WEBAPP_PORT: "99999" }),
    ).toContain("WEBAPP_PORT");
  });

  it("speaks the spec's dialect unless EXCHANGE_DIALECT says another it knows, and names any other", () => {
    expect(loadConfig({ BOT_TOKEN: token }).exchangeDialect).toBe("spec");
    expect(loadConfig({ BOT_TOKEN: token, EXCHANGE_DIALECT: "exolix" }).exchangeDialect).toBe(
      "exolix",
    );
    expect(loadConfig({ BOT_TOKEN: token, EXCHANGE_DIALECT: "changenow" }).exchangeDialect).toBe(
      "changenow",
    );
    expect(errorOf({ BOT_TOKEN: token, EXCHANGE_DIALECT: "stealthex" })).toBe(
      "EXCHANGE_DIALECT must be one of spec, exolix, changenow, letsexchange",
    );
  });

  it("takes LetsExchange's dialect and its EXCHANGE_AFFILIATE_ID", () => {
    expect(
      loadConfig({
        BOT_TOKEN: token,
        EXCHANGE_DIALECT: "letsexchange",
        EXCHANGE_AFFILIATE_ID: " aff-7 ",
      }),
    ).toMatchObject({ exchangeDialect: "letsexchange", exchangeAffiliateId: "aff-7" });
    expect(loadConfig({ BOT_TOKEN: token }).exchangeAffiliateId).toBeUndefined();
    expect(errorOf({ BOT_TOKEN: token, EXCHANGE_AFFILIATE_ID: " " })).toContain(
      "EXCHANGE_AFFILIATE_ID",
    );
  });

  it("takes a group's SUPPORT_CHAT_ID and an @handle or https SUPPORT_CONTACT, and names wrong ones", () => {
    expect(loadConfig({ BOT_TOKEN: token })).toMatchObject({
      supportChatId: undefined,
      supportContact: undefined,
    });
    expect(
      loadConfig({
        BOT_TOKEN: token,
        SUPPORT_CHAT_ID: "-1001234567890",
        SUPPORT_CONTACT: "@swap_helpdesk",
      }),
    ).toMatchObject({ supportChatId: -1001234567890, supportContact: "@swap_helpdesk" });
    expect(
      loadConfig({ BOT_TOKEN: token, SUPPORT_CONTACT: "https://example.com/help" }).supportContact,
    ).toBe("https://example.com/help");
    expect(errorOf({ BOT_TOKEN: token, SUPPORT_CHAT_ID: "12345" })).toBe(
      "SUPPORT_CHAT_ID must be a group or supergroup id (negative, e.g. -1001234567890)",
    );
    expect(errorOf({ BOT_TOKEN: token, SUPPORT_CONTACT: "support@example.com" })).toBe(
      "SUPPORT_CONTACT must be a Telegram @handle or an https URL",
    );
    expect(errorOf({ BOT_TOKEN: token, SUPPORT_CONTACT: "http://example.com" })).toBe(
      "SUPPORT_CONTACT must be a Telegram @handle or an https URL",
    );
  });

  it("names a missing token", () => {
    expect(errorOf({})).toBe("BOT_TOKEN is required");
  });

  it.each([
    ["abc"],
    ["123456"],
    ["123456:"],
    [":ABCdefGHIjklMNOpqrSTUvwxYZ012345678"],
    ["bot:ABCdefGHIjklMNOpqrSTUvwxYZ012345678"],
    ["123456:ABCdefGHIjklMNOpqrSTUvwxYZ01234567!"],
  ])(
    "refuses a BOT_TOKEN not of Telegram's shape (%s), naming the variable, not its value",
    (bad) => {
      const message = errorOf({ BOT_TOKEN: bad });
      expect(message).toBe(
        "BOT_TOKEN is not a Telegram bot token (digits, a colon, then letters, digits, _ and -, as @BotFather gives it)",
      );
      expect(message).not.toContain(bad);
    },
  );

  it("takes a token of Telegram's shape, surrounding spaces trimmed", () => {
    expect(loadConfig({ BOT_TOKEN: ` ${token}\n` }).botToken).toBe(token);
    expect(loadConfig({ BOT_TOKEN: "7:AA-_bcdefghijklmnopqrstuvwxyz012345" }).botToken).toBe(
      "7:AA-_bcdefghijklmnopqrstuvwxyz012345",
    );
    // Telegram's own documented examples (34 characters after the colon, where real ones have 35).
    for (const example of [
      "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11",
      "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw",
    ]) {
      expect(loadConfig({ BOT_TOKEN: example }).botToken).toBe(example);
    }
  });

  it("names a bad number without echoing it", () => {
    const message = errorOf({ BOT_TOKEN: token, STATUS_POLL_INTERVAL_MS: "soon" });
    expect(message).toContain("STATUS_POLL_INTERVAL_MS");
    expect(message).not.toContain("soon");
  });

  it("requires the API key with an exchange URL, and never prints the token", () => {
    const message = errorOf({ BOT_TOKEN: token, EXCHANGE_API_URL: "https://x.example/api/v2" });
    expect(message).toBe("EXCHANGE_API_KEY is required when EXCHANGE_API_URL is set");
    expect(errorOf({ BOT_TOKEN: `${token} x` })).not.toContain(token);
  });

  it("rejects a non-http URL and an unknown log level", () => {
    expect(errorOf({ BOT_TOKEN: token, TELEGRAM_API_ROOT: "ftp://x" })).toContain(
      "TELEGRAM_API_ROOT",
    );
    expect(errorOf({ BOT_TOKEN: token, LOG_LEVEL: "loud" })).toContain("LOG_LEVEL");
  });

  it("takes a PostgreSQL URL, and names a wrong one without echoing its password", () => {
    const url = "postgresql://bot:s3cr%40t-pass@db.internal:5432/swapbot";
    expect(loadConfig({ BOT_TOKEN: token }).databaseUrl).toBeUndefined();
    expect(loadConfig({ BOT_TOKEN: token, DATABASE_URL: url }).databaseUrl).toBe(url);
    const message = errorOf({ BOT_TOKEN: token, DATABASE_URL: "mysql://bot:s3cr3t-pass@db/x" });
    expect(message).toBe("DATABASE_URL must be a postgres:// or postgresql:// URL");
  });

  it("counts the database URL and its password among the secrets to scrub", () => {
    const url = "postgres://bot:s3cr%40t-pass@db.internal/swapbot";
    const secrets = secretsOf(loadConfig({ BOT_TOKEN: token, DATABASE_URL: url }));
    expect(secrets).toEqual(expect.arrayContaining([token, url, "s3cr%40t-pass", "s3cr@t-pass"]));
    expect(secretsOf(loadConfig({ BOT_TOKEN: token })).filter(Boolean)).toEqual([token]);
  });

  it("treats empty values as unset and strips a trailing slash", () => {
    const config = loadConfig({
      BOT_TOKEN: token,
      EXCHANGE_API_URL: "http://127.0.0.1:1/api/v2/",
      EXCHANGE_API_KEY: "k",
      LOG_LEVEL: "",
    });
    expect(config.exchange).toEqual({ url: "http://127.0.0.1:1/api/v2", apiKey: "k" });
    expect(config.logLevel).toBe("info");
  });
});

describe("the settings' documentation", () => {
  const root = new URL("../", import.meta.url);
  const read = (file: string) => readFileSync(new URL(file, root), "utf8");
  // Every key of the environment schema, as written in src/config.ts.
  const variables = [...read("src/config.ts").matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map(
    (m) => m[1],
  );

  it("lists every variable in .env.example and in the README's table", () => {
    expect(variables).toContain("FIXED_QUOTE_TTL_MS");
    expect(variables.length).toBeGreaterThan(15);
    const example = read(".env.example");
    const readme = read("README.md");
    for (const name of variables) {
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, "m"));
      expect(readme, name).toContain(`| \`${name}\` |`);
    }
  });

  it("applies the documented defaults", () => {
    expect(loadConfig({ BOT_TOKEN: token })).toMatchObject({
      quoteCacheMs: 10_000,
      fixedQuoteTtlMs: 30_000,
      catalogRefreshMs: 21_600_000,
      alertAfterMs: 300_000,
      metricsHost: "127.0.0.1",
    });
  });

  it("listens for webhooks on loopback unless WEBHOOK_HOST says otherwise, and names a bad one", () => {
    const webhook = {
      BOT_TOKEN: token,
      WEBHOOK_URL: "https://bot.example.com/telegram",
      WEBHOOK_SECRET: "s3cret-token-for-tests_123",
    };
    expect(loadConfig(webhook).webhook?.host).toBe("127.0.0.1");
    expect(loadConfig({ ...webhook, WEBHOOK_HOST: "0.0.0.0" }).webhook?.host).toBe("0.0.0.0");
    expect(errorOf({ ...webhook, WEBHOOK_HOST: "http://0.0.0.0:9" })).toBe(
      "WEBHOOK_HOST must be an IP address or a host name",
    );
  });

  it("takes METRICS_HOST as an address or a host name, and names it when it is neither", () => {
    expect(loadConfig({ BOT_TOKEN: token, METRICS_HOST: "0.0.0.0" }).metricsHost).toBe("0.0.0.0");
    expect(loadConfig({ BOT_TOKEN: token, METRICS_HOST: "::" }).metricsHost).toBe("::");
    expect(loadConfig({ BOT_TOKEN: token, METRICS_HOST: "metrics.lan" }).metricsHost).toBe(
      "metrics.lan",
    );
    expect(errorOf({ BOT_TOKEN: token, METRICS_HOST: "http://0.0.0.0:9" })).toBe(
      "METRICS_HOST must be an IP address or a host name",
    );
  });
});
