import type { BotMessage } from "./fake-telegram-types.ts";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What pressing a button does, as a small mark beside its label. */
function buttonKind(button: Record<string, unknown>): { mark: string; title: string } {
  const copy = button.copy_text as { text?: string } | undefined;
  if (copy) return { mark: "copy", title: `copies: ${copy.text ?? ""}` };
  const webApp = button.web_app as { url?: string } | undefined;
  if (webApp) return { mark: "app", title: `opens the Mini App: ${webApp.url ?? ""}` };
  if (typeof button.url === "string") return { mark: "link", title: `opens ${button.url}` };
  return { mark: "", title: `callback: ${String(button.callback_data ?? "")}` };
}

/**
 * A page that shows bot messages as the fake Telegram recorded them, roughly as a Telegram client
 * draws them: the text (Telegram HTML, which a browser draws as it is) in a bubble, the inline
 * keyboard under it row by row, each button marked with what it does (copy, Mini App, link). For
 * looking at a message's buttons in a screenshot; not a client.
 */
export function chatHtml(messages: readonly BotMessage[]): string {
  const bubbles = messages.map((m) => {
    const text = m.parseMode === "HTML" ? m.raw : escapeHtml(m.raw);
    const rows = (m.replyMarkup?.inline_keyboard ?? []).map((row) => {
      const buttons = row.map((b) => {
        const { mark, title } = buttonKind(b as unknown as Record<string, unknown>);
        return `<span class="button" title="${escapeHtml(title)}"><span class="label">${escapeHtml(b.text)}</span>${
          mark ? `<i>${mark}</i>` : ""
        }</span>`;
      });
      return `<div class="row">${buttons.join("")}</div>`;
    });
    return `<div class="message"><div class="bubble">${m.photo ? "<div class='photo'>[photo]</div>" : ""}${text}</div>${rows.join("")}</div>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 8px; background: #8ea985; font: 15px/1.35 system-ui, sans-serif; }
.message { max-width: 100%; margin-bottom: 10px; }
.bubble { background: #fff; border-radius: 12px; padding: 8px 10px; white-space: pre-wrap;
  overflow-wrap: anywhere; }
.bubble code { font-family: monospace; color: #c41a16; }
.photo { color: #777; }
.row { display: flex; gap: 4px; margin-top: 4px; }
.label { display: block; overflow: hidden; text-overflow: ellipsis; }
.button { flex: 1; position: relative; background: rgba(0,0,0,.28); color: #fff; border-radius: 8px;
  padding: 8px 14px; text-align: center; font-weight: 500; overflow: hidden; white-space: nowrap;
  text-overflow: ellipsis; }
.button i { position: absolute; top: 1px; right: 5px; font-style: normal; font-size: 9px; opacity: .8; }
</style></head><body>${bubbles.join("")}</body></html>`;
}
