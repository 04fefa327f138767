/**
 * "USDT (TRC20)": the code people know, with the network only when it adds something. The
 * exchange names a coin's own chain after the coin ("ETH" on "ETH"): "ETH (ETH)" says nothing more.
 */
export function coinLabel(code: string, network: string | null | undefined): string {
  const coin = code.toUpperCase();
  return network && network.toUpperCase() !== coin ? `${coin} (${network})` : coin;
}
