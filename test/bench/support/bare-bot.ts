import { run } from "@grammyjs/runner";
import { Bot } from "grammy";

/**
 * The throughput bench's floor as a process: a bare grammY bot on the same runner, answering
 * /start and /rate with one message each. BOT_TOKEN and TELEGRAM_API_ROOT from the environment.
 */
const token = process.env.BOT_TOKEN;
const apiRoot = process.env.TELEGRAM_API_ROOT;
if (!token || !apiRoot) throw new Error("BOT_TOKEN and TELEGRAM_API_ROOT are needed");
const bot = new Bot(token, { client: { apiRoot } });
bot.command(["start", "rate"], (ctx) => ctx.reply("hi"));
const handle = run(bot);
process.once("SIGTERM", () => void handle.stop().then(() => process.exit(0)));
