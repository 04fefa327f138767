/**
 * Telegram's launch parameters as the page needs them: the raw init data (`tgWebAppData`), passed
 * to the server as it came, and the theme. Read straight from the URL, not through a launch-
 * parameter parser: @tma.js/bridge's requires the `signature` field that clients before Bot API
 * 8.0 do not send, and the page has no use for more than the raw string (the server checks it).
 * Kept in sessionStorage, so a reload that loses the hash still knows them.
 */
const STORED = "swapbot/launch";

function launchParams(): URLSearchParams {
  const fromUrl = new URLSearchParams(
    [location.hash.slice(1), location.search.slice(1)].filter(Boolean).join("&"),
  );
  if (fromUrl.has("tgWebAppData")) {
    try {
      sessionStorage.setItem(STORED, fromUrl.toString());
    } catch {
      // Storage refused (private mode): the URL still has them for now.
    }
    return fromUrl;
  }
  try {
    return new URLSearchParams(sessionStorage.getItem(STORED) ?? "");
  } catch {
    return fromUrl;
  }
}

/** Raw init data, undefined when the page was not opened by Telegram. */
export function initData(): string | undefined {
  return launchParams().get("tgWebAppData") || undefined;
}

/** The theme Telegram opened the page with (snake_case keys), empty outside Telegram. */
export function launchTheme(): Record<string, unknown> {
  try {
    const theme: unknown = JSON.parse(launchParams().get("tgWebAppThemeParams") ?? "{}");
    return theme && typeof theme === "object" ? (theme as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
