/** Telegram's theme colours → the page's CSS variables (the stylesheet has light/dark defaults). */
const VARS: Record<string, string> = {
  bg_color: "--bg",
  text_color: "--text",
  hint_color: "--hint",
  link_color: "--link",
  button_color: "--button",
  button_text_color: "--button-text",
  secondary_bg_color: "--secondary-bg",
  section_bg_color: "--section-bg",
  destructive_text_color: "--danger",
};

/** Sets the colours `theme` names (camelCase or snake_case keys) and the scheme they make. */
export function setColours(theme: Record<string, unknown>): void {
  const root = document.documentElement;
  for (const [key, value] of Object.entries(theme)) {
    const snake = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const name = VARS[snake];
    if (name && typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value)) {
      root.style.setProperty(name, value);
    }
  }
  const bg = typeof theme.bgColor === "string" ? theme.bgColor : theme.bg_color;
  if (typeof bg === "string") root.dataset.scheme = isDark(bg) ? "dark" : "light";
}

function isDark(hex: string): boolean {
  const n = hex.replace("#", "");
  const full = n.length === 3 ? [...n].map((c) => c + c).join("") : n.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) < 128;
}
