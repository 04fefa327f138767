import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { startExchanges } from "../../src/app/exchange.ts";
import { Lifecycle } from "../../src/app/lifecycle.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/lib/logger.ts";

const token = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678";

/** The first coin of the exchange's list, as it spells its code. */
async function firstCode(url: string): Promise<string> {
  const res = await fetch(`${url}/currencies?size=1`);
  const body = (await res.json()) as { data: Array<{ code: string }> };
  return body.data[0]!.code;
}

describe("EXCHANGE_DIALECT and the embedded sandbox", () => {
  it.each([
    ["spec", "btc"],
    ["exolix", "BTC"],
  ])("the composition root starts the sandbox speaking %s", async (dialect, code) => {
    const logger = createLogger({ level: "silent", secrets: [] });
    const life = new Lifecycle(logger);
    const config = loadConfig({ BOT_TOKEN: token, EXCHANGE_DIALECT: dialect });
    const [target] = await startExchanges(config, logger, life);
    if (!target) throw new Error("no exchange started");
    try {
      expect(target.sandbox).toBe(true);
      expect(await firstCode(target.url)).toBe(code);
    } finally {
      await life.stop();
    }
  });

  it("npm run sandbox takes EXCHANGE_DIALECT too, and refuses an unknown one", async () => {
    const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
    const cli = new URL("../../src/sandbox/cli.ts", import.meta.url).pathname;
    const child = spawn(tsx, [cli], {
      env: { ...process.env, EXCHANGE_DIALECT: "exolix", SANDBOX_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const lines = createInterface({ input: child.stdout! });
      const [line] = (await once(lines, "line")) as [string];
      expect(line).toContain("dialect=exolix");
      const url = /url=(\S+)/.exec(line)?.[1];
      expect(await firstCode(url!)).toBe("BTC");
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    const bad = spawn(tsx, [cli], {
      env: { ...process.env, EXCHANGE_DIALECT: "stealthex" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    bad.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const [exitCode] = (await once(bad, "exit")) as [number];
    expect(exitCode).toBe(2);
    expect(stderr).toContain("EXCHANGE_DIALECT must be one of spec, exolix");
  }, 30_000);
});
