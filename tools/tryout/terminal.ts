import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import pino from "pino";
import { startApp } from "../../src/app/app.ts";
import { loadConfig } from "../../src/config.ts";
import { runCommand } from "../../src/sandbox/commands.ts";
import type { NamedSandbox } from "../../src/sandbox/index.ts";
import { buildWebApp } from "../../src/webapp/build.ts";
import { WEBAPP_BUILD_DIR } from "../../src/webapp/server/server.ts";
import { type BotMessage, startFakeTelegram } from "../fake-telegram/fake-telegram.ts";
import { freePort } from "../free-port.ts";
import { pageLaunchUrl, signInitData } from "./webapp-link.ts";

/**
 * `npm run try`: a chat with the bot in the terminal, with no Telegram token and no network. The
 * bot is the same one `npm start` runs, talking to a local Bot API double and the embedded
 * sandbox exchanges (one per dialect side by side; EXCHANGE_DIALECT=changenow: that one alone).
 * Type messages as in Telegram; `#N` presses button N; `@ QUERY` runs an inline query; `/sandbox
 * …` tells the sandboxes what to do; `/quit` (or Ctrl-D) leaves. The Mini App is on, on a local port: the URL printed
 * at the start opens the page in any browser as the try-out's user (init data signed here with
 * the fake Telegram's token, as Telegram would sign it).
 */
const tg = await startFakeTelegram({ botUsername: "swapbot_try_bot" });
const dir = mkdtempSync(join(tmpdir(), "swapbot-try-"));
if (!existsSync(join(WEBAPP_BUILD_DIR, "index.html"))) await buildWebApp();
const webAppPort = await freePort();
const pageUrl = `http://127.0.0.1:${webAppPort}/`;
const config = loadConfig({
  BOT_TOKEN: tg.token,
  TELEGRAM_API_ROOT: tg.apiRoot,
  DATABASE_PATH: join(dir, "try.sqlite"),
  STATUS_POLL_INTERVAL_MS: "3000",
  LOG_LEVEL: "silent",
  WEBAPP_URL: pageUrl,
  WEBAPP_PORT: String(webAppPort),
  // The embedded sandbox speaks the dialect asked for (EXCHANGE_DIALECT=changenow npm run try).
  ...(process.env.EXCHANGE_DIALECT ? { EXCHANGE_DIALECT: process.env.EXCHANGE_DIALECT } : {}),
});
const app = await startApp(config, pino({ level: "silent" }));
await tg.waitForPolling();
const user = tg.user({ firstName: "You" });
const pageLink = pageLaunchUrl(
  pageUrl,
  signInitData(tg.token, { id: user.id, first_name: "You", language_code: "en" }),
);

const out = (line = "") => process.stdout.write(`${line}\n`);
const shown = new Map<number, string>();
let buttons: Array<{
  text: string;
  messageId: number;
  data?: string;
  url?: string;
  copy?: string;
  webApp?: string;
}> = [];

function render(message: BotMessage): string {
  const lines = [`${message.photo ? "🖼  " : ""}${message.text}`];
  const rows = message.replyMarkup?.inline_keyboard ?? [];
  for (const row of rows) {
    lines.push(
      row
        .map((button) => {
          buttons.push({
            text: button.text,
            messageId: message.messageId,
            data: "callback_data" in button ? button.callback_data : undefined,
            url: "url" in button ? button.url : undefined,
            copy: "copy_text" in button ? button.copy_text.text : undefined,
            webApp: "web_app" in button ? button.web_app.url : undefined,
          });
          return `[#${buttons.length} ${button.text}]`;
        })
        .join(" "),
    );
  }
  return lines.join("\n");
}

/** Prints the bot's new messages and the ones it edited since last time; true if any. */
function printChanges(): boolean {
  let printed = false;
  for (const message of user.transcript()) {
    const key = `${message.text}|${JSON.stringify(message.replyMarkup ?? null)}`;
    if (shown.get(message.messageId) === key) continue;
    const edited = shown.has(message.messageId);
    shown.set(message.messageId, key);
    if (message.replyMarkup) buttons = [];
    out(`\n🤖 ${edited ? "(edited) " : ""}${render(message).replaceAll("\n", "\n   ")}`);
    printed = true;
  }
  return printed;
}

/**
 * The embedded sandboxes the app started (four side by side with no exchange settings; one with
 * EXCHANGE_DIALECT), by their exchange's name, for src/sandbox/commands.ts to run `/sandbox`
 * commands on, as `npm run sandbox -- --all` runs them on its own. Their URLs are the app's
 * business (nothing here is pointed at them); the app closes them when it stops.
 */
const sandboxes: NamedSandbox[] = config.exchanges.flatMap((settings) => {
  const control = app.sandboxes.get(settings.name);
  if (!control) return [];
  const sandbox = {
    url: "",
    apiKey: "",
    dialect: settings.dialect,
    control,
    close: async () => {},
  };
  return [{ name: settings.name, sandbox }];
});

/** `/sandbox list`: one line per exchange, up or down (how) and whether it refuses creates. */
function listOfSandboxes(): string {
  return sandboxes
    .map(({ name, sandbox: { control } }) => {
      const down = control.downMode();
      const state = down ? `down (${down === "hang" ? "hangs" : "answers 503"})` : "up";
      return `${name}: ${state}${control.refusingCreates() ? ", refusing creates" : ""}`;
    })
    .join("\n");
}

/**
 * `/sandbox down NAME [hang|503]`, `up NAME`, `refuse NAME`, `accept NAME`, `list`, `hold ID|last
 * [what it asks]`, `release ID|last [status]`: said to the sandboxes, not the bot (a swap's id
 * names the sandbox that holds it; `last` is the newest swap of them all). The bot hears of it as
 * from real exchanges: at its next quote, create or status poll.
 */
function sandboxCommand(text: string): string {
  if (sandboxes.length === 0) return "(no embedded sandbox: the exchanges' URLs are set)";
  const line = text.replace(/^\/sandbox\s*/, "");
  const [word = "", id] = line.split(/\s+/);
  const verb = word.toLowerCase();
  if (verb === "list") return `(sandbox:\n${listOfSandboxes()})`;
  if (verb === "" || verb === "help" || !SANDBOX_VERBS.has(verb)) return `(usage: ${USAGE})`;
  const silent = verb === "hold" ? holderOf(id) : undefined;
  if (silent && !HOLDING_DIALECTS.has(silent.sandbox.dialect)) {
    return `(sandbox: ${silent.name}'s API has no way to say a swap is held, so the bot would never hear of it: hold a swap at changenow or letsexchange)`;
  }
  return `(sandbox: ${runCommand(line, sandboxes)})`;
}

/** The dialects whose answers can say a swap is held for verification (the others cannot). */
const HOLDING_DIALECTS = new Set(["changenow", "letsexchange"]);

/** The sandbox that has swap `id` (`last`: the newest swap of them all), if any. */
function holderOf(id: string | undefined): NamedSandbox | undefined {
  if (id !== "last") return sandboxes.find((s) => id && s.sandbox.control.transaction(id));
  const newest = (s: NamedSandbox) => s.sandbox.control.transactions()[0]?.createdMs ?? -1;
  return sandboxes.reduce<NamedSandbox | undefined>(
    (best, s) => (newest(s) >= 0 && (!best || newest(s) > newest(best)) ? s : best),
    undefined,
  );
}

const SANDBOX_VERBS = new Set(["down", "up", "refuse", "accept", "hold", "release"]);
const USAGE =
  "/sandbox down NAME [hang|503] · up NAME · refuse NAME · accept NAME · hold ID|last [what it asks] · release ID|last [status] · list";

async function handle(line: string): Promise<boolean> {
  const text = line.trim();
  if (text === "/quit" || text === "/exit") return false;
  if (text === "") return true;
  if (text === "/sandbox" || text.startsWith("/sandbox ")) {
    out(sandboxCommand(text));
    return true;
  }
  const press = /^#(\d+)$/.exec(text);
  if (press) {
    const button = buttons[Number(press[1]) - 1];
    if (!button) {
      out(`(no button #${press[1]})`);
      return true;
    }
    if (button.copy !== undefined) {
      out(`(copied: ${button.copy})`);
      return true;
    }
    if (button.webApp) {
      // Telegram would open the page: here, the same page with the try-out user's init data.
      const url = new URL(pageLink);
      url.search = new URL(button.webApp).search;
      out(`(open in a browser: ${url.toString()})`);
      return true;
    }
    const payload = button.url ? /start=([\w-]+)/.exec(button.url)?.[1] : undefined;
    if (payload) user.send(`/start ${payload}`);
    else if (button.data) user.pressRaw(button.messageId, button.data);
    await user.answer({ timeoutMs: 15_000 }).catch(() => undefined);
    printChanges();
    return true;
  }
  if (text.startsWith("@")) {
    const answer = await user.inlineQuery(text.slice(1).trim());
    const results = answer.results.slice(0, 10);
    out(results.length ? "" : "(no inline results)");
    for (const [i, r] of results.entries())
      out(`  ${i + 1}. ${String(r.title)} — ${String(r.description ?? "")}`);
    return true;
  }
  user.send(text);
  await user.answer({ timeoutMs: 15_000 }).catch(() => undefined);
  printChanges();
  return true;
}

out("swapbot try-out: a chat with the bot on embedded sandbox exchanges (no real funds).");
if (sandboxes.length > 1) {
  out(
    `${sandboxes.length === 4 ? "Four" : sandboxes.length} simulated exchanges run side by side (${sandboxes.map((s) => s.name).join(", ")}), at slightly different prices and limits.`,
  );
}
out("Type as in Telegram (/start, /exchange, /rate 0.5 btc eth, ...). #N presses button N,");
out("`@ btc` runs an inline query, /quit leaves. Tell the sandboxes what to do:");
out("  /sandbox down NAME [hang|503]   take one exchange down (hang: no answer at all)");
out("  /sandbox up NAME                bring it back");
out("  /sandbox refuse NAME            it refuses every create (accept NAME: no more)");
out("  /sandbox hold ID|last           hold a changenow or letsexchange swap for verification");
out("  /sandbox release ID|last        let it go on (default: exchanging)");
out("  /sandbox list                   each exchange: up, down or refusing");
out("");
out("The Mini App, as you (open it in any browser on this machine):");
out(pageLink);

const tty = Boolean(process.stdin.isTTY);
const input = createInterface({ input: process.stdin, output: process.stdout, terminal: tty });
input.setPrompt("you › ");
// Status pushes arrive on their own: print them as they come, and ask again below them.
const pushes = setInterval(() => {
  if (printChanges() && tty) input.prompt(true);
}, 500);
let queue = Promise.resolve(true);
let closing = false;
const stop = async () => {
  if (closing) return;
  closing = true;
  clearInterval(pushes);
  await queue;
  printChanges();
  await app.stop();
  await tg.close();
  process.exit(0);
};
input.on("line", (line) => {
  queue = queue
    .then(async (go) => {
      if (!go) return false;
      // A terminal echoes what is typed; piped input is shown in its turn, as if typed.
      if (!tty) out(`\nyou › ${line}`);
      return handle(line);
    })
    .then((go) => {
      if (!go) void stop();
      else if (tty) input.prompt();
      return go;
    });
});
input.on("close", () => void stop());
if (tty) input.prompt();
