import type { ExchangePort } from "../../src/swaps/exchange-port.ts";
import { ExchangeSet } from "../../src/swaps/exchange-set.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";

/** The set of one exchange, `port`, recorded as `id` (the embedded sandbox's by default). */
export function oneExchange(port: ExchangePort, id = SANDBOX_EXCHANGE): ExchangeSet {
  return new ExchangeSet([{ id, label: "Sandbox", port, kyc: null, trackingLink: () => null }]);
}
