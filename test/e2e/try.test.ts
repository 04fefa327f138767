import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ETH_ADDRESS } from "../support/flows.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

describe("npm run try", () => {
  it("runs a whole exchange in the terminal from scripted input, with no token and no network", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tools/tryout/terminal.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.stdin.end(
      [
        "/start",
        "@ monero",
        "/exchange",
        "#1",
        "eth",
        "0.5",
        ETH_ADDRESS,
        "skip",
        "confirm",
        "/quit",
        "",
      ].join("\n"),
    );
    expect(await exit).toBe(0);
    expect(stdout).toContain("Which coin do you want to send?");
    expect(stdout).toContain("XMR — Monero");
    expect(stdout).toContain("You send BTC");
    expect(stdout).toContain("Please check your swap");
    expect(stdout).toContain("sandbox: do not send real funds");
    expect(stdout).toMatch(/Swap created[\s\S]*Transaction id: \w+/);
  }, 60_000);
});
