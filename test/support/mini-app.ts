import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { SandboxOptions } from "../../src/sandbox/index.ts";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import { freePort, type Harness, type HarnessExchange, startHarness } from "./bot-harness.ts";
import { DARK_THEME, launchBrowser, launchUrl, signedInitData } from "./browser.ts";

/** Phone-sized screenshots of the page, kept as test artifacts. */
export const SCREENSHOTS = join(process.cwd(), "test-artifacts", "webapp");

export interface PageOptions {
  /** Telegram's theme parameters (DARK_THEME, LIGHT_THEME); light when left out. */
  theme?: Record<string, string>;
  /** The user's Telegram language, in the init data the page is opened with. */
  languageCode?: string;
  /** Init data as it is; signed for the user when left out. */
  initData?: string;
  /** Appended to the page's address, e.g. `?swap=<id>`. */
  path?: string;
}

/** The bot with its Mini App on a port of its own, and a headless chromium to open the page in. */
export interface MiniApp {
  h: Harness;
  /** The page's address, as WEBAPP_URL names it. */
  pageUrl: string;
  /** The page opened from Telegram by `userId` on a 360 px phone. */
  openPage(userId: number, options?: PageOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The file's Mini App, started before its tests and closed after them. The support desk's contact
 * is set, and an open swap's page asks for its status every half second, not every 3 s: the tests
 * that follow a swap's status on the page wait on the page's poll. `sandbox` sets the exchange's
 * (its dialect, say); `exchanges`: several exchanges side by side (the harness's).
 */
export function miniAppForFile(
  options: { sandbox?: SandboxOptions; exchanges?: readonly HarnessExchange[] } = {},
): MiniApp {
  let app: MiniApp | undefined;
  beforeAll(async () => {
    app = await startMiniApp(
      { SUPPORT_CONTACT: "@swap_helpdesk", WEBAPP_STATUS_POLL_MS: "500" },
      options.sandbox,
      options.exchanges,
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
  const started = (): MiniApp => {
    if (!app) throw new Error("the file's Mini App is not started yet (its beforeAll)");
    return app;
  };
  return {
    get h() {
      return started().h;
    },
    get pageUrl() {
      return started().pageUrl;
    },
    openPage: (userId, options) => started().openPage(userId, options),
    close: () => started().close(),
  };
}

async function startMiniApp(
  env: Record<string, string>,
  sandbox?: SandboxOptions,
  exchanges?: readonly HarnessExchange[],
): Promise<MiniApp> {
  if (!existsSync(join(WEBAPP_BUILD_DIR, "index.html"))) await buildWebApp();
  const port = await freePort();
  const pageUrl = `http://127.0.0.1:${port}/`;
  const h = await startHarness({
    env: { WEBAPP_URL: pageUrl, WEBAPP_PORT: String(port), ...env },
    ...(sandbox ? { sandbox } : {}),
    ...(exchanges ? { exchanges } : {}),
  });
  const { browser, close: closeBrowser } = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    h,
    pageUrl,
    async openPage(userId, options = {}) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        colorScheme: options.theme === DARK_THEME ? "dark" : "light",
      });
      const page = await context.newPage();
      const initData =
        options.initData ??
        signedInitData(h.tg.token, {
          id: userId,
          ...(options.languageCode ? { language_code: options.languageCode } : {}),
        });
      await page.goto(launchUrl(`${pageUrl}${options.path ?? ""}`, initData, options.theme));
      return page;
    },
    async close() {
      await closeBrowser();
      await h.close();
    },
  };
}

/** Picks the coins to send and receive by typing their codes (Enter selects). */
export async function pickPair(page: Page, from: string, to: string): Promise<void> {
  await page.getByLabel("You send").fill(from);
  await page.getByLabel("You send").press("Enter");
  await page.getByLabel("You receive").fill(to);
  await page.getByLabel("You receive").press("Enter");
}

/** Fills the form as a person would: codes typed and Enter, the amount, the payout address. */
export async function fillSwap(
  page: Page,
  order: { from: string; to: string; amount: string; payout: string },
  screenshot?: string,
): Promise<void> {
  await pickPair(page, order.from, order.to);
  await page.getByLabel("Amount").fill(order.amount);
  await page.getByText("You get about").waitFor();
  await page.getByLabel("Payout address").fill(order.payout);
  if (screenshot) await page.screenshot({ path: join(SCREENSHOTS, screenshot), fullPage: true });
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Confirm" }).waitFor();
}
