/**
 * A link that opens a private chat with the bot on `/start <payload>`. Telegram's start parameter
 * takes only A-Z a-z 0-9 _ - (64 at most): a swap of a coin whose code does not fit opens a plain
 * swap instead.
 */
export function startLink(bot: string, payload: string): string {
  const safe = /^[A-Za-z0-9_-]{1,64}$/.test(payload) ? payload : "exchange";
  return `https://t.me/${bot}?start=${safe}`;
}

/** `/start swap-<code>`: the exchange flow with that coin to send. */
export function swapLink(bot: string, code: string): string {
  return startLink(bot, `swap-${code}`);
}

/**
 * The `/start` payloads that start the exchange flow: `exchange` (a group's /exchange moved to a
 * private chat) and `swap-<code>` (a coin to send; only a suggestion, resolved by the flow), or
 * undefined for any other payload ("inline", "help": the welcome).
 */
export function flowStart(payload: string): { coin: string | undefined } | undefined {
  const text = payload.trim();
  if (text === "exchange") return { coin: undefined };
  const coin = /^swap-(.{1,60})$/i.exec(text)?.[1];
  return coin ? { coin: coin.toLowerCase() } : undefined;
}

/**
 * The `/start` payloads that ask for support: `support` (a link) and `support-<swap id>` (the Mini
 * App's, about that swap), or undefined for any other payload.
 */
export function supportStart(payload: string): { swapId: string | undefined } | undefined {
  const match = /^support(?:-(\S{1,56}))?$/.exec(payload.trim());
  return match ? { swapId: match[1] } : undefined;
}
