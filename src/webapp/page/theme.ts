import { on, postEvent } from "@tma.js/bridge";
import { launchTheme } from "./launch-params.ts";
import { setColours } from "./theme-colours.ts";

/** The launch theme, then every change (night mode switched on) as Telegram reports it. */
export function applyTheme(): void {
  // Opened outside Telegram: none, and the stylesheet's own colours stay.
  setColours(launchTheme());
  try {
    on("theme_changed", (event) => setColours(event.theme_params as Record<string, unknown>));
    postEvent("web_app_ready");
    postEvent("web_app_expand");
  } catch {
    // Not inside Telegram (a plain browser): nothing to tell.
  }
}
