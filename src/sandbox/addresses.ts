import { segwitAddress } from "./bech32.ts";
import { randomBase64Url, randomHex, randomString } from "./random.ts";
import { SAMPLE_ADDRESSES } from "./sample-addresses.ts";

/** How addresses of one network look: what the sandbox accepts and what it hands out. */
interface AddressFormat {
  pattern: RegExp;
  make(): string;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B58 = "[1-9A-HJ-NP-Za-km-z]";
const B32 = "[02-9ac-hj-np-z]";

/** Anything address-like: the sandbox does not know every chain's format, so it stays lenient. */
const GENERIC: AddressFormat = {
  pattern: /^[A-Za-z0-9:_-]{20,120}$/,
  make: () => randomString(BASE58, 42),
};

const EVM: AddressFormat = {
  pattern: /^0x[0-9a-fA-F]{40}$/,
  make: () => `0x${randomHex(20)}`,
};

const FORMATS: Record<string, AddressFormat> = {
  BTC: {
    pattern: new RegExp(`^(bc1${B32}{11,87}|[13]${B58}{25,34})$`),
    make: () => segwitAddress("bc"),
  },
  LTC: {
    pattern: new RegExp(`^(ltc1${B32}{11,87}|[LM3]${B58}{26,33})$`),
    make: () => segwitAddress("ltc"),
  },
  DOGE: { pattern: new RegExp(`^[DA9]${B58}{25,34}$`), make: () => `D${randomString(BASE58, 33)}` },
  TRX: { pattern: new RegExp(`^T${B58}{33}$`), make: () => `T${randomString(BASE58, 33)}` },
  XMR: {
    // Standard (95) and integrated (106) addresses.
    pattern: new RegExp(`^[48]${B58}{94}(${B58}{11})?$`),
    make: () => `4${randomString(BASE58, 94)}`,
  },
  SOL: { pattern: new RegExp(`^${B58}{32,44}$`), make: () => randomString(BASE58, 44) },
  XRP: { pattern: new RegExp(`^r${B58}{24,34}$`), make: () => `r${randomString(BASE58, 33)}` },
  XLM: { pattern: /^G[A-Z2-7]{55}$/, make: () => `G${randomString(BASE32, 55)}` },
  ATOM: {
    pattern: new RegExp(`^cosmos1${B32}{38}$`),
    make: () => `cosmos1${randomString(BECH32, 38)}`,
  },
  BEP2: { pattern: new RegExp(`^bnb1${B32}{38}$`), make: () => `bnb1${randomString(BECH32, 38)}` },
  TON: {
    pattern: /^([EU]Q[A-Za-z0-9_-]{46}|-?\d:[0-9a-fA-F]{64})$/,
    make: () => `UQ${randomBase64Url(36).slice(0, 46)}`,
  },
  EOS: {
    pattern: /^[a-z1-5.]{1,12}$/,
    make: () => `sandbox${randomString("abcdefghijklmnopqrstuvwxyz12345", 5)}`,
  },
  BCH: {
    pattern: new RegExp(`^(bitcoincash:)?[qp]${B32}{41}$|^[13]${B58}{25,34}$`),
    make: () => `bitcoincash:q${randomString(BECH32, 41)}`,
  },
  DASH: { pattern: new RegExp(`^X${B58}{33}$`), make: () => `X${randomString(BASE58, 33)}` },
  ZEC: {
    pattern: new RegExp(`^(t1|t3)${B58}{33}$|^zs1${B32}{75}$|^u1${B32}{60,300}$`),
    make: () => `t1${randomString(BASE58, 33)}`,
  },
  // Crypto.org chain (the coin code "cro" of most validators), not the Cronos EVM chain.
  CRONOS: {
    pattern: new RegExp(`^cro1${B32}{38}$`),
    make: () => `cro1${randomString(BECH32, 38)}`,
  },
  HBAR: { pattern: /^\d+\.\d+\.\d+$/, make: () => `0.0.${Math.floor(Math.random() * 1e7)}` },
  ADA: {
    pattern: new RegExp(`^addr1${B32}{50,110}$|^(Ae2|DdzFF)${B58}{40,120}$`),
    make: () => `addr1q${randomString(BECH32, 97)}`,
  },
};

/** Networks that take Ethereum-style addresses. */
const EVM_NETWORKS = [
  "ETH",
  "ERC20",
  "BEP20",
  "POLYGON",
  "BASE",
  "ARBITRUM",
  "OPTIMISM",
  "ZKSYNC",
  "AVAXC",
  "ETC",
  "ETHW",
  "FTM",
  "CELO",
  "KCC",
  "GT",
  "SONIC",
  "BERA",
  "IP",
  "MANTLE",
  "METIS",
  "BLAST",
  "GLMR",
  "MOVR",
  "CORE",
  "KAIA",
  "FLR",
  "SGB",
  "VET",
  "RSK",
  "VIC",
];
for (const network of EVM_NETWORKS) FORMATS[network] = EVM;
FORMATS.TRC20 = FORMATS.TRX!;

function formatOf(network: string): AddressFormat {
  return FORMATS[network] ?? GENERIC;
}

/** True when `address` looks like an address of `network`; a sanity check, not a checksum. */
export function isAddressFor(network: string, address: string): boolean {
  return formatOf(network).pattern.test(address);
}

/** The address pattern of `network` as a regex source (Exolix's `addressRegex`). */
export function addressRegexOf(network: string): string {
  return formatOf(network).pattern.source;
}

/** A fresh, realistic-looking deposit address on `network`. */
export function depositAddressFor(network: string): string {
  const samples = SAMPLE_ADDRESSES[network];
  if (samples?.length) return samples[Math.floor(Math.random() * samples.length)]!;
  return formatOf(network).make();
}

/** A deposit as the sandbox hands it out: an address, and the memo that must go with it. */
export interface Deposit {
  address: string;
  memo: string | null;
}

/** One deposit address per memo coin and network, shared by every transaction, as at exchanges. */
const sharedAddresses = new Map<string, string>();

/**
 * Where a transaction's deposit goes: on a network whose deposits need a memo, the coin's one
 * shared address plus a fresh memo (a number, as destination tags are); elsewhere a fresh address.
 */
export function depositFor(
  coin: { code: string; memoNetworks: readonly string[] },
  network: string,
): Deposit {
  if (!coin.memoNetworks.includes(network))
    return { address: depositAddressFor(network), memo: null };
  const key = `${coin.code}/${network}`;
  let address = sharedAddresses.get(key);
  if (!address) {
    address = depositAddressFor(network);
    sharedAddresses.set(key, address);
  }
  const memo = String(100_000_000 + (Number.parseInt(randomHex(4), 16) % 900_000_000));
  return { address, memo };
}

/** A transaction hash in the style of `network` (0x-prefixed on EVM chains). */
export function txHashFor(network: string): string {
  return formatOf(network) === EVM ? `0x${randomHex(32)}` : randomHex(32);
}
