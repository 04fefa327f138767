import type { BotMessage, FakeUser } from "../../tools/fake-telegram/fake-telegram.ts";

export const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";

/** Sends text and waits for the bot's message that contains `word` (the next step's prompt). */
export async function step(
  user: FakeUser,
  text: string,
  word: string | RegExp,
  timeoutMs = 8_000,
): Promise<BotMessage> {
  user.send(text);
  return user.waitFor(
    (m) => (typeof word === "string" ? m.text.includes(word) : word.test(m.text)),
    { timeoutMs },
  );
}

/** Walks the exchange flow by typing, up to the summary. */
export async function toSummary(user: FakeUser, amount = "0.5"): Promise<BotMessage> {
  await step(user, "/exchange", "send");
  await step(user, "btc", "receive");
  await step(user, "eth", "amount");
  await step(user, amount, "address");
  await step(user, ETH_ADDRESS, "refund");
  return step(user, "skip", "Please check");
}

/** Creates a swap through the chat; returns its transaction id. */
export async function createSwapViaChat(user: FakeUser, amount = "0.5"): Promise<string> {
  await toSummary(user, amount);
  const deposit = await step(user, "confirm", "Swap created");
  const id = /Transaction id: (\S+)/.exec(deposit.text)?.[1];
  if (!id) throw new Error(`no transaction id in: ${deposit.text}`);
  return id;
}
