import { run } from "@grammyjs/runner";
import { Bot } from "grammy";

/** A bare grammY bot on the same runner, answering /start: the throughput bench's baseline. */
const bot = new Bot(process.env.BOT_TOKEN ?? "", {
  client: { apiRoot: process.env.TELEGRAM_API_ROOT ?? "" },
});
bot.command("start", (ctx) => ctx.reply("hi"));
const handle = run(bot);
process.once("SIGTERM", () => void handle.stop().then(() => process.exit(0)));
