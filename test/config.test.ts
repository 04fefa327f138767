import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, secretsOf } from "../src/config.ts";
import { KNOWN_EXCHANGES, meetsKyc, trackingLinkOf } from "../src/exchange/known-exchanges.ts";

const readRepoFile = (file: string) =>
  readFileSync(new URL(file, new URL("../", import.meta.url)), "utf8");
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

describe("several exchanges (EXCHANGES and EXCHANGE_<NAME>_*)", () => {
  const global = { publicPerMin: 60, createPerMin: 30, readPerMin: 120 };

  it("takes EXCHANGES in the operator's order, each known name with its URL, dialect, label and rating", () => {
    const config = loadConfig({
      BOT_TOKEN: token,
      EXCHANGES: " LetsExchange, exolix ,changenow",
      EXCHANGE_LETSEXCHANGE_API_KEY: "le-key",
      EXCHANGE_LETSEXCHANGE_AFFILIATE_ID: "aff-7",
      EXCHANGE_EXOLIX_API_KEY: "ex-key",
      EXCHANGE_CHANGENOW_API_KEY: "cn-key",
      EXCHANGE_CHANGENOW_LIMIT_PUBLIC_PER_MIN: "15",
      EXCHANGE_LIMIT_READ_PER_MIN: "90",
    });
    expect(config.exchanges).toEqual([
      {
        name: "letsexchange",
        label: "LetsExchange",
        dialect: "letsexchange",
        id: "letsexchange",
        url: "https://api.letsexchange.io/api",
        apiKey: "le-key",
        affiliateId: "aff-7",
        limits: { ...global, readPerMin: 90 },
        kyc: "B",
      },
      {
        name: "exolix",
        label: "Exolix",
        dialect: "exolix",
        id: "exolix",
        url: "https://exolix.com/api/v2",
        apiKey: "ex-key",
        affiliateId: undefined,
        limits: { ...global, readPerMin: 90 },
        kyc: "B",
      },
      {
        name: "changenow",
        label: "ChangeNOW",
        dialect: "changenow",
        id: "changenow",
        url: "https://api.changenow.io/v2",
        apiKey: "cn-key",
        affiliateId: undefined,
        limits: { publicPerMin: 15, createPerMin: 30, readPerMin: 90 },
        kyc: "C",
      },
    ]);
    expect(config.minKyc).toBeUndefined();
    expect(secretsOf(config)).toEqual(expect.arrayContaining(["le-key", "ex-key", "cn-key"]));
  });

  it("takes an unknown name with its URL and dialect, labelled as written, unrated unless rated", () => {
    const desk = {
      BOT_TOKEN: token,
      EXCHANGES: "MyDesk",
      EXCHANGE_MYDESK_API_KEY: "k",
      EXCHANGE_MYDESK_API_URL: "http://127.0.0.1:4010/api/v2/",
      EXCHANGE_MYDESK_DIALECT: "spec",
    };
    expect(loadConfig(desk).exchanges).toEqual([
      expect.objectContaining({
        name: "mydesk",
        label: "MyDesk",
        dialect: "spec",
        id: "mydesk",
        url: "http://127.0.0.1:4010/api/v2",
        kyc: null,
      }),
    ]);
    expect(loadConfig({ ...desk, EXCHANGE_MYDESK_KYC: " a " }).exchanges[0]?.kyc).toBe("A");
  });

  it("refuses an unknown name without its dialect or URL, naming each variable", () => {
    const message = errorOf({
      BOT_TOKEN: token,
      EXCHANGES: "mydesk",
      EXCHANGE_MYDESK_API_KEY: "k",
    });
    expect(message.split("\n")).toEqual([
      "EXCHANGE_MYDESK_API_URL is required for an exchange the bot does not know",
      "EXCHANGE_MYDESK_DIALECT is required for an exchange the bot does not know (one of spec, exolix, changenow, letsexchange)",
    ]);
    expect(
      errorOf({
        BOT_TOKEN: token,
        EXCHANGES: "mydesk",
        EXCHANGE_MYDESK_API_KEY: "k",
        EXCHANGE_MYDESK_API_URL: "https://desk.example/api/v2",
        EXCHANGE_MYDESK_DIALECT: "stealthex",
      }),
    ).toBe("EXCHANGE_MYDESK_DIALECT must be one of spec, exolix, changenow, letsexchange");
  });

  it("refuses a named exchange without its key, naming EXCHANGE_CHANGENOW_API_KEY", () => {
    expect(
      errorOf({ BOT_TOKEN: token, EXCHANGES: "exolix,changenow", EXCHANGE_EXOLIX_API_KEY: "k" }),
    ).toBe("EXCHANGE_CHANGENOW_API_KEY is required");
  });

  it("never prints a key, nor any other value, in its errors", () => {
    const key = "sk_live_9f8e7d6c5b4a";
    const message = errorOf({
      BOT_TOKEN: token,
      EXCHANGES: "exolix,changenow",
      EXCHANGE_EXOLIX_API_KEY: key,
      EXCHANGE_EXOLIX_API_URL: "http://exolix.example/api/v2",
      EXCHANGE_EXOLIX_LIMIT_CREATE_PER_MIN: "lots",
      EXCHANGE_CHANGENOW_API_KEY: key,
      EXCHANGE_CHANGENOW_KYC: key,
    });
    expect(message.split("\n")).toEqual([
      "EXCHANGE_EXOLIX_API_URL must be an https URL (http only for localhost and 127.0.0.1)",
      "EXCHANGE_EXOLIX_LIMIT_CREATE_PER_MIN must be a whole number ≥ 1",
      "EXCHANGE_CHANGENOW_KYC must be one of A, B, C, D",
    ]);
    expect(message).not.toContain(key);
    expect(message).not.toContain("lots");
    // A key pasted into EXCHANGES is not echoed either.
    expect(errorOf({ BOT_TOKEN: token, EXCHANGES: `exolix,${key}-x` })).not.toContain(key);
  });

  it.each([["E"], ["AB"], ["1"]])("refuses the KYC letter %s", (bad) => {
    expect(
      errorOf({
        BOT_TOKEN: token,
        EXCHANGES: "exolix",
        EXCHANGE_EXOLIX_API_KEY: "k",
        EXCHANGE_EXOLIX_KYC: bad,
      }),
    ).toBe("EXCHANGE_EXOLIX_KYC must be one of A, B, C, D");
    expect(errorOf({ BOT_TOKEN: token, EXCHANGES_MIN_KYC: bad })).toBe(
      "EXCHANGES_MIN_KYC must be one of A, B, C, D",
    );
  });

  it("refuses a name twice, a name not of letters, digits and _, and the sandbox's name", () => {
    expect(errorOf({ BOT_TOKEN: token, EXCHANGES: "exolix,Exolix" })).toBe(
      "EXCHANGES names exolix twice",
    );
    expect(errorOf({ BOT_TOKEN: token, EXCHANGES: "exolix,change-now" })).toBe(
      "EXCHANGES must be comma-separated names of letters, digits and _, each starting with a letter (exolix,changenow)",
    );
    expect(errorOf({ BOT_TOKEN: token, EXCHANGES: "sandbox" })).toBe(
      "EXCHANGES must not name sandbox: the embedded sandbox's",
    );
  });

  it("refuses EXCHANGES together with EXCHANGE_API_URL", () => {
    expect(
      errorOf({
        BOT_TOKEN: token,
        EXCHANGES: "exolix",
        EXCHANGE_EXOLIX_API_KEY: "k",
        EXCHANGE_API_URL: "https://exolix.com/api/v2",
        EXCHANGE_API_KEY: "k",
      }),
    ).toBe(
      "EXCHANGES and EXCHANGE_API_URL are both set: use one or the other (with EXCHANGES, each exchange's URL is EXCHANGE_<NAME>_API_URL)",
    );
  });

  it("makes the single-exchange settings one exchange, named by its dialect, with the id its swaps had", () => {
    const config = loadConfig({
      BOT_TOKEN: token,
      EXCHANGE_API_URL: "https://api.changenow.io/v2",
      EXCHANGE_API_KEY: "cn-key",
      EXCHANGE_DIALECT: "changenow",
      EXCHANGE_LIMIT_CREATE_PER_MIN: "5",
    });
    expect(config.exchanges).toEqual([
      {
        name: "changenow",
        label: "ChangeNOW",
        dialect: "changenow",
        id: "https://api.changenow.io",
        url: "https://api.changenow.io/v2",
        apiKey: "cn-key",
        affiliateId: undefined,
        limits: { ...global, createPerMin: 5 },
        kyc: "C",
      },
    ]);
    // The fields of before are as they were.
    expect(config).toMatchObject({
      exchange: { url: "https://api.changenow.io/v2", apiKey: "cn-key" },
      exchangeDialect: "changenow",
      limits: { ...global, createPerMin: 5 },
    });
  });

  it("serves one embedded sandbox per dialect when no exchange is configured at all", () => {
    const config = loadConfig({ BOT_TOKEN: token });
    expect(
      config.exchanges.map(({ name, label, dialect, id, url, apiKey, kyc }) => ({
        name,
        label,
        dialect,
        id,
        url,
        apiKey,
        kyc,
      })),
    ).toEqual([
      {
        name: "spec",
        label: "Swapspec",
        dialect: "spec",
        id: "sandbox-spec",
        url: undefined,
        apiKey: undefined,
        kyc: null,
      },
      {
        name: "exolix",
        label: "Exolix",
        dialect: "exolix",
        id: "sandbox-exolix",
        url: undefined,
        apiKey: undefined,
        kyc: "B",
      },
      {
        name: "changenow",
        label: "ChangeNOW",
        dialect: "changenow",
        id: "sandbox-changenow",
        url: undefined,
        apiKey: undefined,
        kyc: "C",
      },
      {
        name: "letsexchange",
        label: "LetsExchange",
        dialect: "letsexchange",
        id: "sandbox-letsexchange",
        url: undefined,
        apiKey: undefined,
        kyc: "B",
      },
    ]);
    expect(config.exchange).toBeUndefined();
  });

  it("serves one sandbox of EXCHANGE_DIALECT when it is set, recorded as the sandbox was", () => {
    expect(loadConfig({ BOT_TOKEN: token, EXCHANGE_DIALECT: "exolix" }).exchanges).toEqual([
      {
        name: "exolix",
        label: "Exolix",
        dialect: "exolix",
        id: "sandbox",
        url: undefined,
        apiKey: undefined,
        affiliateId: undefined,
        limits: global,
        kyc: "B",
      },
    ]);
    expect(
      loadConfig({ BOT_TOKEN: token, EXCHANGE_DIALECT: "spec", EXCHANGE_SPEC_KYC: "d" }).exchanges,
    ).toEqual([expect.objectContaining({ id: "sandbox", label: "Swapspec", kyc: "D" })]);
  });

  it("takes EXCHANGES_MIN_KYC, and refuses one that would hide every exchange", () => {
    const two = {
      BOT_TOKEN: token,
      EXCHANGES: "exolix,changenow",
      EXCHANGE_EXOLIX_API_KEY: "k1",
      EXCHANGE_CHANGENOW_API_KEY: "k2",
    };
    expect(loadConfig({ ...two, EXCHANGES_MIN_KYC: "b" }).minKyc).toBe("B");
    expect(errorOf({ ...two, EXCHANGES_MIN_KYC: "A" })).toBe(
      "EXCHANGES_MIN_KYC hides every configured exchange (rated exolix B, changenow C): lower it, or rate one with EXCHANGE_<NAME>_KYC",
    );
    expect(loadConfig({ ...two, EXCHANGES_MIN_KYC: "A", EXCHANGE_CHANGENOW_KYC: "A" }).minKyc).toBe(
      "A",
    );
  });
});

describe("the known exchanges", () => {
  it("link a swap to its page at the exchange, where it has one", () => {
    expect(trackingLinkOf("exolix", "ex1a2b")).toBe("https://exolix.com/transaction/ex1a2b");
    expect(trackingLinkOf("changenow", "a1b2c3")).toBe("https://changenow.io/exchange/txs/a1b2c3");
    expect(trackingLinkOf("LetsExchange", "599cd4bb4d4a5")).toBe(
      "https://letsexchange.io/?transactionId=599cd4bb4d4a5",
    );
    expect(trackingLinkOf("changenow", "a/b?c")).toBe(
      "https://changenow.io/exchange/txs/a%2Fb%3Fc",
    );
    expect(trackingLinkOf("mydesk", "x1")).toBeNull();
    expect(trackingLinkOf("spec", "x1")).toBeNull();
    expect(trackingLinkOf("constructor", "x1")).toBeNull();
  });

  it("rank ratings A best, an unrated exchange meeting no floor", () => {
    expect(meetsKyc("A", "B")).toBe(true);
    expect(meetsKyc("B", "B")).toBe(true);
    expect(meetsKyc("C", "B")).toBe(false);
    expect(meetsKyc(null, "D")).toBe(false);
  });

  it("are the ones docs/exchanges.md lists, with the same rating", () => {
    const doc = readRepoFile("docs/exchanges.md");
    for (const [name, known] of Object.entries(KNOWN_EXCHANGES)) {
      expect(doc, name).toContain(`| ${known.label} | ${known.kyc} | yes (\`${name}\`) |`);
      expect(doc, name).toContain(
        `| \`${name}\` | ${known.label} | \`${known.dialect}\` | \`${known.apiUrl}\` |`,
      );
    }
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
