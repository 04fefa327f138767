import { onFirstUse } from "../lib/first-use.ts";

/** The validator library, loaded at the first check. */
const validator = onFirstUse<typeof import("multicoin-address-validator").default>(
  "multicoin-address-validator",
);

type AddressCheck =
  | { ok: true; address: string }
  | { ok: false; reason: "empty" | "spaces" | "length" | "characters" | "format" };

/** Networks whose addresses have the format of a chain the validator library knows. */
const NETWORK_CHAINS: Record<string, string> = {
  ERC20: "ethereum",
  ETH: "ethereum",
  BEP20: "ethereum",
  BSC: "ethereum",
  ARBITRUM: "ethereum",
  ARB: "ethereum",
  OPTIMISM: "ethereum",
  OP: "ethereum",
  POLYGON: "ethereum",
  MATIC: "ethereum",
  BASE: "ethereum",
  AVAXC: "ethereum",
  TRC20: "tron",
  TRX: "tron",
  TRON: "tron",
  SOL: "solana",
  SOLANA: "solana",
  SPL: "solana",
};

/**
 * Checks an address before it goes upstream: for coins (and networks) the maintained validator
 * library knows, format, checksum and network; for others, basic sanity. The exchange still has
 * the last word, and its rejection is shown to the user.
 */
export function checkAddress(
  input: string,
  coin: string,
  network?: string,
  /** The exchange's own pattern for the network's addresses (the exolix dialect states one). */
  pattern?: string | null,
): AddressCheck {
  const address = input.trim();
  if (address === "") return { ok: false, reason: "empty" };
  if (/\s/.test(address)) return { ok: false, reason: "spaces" };
  if (address.length < 14 || address.length > 128) return { ok: false, reason: "length" };
  if (!/^[A-Za-z0-9:._-]+$/.test(address)) return { ok: false, reason: "characters" };
  const verdict = libraryVerdict(address, coin.toLowerCase(), network?.toUpperCase());
  if (verdict === false || matches(pattern, address) === false)
    return { ok: false, reason: "format" };
  return { ok: true, address };
}

/**
 * Which of `networks` (a coin's) an address that failed its own network's check belongs to, among
 * those whose format the validator library knows: so the user can be told "that is a TRC20
 * address" instead of only "not valid".
 */
export function networksOfAddress(input: string, coin: string, networks: readonly string[]) {
  const address = input.trim();
  return networks.filter(
    (network) =>
      NETWORK_CHAINS[network.toUpperCase()] !== undefined &&
      libraryVerdict(address, coin.toLowerCase(), network.toUpperCase()) === true,
  );
}

/**
 * An exchange's deposit address, before a user is told to send to it: it must be one address
 * (no spaces) and, where the validator library knows the coin or network, pass its format and
 * checksum. No length or character heuristics: real deposit addresses (Hedera's `0.0.123`, EOS
 * accounts) need not look like the addresses users type.
 */
export function isPlausibleDeposit(input: string, coin: string, network?: string): boolean {
  const address = input.trim();
  if (address === "" || /\s/.test(address)) return false;
  return libraryVerdict(address, coin.toLowerCase(), network?.toUpperCase()) !== false;
}

/**
 * true/false when the library knows the coin or network, undefined when it does not. A throw is
 * reached only for a coin or chain the library knows, so it is a failed check: its decoders throw
 * on malformed input (Monero's base58 "Overflow"), and such an address must never pass as plausible.
 */
function libraryVerdict(address: string, coin: string, network?: string): boolean | undefined {
  try {
    const chainType = network ? NETWORK_CHAINS[network] : undefined;
    if (chainType) return validator().validate(address, coin, { chainType });
    // A network we cannot map (or a coin on a foreign chain): only the exchange can judge.
    if (network) return undefined;
    if (!validator().findCurrency(coin)) return undefined;
    return validator().validate(address, coin, { networkType: "prod" });
  } catch {
    return false;
  }
}

/** Whether the address matches the exchange's pattern (undefined: no pattern, or an unusable one). */
function matches(pattern: string | null | undefined, address: string): boolean | undefined {
  if (!pattern) return undefined;
  try {
    return new RegExp(pattern).test(address);
  } catch {
    return undefined;
  }
}
