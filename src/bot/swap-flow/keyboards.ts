import { InlineKeyboard } from "grammy";
import { POPULAR_CODES } from "../../catalog/catalog.ts";
import { coinNetworks } from "../../catalog/networks.ts";
import type { Coin } from "../../catalog/search.ts";
import type { FlowSession, Side } from "./session.ts";

/** The popular coins as buttons, four a row, without the coin already on the other side. */
export function popularKeyboard(s: FlowSession, step: "from" | "to", exclude?: Coin) {
  const keyboard = new InlineKeyboard();
  const coins = POPULAR_CODES.filter((code) => code !== exclude?.code).slice(0, 8);
  coins.forEach((code, i) => {
    keyboard.text(code.toUpperCase(), s.btn(step, code));
    if (i % 4 === 3) keyboard.row();
  });
  return keyboard;
}

/** A row of network buttons for a coin that has several, the chosen one marked. */
export function networkRow(
  s: FlowSession,
  keyboard: InlineKeyboard,
  step: "fnet" | "tnet",
  side: Side,
) {
  const networks = coinNetworks(side.coin);
  if (networks.length < 2) return keyboard;
  keyboard.row();
  for (const network of networks.slice(0, 6)) {
    const text = network === side.network ? s.t("button-selected", { label: network }) : network;
    keyboard.text(text, s.btn(step, network));
  }
  return keyboard;
}

/** The line under a prompt that names the side's network: chosen, or the exchange's default. */
export function networkLine(s: FlowSession, side: Side) {
  if (coinNetworks(side.coin).length < 2 || !side.network) return "";
  const vars = { coin: side.coin.code.toUpperCase(), network: side.network };
  return `\n${s.t(side.defaulted ? "flow-network-default" : "flow-network-set", vars)}`;
}
