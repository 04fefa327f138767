import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser.ts";
import { ETH_ADDRESS } from "../support/flows.ts";
import { until } from "../support/until.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
/** The Mini App link the try-out prints. */
const LINK = /http:\/\/127\.0\.0\.1:\d+\/#tgWebAppData=\S+/;

/** `npm run try` as a newcomer runs it, its output collected. */
function startTryout(): { child: ChildProcessWithoutNullStreams; stdout: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "tools/tryout/terminal.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
  });
  return { child, stdout: () => stdout };
}

describe("npm run try", () => {
  it("runs a whole exchange in the terminal from scripted input, with no token and no network, showing what was typed", async () => {
    const { child, stdout } = startTryout();
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
        "/sandbox hold last",
        "/quit",
        "",
      ].join("\n"),
    );
    expect(await exit).toBe(0);
    expect(stdout()).toContain("Which coin do you want to send?");
    expect(stdout()).toContain("XMR — Monero");
    expect(stdout()).toContain("You send BTC");
    expect(stdout()).toContain("Please check your swap");
    expect(stdout()).toContain("sandbox: do not send real funds");
    expect(stdout()).toMatch(/Swap created[\s\S]*Transaction id: \w+/);
    // The best offer is Exolix's (the sandboxes' default markets), whose API cannot say "held".
    expect(stdout()).toContain("exolix's API has no way to say a swap is held");
    // What was typed stands in the transcript, in its turn: before the bot's answer to it.
    expect(stdout()).toMatch(/you › \/exchange\n\n🤖 🔁 New swap/);
    expect(stdout()).toContain(`you › ${ETH_ADDRESS}`);
  }, 60_000);

  it("runs four sandboxes side by side: `/sandbox down exolix` takes one down and a quote still comes from the others", async () => {
    const { child, stdout } = startTryout();
    const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.stdin.end(
      [
        "/rate 0.5 btc eth",
        "/sandbox down exolix",
        "/sandbox list",
        "/rate 0.3 btc eth",
        "/sandbox up exolix",
        "/sandbox refuse changenow",
        "/sandbox list",
        "/quit",
        "",
      ].join("\n"),
    );
    expect(await exit).toBe(0);
    const out = stdout();
    expect(out).toContain("Four simulated exchanges run side by side");
    expect(out).toContain("/sandbox down NAME [hang|503]");
    expect(out).toContain("exolix is down: it accepts connections and never answers");
    expect(out).toMatch(/spec: up\nexolix: down \(hangs\)\nchangenow: up\nletsexchange: up/);
    expect(out).toMatch(/exolix: up\nchangenow: up, refusing creates/);
    // Exolix's is the best rate of the four: with it down, the quote comes at another's.
    const rates = [...out.matchAll(/Rate: 1 BTC ≈ ([\d.]+) ETH/g)].map((m) => m[1]);
    expect(out).toMatch(/you › \/rate 0\.3 btc eth\n\n🤖 💱 0\.3 BTC → ≈ [\d.]+ ETH/);
    expect(rates).toHaveLength(2);
    expect(rates[1]).not.toBe(rates[0]);
  }, 60_000);

  it("prints a local link that opens the Mini App's form as the try-out user, in a plain browser", async () => {
    const { child, stdout } = startTryout();
    const exit = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const { browser, close } = await launchBrowser();
    try {
      await until(() => LINK.test(stdout()), 30_000, "the page link");
      const link = LINK.exec(stdout())?.[0] ?? "";
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(link);
      await page.getByLabel("You send").waitFor();
      await page.getByRole("button", { name: "Next" }).waitFor();
      expect(await page.getByText("works only when opened from the bot").count()).toBe(0);
    } finally {
      await close();
      child.stdin.end("/quit\n");
    }
    expect(await exit).toBe(0);
  }, 60_000);
});
