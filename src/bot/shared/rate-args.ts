export type RateArgs = { ok: true; amount: string; from: string; to: string } | { ok: false };

const FILLER = new Set(["to", "into", "for", "->", "→", "=>", "in"]);

/** `/rate 0.5 btc eth`, also `/rate 0,5 BTC to ETH` and `/rate 0.5 usdt@trc20 btc`. */
export function parseRateArgs(text: string): RateArgs {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w.toLowerCase()));
  if (words.length !== 3) return { ok: false };
  const [amount = "", from = "", to = ""] = words;
  return { ok: true, amount, from, to };
}
