/** One coin of the sandbox's catalog, with what quotes and addresses need. */
export interface SandboxCoin {
  code: string;
  name: string;
  /** USD price, for realistic rates and limits. */
  usd: number;
  /** Network codes; the first is the default. */
  networks: string[];
  notes: string;
  /** Loose pattern the sandbox checks withdrawal addresses against. */
  address: RegExp;
}

const GENERIC = /^[A-Za-z0-9:_-]{20,120}$/;
const EVM = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,64}$/;

/** Real coins first (the ones people type), with rough prices; address patterns where simple. */
const REAL: Array<[string, string, number, string[]?, RegExp?, string?]> = [
  [
    "btc",
    "Bitcoin",
    95_000,
    ["BTC"],
    /^(bc1[02-9ac-hj-np-z]{11,87}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  ],
  ["eth", "Ethereum", 3_400, ["ETH", "ARBITRUM", "OPTIMISM", "BASE"], EVM],
  ["usdt", "Tether", 1, ["ERC20", "TRC20", "BEP20", "SOL"], GENERIC],
  ["xmr", "Monero", 165, ["XMR"], /^[48][0-9A-Za-z]{94,105}$/],
  [
    "ltc",
    "Litecoin",
    90,
    ["LTC"],
    /^(ltc1[02-9ac-hj-np-z]{11,87}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
  ],
  ["sol", "Solana", 180, ["SOL"], BASE58],
  ["usdc", "USD Coin", 1, ["ERC20", "SOL", "BEP20", "TRC20"], GENERIC],
  ["trx", "TRON", 0.2, ["TRX"], /^T[1-9A-HJ-NP-Za-km-z]{33}$/],
  [
    "bnb",
    "BNB",
    600,
    ["BEP20", "BEP2"],
    GENERIC,
    "Networks: BEP20, BEP2. BEP2 deposits may require a memo.",
  ],
  ["doge", "Dogecoin", 0.35, ["DOGE"], /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/],
  [
    "xrp",
    "XRP",
    2.3,
    ["XRP"],
    /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
    "Deposits to exchanges usually require a destination tag.",
  ],
  ["ton", "Toncoin", 5.5, ["TON"], GENERIC, "Deposits to exchanges usually require a memo."],
  [
    "xlm",
    "Stellar",
    0.4,
    ["XLM"],
    /^G[A-Z2-7]{55}$/,
    "Deposits to exchanges usually require a memo.",
  ],
  [
    "atom",
    "Cosmos",
    7,
    ["ATOM"],
    /^cosmos1[0-9a-z]{38}$/,
    "Deposits to exchanges usually require a memo.",
  ],
  [
    "eos",
    "EOS",
    0.8,
    ["EOS"],
    /^[a-z1-5.]{1,12}$|^[A-Za-z0-9:_-]{12,120}$/,
    "Deposits to exchanges usually require a memo.",
  ],
  ["ada", "Cardano", 0.9, ["ADA"], GENERIC],
  ["dot", "Polkadot", 7, ["DOT"], GENERIC],
  ["avax", "Avalanche", 35, ["AVAXC"], EVM],
  ["matic", "Polygon", 0.5, ["POLYGON"], EVM],
  ["link", "Chainlink", 20, ["ERC20"], EVM],
  ["bch", "Bitcoin Cash", 450, ["BCH"], GENERIC],
  ["btg", "Bitcoin Gold", 25, ["BTG"], GENERIC],
  ["bsv", "Bitcoin SV", 60, ["BSV"], GENERIC],
  ["etc", "Ethereum Classic", 27, ["ETC"], EVM],
  ["dash", "Dash", 35, ["DASH"], GENERIC],
  ["zec", "Zcash", 50, ["ZEC"], GENERIC],
  ["xtz", "Tezos", 1.2, ["XTZ"], GENERIC],
  ["algo", "Algorand", 0.3, ["ALGO"], GENERIC, "Deposits to exchanges may require a memo."],
  ["hbar", "Hedera", 0.25, ["HBAR"], GENERIC, "Deposits to exchanges usually require a memo."],
  ["near", "NEAR Protocol", 5, ["NEAR"], GENERIC],
  ["apt", "Aptos", 9, ["APT"], GENERIC],
  ["arb", "Arbitrum", 0.8, ["ARBITRUM"], EVM],
  ["op", "Optimism", 1.9, ["OPTIMISM"], EVM],
  ["uni", "Uniswap", 11, ["ERC20"], EVM],
  ["aave", "Aave", 300, ["ERC20"], EVM],
  ["shib", "Shiba Inu", 0.00002, ["ERC20"], EVM],
  ["pepe", "Pepe", 0.00001, ["ERC20"], EVM],
  ["dai", "Dai", 1, ["ERC20"], EVM],
  ["fil", "Filecoin", 5, ["FIL"], GENERIC],
  ["icp", "Internet Computer", 10, ["ICP"], GENERIC],
  ["vet", "VeChain", 0.04, ["VET"], EVM],
  ["egld", "MultiversX", 35, ["EGLD"], GENERIC],
  ["kas", "Kaspa", 0.12, ["KAS"], GENERIC],
  ["sui", "Sui", 3.5, ["SUI"], GENERIC],
  ["sei", "Sei", 0.4, ["SEI"], GENERIC, "Deposits to exchanges may require a memo."],
  ["inj", "Injective", 22, ["INJ"], GENERIC, "Deposits to exchanges may require a memo."],
  ["tia", "Celestia", 5, ["TIA"], GENERIC, "Deposits to exchanges may require a memo."],
  ["rune", "THORChain", 4, ["RUNE"], GENERIC],
  ["grt", "The Graph", 0.2, ["ERC20"], EVM],
  ["ldo", "Lido DAO", 1.8, ["ERC20"], EVM],
  ["mkr", "Maker", 1_500, ["ERC20"], EVM],
  ["crv", "Curve DAO", 0.8, ["ERC20"], EVM],
  ["sand", "The Sandbox", 0.5, ["ERC20"], EVM],
  ["mana", "Decentraland", 0.45, ["ERC20"], EVM],
  ["axs", "Axie Infinity", 6, ["ERC20"], EVM],
  ["ape", "ApeCoin", 1.2, ["ERC20"], EVM],
  ["chz", "Chiliz", 0.08, ["ERC20"], EVM],
  ["enj", "Enjin Coin", 0.25, ["ERC20"], EVM],
  ["bat", "Basic Attention Token", 0.22, ["ERC20"], EVM],
  ["zrx", "0x Protocol", 0.4, ["ERC20"], EVM],
  ["comp", "Compound", 55, ["ERC20"], EVM],
  ["snx", "Synthetix", 2, ["ERC20"], EVM],
  ["yfi", "yearn.finance", 7_000, ["ERC20"], EVM],
  ["1inch", "1inch", 0.35, ["ERC20"], EVM],
  ["sushi", "SushiSwap", 0.9, ["ERC20"], EVM],
  ["cake", "PancakeSwap", 2.2, ["BEP20"], EVM],
  ["ftm", "Fantom", 0.7, ["FTM"], EVM],
  ["kava", "Kava", 0.45, ["KAVA"], GENERIC, "Deposits to exchanges usually require a memo."],
  ["osmo", "Osmosis", 0.5, ["OSMO"], GENERIC, "Deposits to exchanges may require a memo."],
  ["luna", "Terra", 0.4, ["LUNA"], GENERIC, "Deposits to exchanges usually require a memo."],
  [
    "lunc",
    "Terra Classic",
    0.0001,
    ["LUNC"],
    GENERIC,
    "Deposits to exchanges usually require a memo.",
  ],
  ["waves", "Waves", 1.5, ["WAVES"], GENERIC],
  ["neo", "Neo", 12, ["NEO"], GENERIC],
  ["gas", "Gas", 4, ["NEO"], GENERIC],
  ["qtum", "Qtum", 3, ["QTUM"], GENERIC],
  ["zil", "Zilliqa", 0.02, ["ZIL"], GENERIC],
  ["iota", "IOTA", 0.25, ["IOTA"], GENERIC],
  ["xem", "NEM", 0.02, ["XEM"], GENERIC, "Deposits to exchanges usually require a message."],
  ["dgb", "DigiByte", 0.01, ["DGB"], GENERIC],
  ["rvn", "Ravencoin", 0.02, ["RVN"], GENERIC],
  ["zen", "Horizen", 10, ["ZEN"], GENERIC],
  ["dcr", "Decred", 15, ["DCR"], GENERIC],
  ["firo", "Firo", 1.5, ["FIRO"], GENERIC],
  ["arrr", "Pirate Chain", 0.2, ["ARRR"], GENERIC],
  ["beam", "Beam", 0.03, ["BEAM"], GENERIC],
  ["nano", "Nano", 1, ["NANO"], GENERIC],
  ["xno", "Nano (XNO)", 1, ["XNO"], GENERIC],
  ["hive", "Hive", 0.25, ["HIVE"], GENERIC, "Deposits to exchanges usually require a memo."],
  ["steem", "Steem", 0.2, ["STEEM"], GENERIC, "Deposits to exchanges usually require a memo."],
  ["stx", "Stacks", 1.6, ["STX"], GENERIC, "Deposits to exchanges may require a memo."],
  ["flow", "Flow", 0.7, ["FLOW"], GENERIC],
  ["mina", "Mina", 0.6, ["MINA"], GENERIC],
  ["celo", "Celo", 0.7, ["CELO"], EVM],
  ["one", "Harmony", 0.02, ["ONE"], GENERIC],
  ["rose", "Oasis Network", 0.08, ["ROSE"], GENERIC],
  ["kda", "Kadena", 0.8, ["KDA"], GENERIC],
  ["ckb", "Nervos Network", 0.012, ["CKB"], GENERIC],
  ["ar", "Arweave", 18, ["AR"], GENERIC],
  ["theta", "Theta Network", 1.6, ["THETA"], GENERIC],
  ["tfuel", "Theta Fuel", 0.06, ["THETA"], GENERIC],
  ["hnt", "Helium", 5, ["SOL"], BASE58],
  ["render", "Render", 7, ["ERC20", "SOL"], GENERIC],
  ["fet", "Artificial Superintelligence Alliance", 1.3, ["ERC20"], EVM],
  ["imx", "Immutable", 1.5, ["ERC20"], EVM],
  ["gala", "Gala", 0.03, ["ERC20"], EVM],
  ["jup", "Jupiter", 0.9, ["SOL"], BASE58],
  ["bonk", "Bonk", 0.00003, ["SOL"], BASE58],
  ["wif", "dogwifhat", 2.5, ["SOL"], BASE58],
  ["pyth", "Pyth Network", 0.35, ["SOL"], BASE58],
  ["tusd", "TrueUSD", 1, ["ERC20", "TRC20"], GENERIC],
  ["busd", "Binance USD", 1, ["BEP20", "ERC20"], GENERIC],
  ["fdusd", "First Digital USD", 1, ["BEP20", "ERC20"], GENERIC],
  ["pyusd", "PayPal USD", 1, ["ERC20", "SOL"], GENERIC],
  ["eurt", "Euro Tether", 1.08, ["ERC20"], EVM],
  ["paxg", "PAX Gold", 2_600, ["ERC20"], EVM],
  ["xaut", "Tether Gold", 2_600, ["ERC20"], EVM],
  ["wbtc", "Wrapped Bitcoin", 95_000, ["ERC20"], EVM],
  ["weth", "Wrapped Ether", 3_400, ["ERC20", "ARBITRUM"], EVM],
  ["steth", "Lido Staked Ether", 3_400, ["ERC20"], EVM],
  ["okb", "OKB", 50, ["ERC20"], EVM],
  ["cro", "Cronos", 0.15, ["CRO"], EVM],
  ["leo", "UNUS SED LEO", 9, ["ERC20"], EVM],
  ["kcs", "KuCoin Token", 11, ["KCC"], EVM],
  ["ht", "Huobi Token", 0.6, ["ERC20"], EVM],
  ["gt", "GateToken", 8, ["GT"], EVM],
  ["xdc", "XDC Network", 0.08, ["XDC"], GENERIC],
  ["qnt", "Quant", 100, ["ERC20"], EVM],
  ["hot", "Holo", 0.002, ["ERC20"], EVM],
  ["bttc", "BitTorrent", 0.000001, ["TRC20"], GENERIC],
  ["sc", "Siacoin", 0.005, ["SC"], GENERIC],
  ["xvg", "Verge", 0.005, ["XVG"], GENERIC],
  ["lsk", "Lisk", 1, ["LSK"], GENERIC],
  ["ark", "Ark", 0.5, ["ARK"], GENERIC],
  ["nmr", "Numeraire", 15, ["ERC20"], EVM],
  ["omg", "OMG Network", 0.3, ["ERC20"], EVM],
  ["storj", "Storj", 0.5, ["ERC20"], EVM],
  ["ocean", "Ocean Protocol", 0.6, ["ERC20"], EVM],
  ["rlc", "iExec RLC", 1.8, ["ERC20"], EVM],
  ["band", "Band Protocol", 1.3, ["ERC20"], EVM],
  ["ens", "Ethereum Name Service", 25, ["ERC20"], EVM],
  ["blur", "Blur", 0.25, ["ERC20"], EVM],
  ["dydx", "dYdX", 1.5, ["ERC20"], EVM],
  ["gmx", "GMX", 25, ["ARBITRUM"], EVM],
  ["strk", "Starknet", 0.5, ["STRK"], GENERIC],
  ["zk", "ZKsync", 0.15, ["ZKSYNC"], EVM],
  ["wld", "Worldcoin", 2, ["OPTIMISM"], EVM],
  ["ena", "Ethena", 0.7, ["ERC20"], EVM],
  ["ondo", "Ondo", 1.2, ["ERC20"], EVM],
  ["not", "Notcoin", 0.007, ["TON"], GENERIC, "Deposits to exchanges usually require a memo."],
  ["trump", "Official Trump", 15, ["SOL"], BASE58],
  ["bera", "Berachain", 5, ["BERA"], EVM],
  ["s", "Sonic", 0.5, ["SONIC"], EVM],
  ["ip", "Story", 4, ["IP"], EVM],
];

/** Syllables for the long tail: plausible token names so the catalog has a realistic size. */
const SYLLABLES = [
  "zen",
  "tra",
  "lux",
  "vor",
  "quan",
  "nex",
  "ora",
  "kai",
  "mir",
  "sol",
  "vex",
  "tor",
  "ula",
  "dex",
  "fin",
  "gal",
  "hel",
  "ion",
  "jur",
  "kor",
];
const SUFFIXES = ["Coin", "Token", "Network", "Protocol", "Chain", "Finance", "Swap", "Cash"];

function longTail(count: number, taken: Set<string>): SandboxCoin[] {
  const out: SandboxCoin[] = [];
  const n = SYLLABLES.length;
  for (let i = 0; out.length < count && i < n * n * SUFFIXES.length; i++) {
    const a = SYLLABLES[i % n]!;
    const b = SYLLABLES[Math.floor(i / n) % n]!;
    const code = `${a.slice(0, 2)}${b.slice(0, 2)}${Math.floor(i / (n * n)) || ""}`;
    if (a === b || taken.has(code)) continue;
    taken.add(code);
    const base = `${a}${b}`;
    const name = `${base[0]!.toUpperCase()}${base.slice(1)} ${SUFFIXES[i % SUFFIXES.length]}`;
    const usd = Number((0.001 * 1.07 ** (i % 150)).toPrecision(3));
    out.push({ code, name, usd, networks: ["ERC20"], notes: "", address: EVM });
  }
  return out;
}

function notesFor(networks: string[], custom?: string): string {
  if (custom) return custom;
  return networks.length > 1 ? `Networks: ${networks.join(", ")}.` : "";
}

export function buildCatalog(): SandboxCoin[] {
  const real = REAL.map(
    ([code, name, usd, networks = [code.toUpperCase()], address = GENERIC, notes]) => ({
      code,
      name,
      usd,
      networks,
      notes: notesFor(networks, notes),
      address,
    }),
  );
  const taken = new Set(real.map((c) => c.code));
  return [...real, ...longTail(Math.max(0, 320 - real.length), taken)];
}
