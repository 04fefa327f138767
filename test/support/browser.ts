import { existsSync } from "node:fs";
import { sign } from "@tma.js/init-data-node";
import { type Browser, chromium } from "playwright-core";

/**
 * Debian's chromium-headless-shell (`.ci/run` installs it when missing; playwright-core downloads
 * no browser): chromium's own engine (Blink, Skia, V8; the same version as Debian's `chromium`)
 * without the desktop browser around it. Full chromium's headless mode opens every page as a
 * desktop tab with its own renderer processes: about 1.2 CPU-seconds a page against 0.3 here,
 * which made the page tests chromium's largest CPU item of a whole run
 * (test/bench/RESULTS.md, "The page tests' chromium"). CHROMIUM_PATH picks another one, for
 * example `/usr/bin/chromium`.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * A headless chromium. playwright gives every launch a fresh temporary profile of its own (it
 * refuses a --user-data-dir here) and removes it on close.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No browser at ${CHROMIUM}: install Debian's chromium-headless-shell (apt-get install chromium-headless-shell), or set CHROMIUM_PATH to a chromium`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

export const LIGHT_THEME = {
  bg_color: "#ffffff",
  text_color: "#000000",
  hint_color: "#707579",
  link_color: "#3390ec",
  button_color: "#3390ec",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f4f4f5",
  section_bg_color: "#ffffff",
  destructive_text_color: "#e53935",
};

export const DARK_THEME = {
  bg_color: "#212121",
  text_color: "#ffffff",
  hint_color: "#aaaaaa",
  link_color: "#8774e1",
  button_color: "#8774e1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#0f0f0f",
  section_bg_color: "#212121",
  destructive_text_color: "#ff595a",
};

/** Init data as Telegram signs it for a user (HMAC with the bot token), at `authDate`. */
export function signedInitData(
  botToken: string,
  user: { id: number; first_name?: string; language_code?: string },
  authDate = new Date(),
): string {
  return sign(
    { user: { first_name: `User${user.id}`, ...user }, query_id: `q${user.id}` } as Parameters<
      typeof sign
    >[0],
    botToken,
    authDate,
  );
}

/** The URL Telegram opens: the page with its launch parameters in the hash. */
export function launchUrl(
  pageUrl: string,
  initData: string,
  theme: Record<string, string> = LIGHT_THEME,
): string {
  const hash = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "tdesktop",
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  return `${pageUrl}#${hash.toString()}`;
}
