/** "USDT (TRC20)"; a coin on its own chain is just "BTC", not "BTC (BTC)". */
export const coinLabel = (coin: string, network: string | null | undefined): string =>
  `${coin.toUpperCase()}${network && network.toUpperCase() !== coin.toUpperCase() ? ` (${network})` : ""}`;
