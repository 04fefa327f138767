import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";

/**
 * `npm run sandbox -- --all` as an operator runs it: four sandboxes, the settings to paste, and
 * commands typed on stdin. (EXCHANGE_DIALECT alone, one sandbox: test/app/exchange-dialect.test.ts.)
 */
describe("npm run sandbox -- --all", () => {
  it("starts one sandbox per dialect, prints the EXCHANGES settings, and takes one down from stdin", async () => {
    const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname;
    const cli = new URL("../../src/sandbox/cli.ts", import.meta.url).pathname;
    const child = spawn(tsx, [cli, "--all"], {
      env: { ...process.env, SANDBOX_PORT: "0" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    try {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const next = async () => String((await lines.next()).value);
      const settings = new Map<string, string>();
      let line = await next();
      while (!line.startsWith("# commands:")) {
        const setting = /^([A-Z_]+)=(\S+)$/.exec(line);
        if (setting) settings.set(setting[1]!, setting[2]!);
        line = await next();
      }
      expect(settings.get("EXCHANGES")).toBe("swapspec,exolix,changenow,letsexchange");
      expect(settings.get("EXCHANGE_CHANGENOW_DIALECT")).toBe("changenow");
      const changenow = settings.get("EXCHANGE_CHANGENOW_API_URL")!;
      const exolix = settings.get("EXCHANGE_EXOLIX_API_URL")!;
      expect(changenow).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);

      child.stdin!.write("down exolix 503\n");
      expect(await next()).toBe("exolix is down: it answers 503 to everything");
      expect((await fetch(`${exolix}/currencies?size=1`)).status).toBe(503);
      expect((await fetch(`${changenow}/exchange/currencies`)).status).toBe(200);
      child.stdin!.write("up exolix\n");
      expect(await next()).toBe("exolix is up");
      expect((await fetch(`${exolix}/currencies?size=1`)).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }, 30_000);
});
