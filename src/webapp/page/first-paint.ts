import { launchTheme } from "./launch-params.ts";
import { setColours } from "./theme-colours.ts";

/**
 * Run from the page's head before its body is painted (a small classic script, not the app's
 * bundle): the colours of the user's Telegram theme on the skeleton the HTML shows until the app
 * has loaded, so a slow phone shows the form's shape in its own colours, not a blank page.
 */
setColours(launchTheme());
