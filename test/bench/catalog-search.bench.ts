import { pathToFileURL } from "node:url";
import { type Coin, CoinIndex } from "../../src/catalog/search.ts";
import { percentile, seededRandom } from "./stats.ts";

const CATALOG_SIZE = 2_000;
const QUERIES = 10_000;
const WARM_UP = 2_000;
const BUILDS = 10;
const POPULAR = ["btc", "eth", "usdt", "xmr", "ltc", "sol", "usdc", "trx", "bnb", "doge", "xrp"];

/** The coins people actually type, so that the catalog's prefixes collide the way real ones do. */
const REAL: Array<[string, string]> = [
  ["btc", "Bitcoin"],
  ["eth", "Ethereum"],
  ["usdt", "Tether"],
  ["xmr", "Monero"],
  ["ltc", "Litecoin"],
  ["sol", "Solana"],
  ["usdc", "USD Coin"],
  ["trx", "TRON"],
  ["bnb", "BNB"],
  ["doge", "Dogecoin"],
  ["xrp", "XRP"],
  ["ton", "Toncoin"],
  ["xlm", "Stellar"],
  ["ada", "Cardano"],
  ["dot", "Polkadot"],
  ["avax", "Avalanche"],
  ["matic", "Polygon"],
  ["link", "Chainlink"],
  ["bch", "Bitcoin Cash"],
  ["btg", "Bitcoin Gold"],
  ["bsv", "Bitcoin SV"],
  ["etc", "Ethereum Classic"],
  ["ethw", "EthereumPoW"],
  ["wbtc", "Wrapped Bitcoin"],
  ["dai", "Dai"],
  ["shib", "Shiba Inu"],
  ["uni", "Uniswap"],
  ["atom", "Cosmos"],
  ["near", "NEAR Protocol"],
  ["apt", "Aptos"],
  ["arb", "Arbitrum"],
  ["op", "Optimism"],
  ["fil", "Filecoin"],
  ["icp", "Internet Computer"],
  ["hbar", "Hedera"],
  ["vet", "VeChain"],
  ["algo", "Algorand"],
  ["xtz", "Tezos"],
  ["eos", "EOS"],
  ["zec", "Zcash"],
  ["dash", "Dash"],
  ["neo", "Neo"],
  ["kas", "Kaspa"],
  ["pepe", "Pepe"],
  ["aave", "Aave"],
  ["mkr", "Maker"],
  ["crv", "Curve DAO Token"],
  ["sand", "The Sandbox"],
  ["mana", "Decentraland"],
  ["axs", "Axie Infinity"],
  ["grt", "The Graph"],
  ["ftm", "Fantom"],
  ["egld", "MultiversX"],
  ["theta", "Theta Network"],
  ["xdc", "XDC Network"],
  ["kcs", "KuCoin Token"],
  ["cro", "Crypto.com Coin"],
  ["okb", "OKB"],
  ["leo", "UNUS SED LEO"],
  ["qnt", "Quant"],
  ["rune", "THORChain"],
  ["inj", "Injective"],
  ["sui", "Sui"],
  ["sei", "Sei"],
  ["tia", "Celestia"],
  ["stx", "Stacks"],
  ["imx", "Immutable"],
  ["ldo", "Lido DAO"],
  ["steth", "Lido Staked Ether"],
  ["rndr", "Render"],
  ["fet", "Fetch.ai"],
  ["gala", "Gala"],
  ["chz", "Chiliz"],
  ["flow", "Flow"],
  ["mina", "Mina Protocol"],
  ["xno", "Nano"],
  ["dcr", "Decred"],
  ["zen", "Horizen"],
  ["rvn", "Ravencoin"],
  ["firo", "Firo"],
  ["bat", "Basic Attention Token"],
  ["zrx", "0x Protocol"],
  ["1inch", "1inch Network"],
  ["comp", "Compound"],
  ["snx", "Synthetix"],
  ["sushi", "SushiSwap"],
  ["yfi", "yearn.finance"],
  ["bonk", "Bonk"],
  ["wif", "dogwifhat"],
  ["floki", "FLOKI"],
  ["ens", "Ethereum Name Service"],
  ["gmx", "GMX"],
  ["trac", "OriginTrail"],
  ["ape", "ApeCoin"],
  ["enj", "Enjin Coin"],
  ["waves", "Waves"],
  ["ksm", "Kusama"],
  ["one", "Harmony"],
  ["celo", "Celo"],
  ["kava", "Kava"],
];

/** Network variants, as instant exchanges list them (one code per coin and network). */
const VARIANTS: Array<[string, string, string]> = [
  ["usdt", "Tether", "ERC20"],
  ["usdt", "Tether", "TRC20"],
  ["usdt", "Tether", "BEP20"],
  ["usdt", "Tether", "SOL"],
  ["usdt", "Tether", "TON"],
  ["usdc", "USD Coin", "ERC20"],
  ["usdc", "USD Coin", "SOL"],
  ["usdc", "USD Coin", "BEP20"],
  ["usdc", "USD Coin", "Polygon"],
  ["eth", "Ethereum", "Arbitrum"],
  ["eth", "Ethereum", "Optimism"],
  ["eth", "Ethereum", "Base"],
  ["bnb", "BNB", "BEP2"],
  ["dai", "Dai", "BEP20"],
  ["shib", "Shiba Inu", "BEP20"],
];

// biome-ignore format: a word list reads better packed
const SYLLABLES = [
  "ar", "be", "ca", "do", "el", "fi", "ga", "ho", "ix", "ju", "ka", "lu", "mo", "ne", "or", "pa",
  "qu", "ri", "so", "ta", "ul", "ve", "wa", "xi", "yo", "ze", "bit", "coin", "lum", "nex", "zor",
  "chain", "dex", "vol", "sky", "tron", "ner", "via", "sol", "mer", "kin", "dra", "gon",
];
const ACCENTED = ["é", "ü", "ñ", "ö", "á", "ç"];
// biome-ignore format: a word list reads better packed
const SUFFIXES = [
  "Finance", "Protocol", "Network", "Token", "Swap", "DAO", "Inu", "AI", "Chain", "Coin", "Cash",
  "Classic", "Labs", "Gold",
];

function makeCatalog(size: number, random: () => number): Coin[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const coin = (code: string, name: string): Coin => ({
    code,
    name,
    icon: `https://example.org/icons/${code}.svg`,
    notes: "",
  });
  const coins = REAL.map(([code, name]) => coin(code, name));
  for (const [code, name, net] of VARIANTS) {
    coins.push(coin(`${code}${net.toLowerCase()}`, `${name} (${net})`));
  }
  const taken = new Set(coins.map((c) => c.code));
  while (coins.length < size) {
    let word = "";
    const syllables = 2 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) word += pick(SYLLABLES);
    if (random() < 0.06) word = word.replace(/[eunoac]/, () => pick(ACCENTED));
    let name = word[0]!.toUpperCase() + word.slice(1);
    const shape = random();
    if (shape < 0.35) name += ` ${pick(SUFFIXES)}`;
    else if (shape < 0.45) {
      const second = pick(SYLLABLES) + pick(SYLLABLES);
      name += ` ${second[0]!.toUpperCase()}${second.slice(1)}`;
    }
    const letters = word
      .normalize("NFKD")
      .replace(/[^a-z]/g, "")
      .replace(/(?!^)[aeiou]/g, "");
    let code = letters.slice(0, 3 + Math.floor(random() * 2)) || "x";
    for (let n = 2; taken.has(code); n++) code = `${code.replace(/\d+$/, "")}${n}`;
    taken.add(code);
    coins.push(coin(code, name));
  }
  return coins;
}

type QueryKind = "code" | "code-prefix" | "name-prefix" | "full-name" | "word" | "typo" | "junk";

/** One mistake a person makes typing fast: swap, drop, double or miss a key. */
function typo(word: string, random: () => number): string {
  const i = 1 + Math.floor(random() * (word.length - 2));
  const r = random();
  if (r < 0.25) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (r < 0.5) return word.slice(0, i) + word.slice(i + 1);
  if (r < 0.75) return word.slice(0, i) + word[i] + word.slice(i);
  return `${word.slice(0, i)}q${word.slice(i + 1)}`;
}

function makeQueries(coins: readonly Coin[], count: number, random: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // People search the popular coins far more often than the long tail.
  const someCoin = (): Coin => (random() < 0.5 ? coins[Math.floor(random() * 60)]! : pick(coins));
  const junk = [
    () => "🚀🌕💎",
    () => "'; DROP TABLE coins; --",
    () => Array.from({ length: 200 }, () => String.fromCharCode(33 + random() * 90)).join(""),
    () =>
      Array.from({ length: 6 + Math.floor(random() * 5) }, () => pick([..."qwxzjkvy"])).join(""),
    () => "   ",
  ];
  const queries: Array<{ kind: QueryKind; text: string }> = [];
  for (let i = 0; i < count; i++) {
    const c = someCoin();
    const words = c.name.split(/\s+/);
    const r = random();
    let kind: QueryKind;
    let text: string;
    if (r < 0.2) {
      kind = "code";
      text = random() < 0.5 ? c.code.toUpperCase() : c.code;
    } else if (r < 0.35) {
      kind = "code-prefix";
      text = c.code.slice(0, 1 + Math.floor(random() * 3));
    } else if (r < 0.55) {
      kind = "name-prefix";
      text = c.name.slice(0, 2 + Math.floor(random() * 5));
    } else if (r < 0.65) {
      kind = "full-name";
      text = random() < 0.3 && words.length > 1 ? [...words].reverse().join(" ") : c.name;
    } else if (r < 0.75) {
      kind = "word";
      const w = pick(words);
      text = w.slice(0, Math.max(2, Math.ceil(w.length * random())));
    } else if (r < 0.9) {
      kind = "typo";
      const w = words.reduce((a, b) => (b.length > a.length ? b : a));
      text = w.length >= 5 ? typo(w.toLowerCase(), random) : `${w}x`;
    } else {
      kind = "junk";
      text = pick(junk)();
    }
    queries.push({ kind, text });
  }
  return queries;
}

/**
 * Inline queries and coin pickers search the catalog on every keystroke: how long one search takes
 * on a catalog the size of a big instant exchange's, for a realistic mix of queries.
 */
export async function run(): Promise<void> {
  const random = seededRandom(20_240_601);
  const coins = makeCatalog(CATALOG_SIZE, random);

  let t = performance.now();
  let index = new CoinIndex(coins, { popularity: POPULAR });
  const coldBuild = performance.now() - t;
  const builds: number[] = [];
  for (let i = 0; i < BUILDS; i++) {
    t = performance.now();
    index = new CoinIndex(coins, { popularity: POPULAR });
    builds.push(performance.now() - t);
  }

  for (const { text } of makeQueries(coins, WARM_UP, seededRandom(7))) index.search(text, 10);

  const queries = makeQueries(coins, QUERIES, random);
  const all: number[] = [];
  const byKind = new Map<QueryKind, number[]>();
  const empty = new Map<QueryKind, number>();
  for (const { kind, text } of queries) {
    t = performance.now();
    const hits = index.search(text, 10);
    const ms = performance.now() - t;
    all.push(ms);
    const list = byKind.get(kind) ?? [];
    list.push(ms);
    byKind.set(kind, list);
    if (hits.length === 0) empty.set(kind, (empty.get(kind) ?? 0) + 1);
  }

  const f = (n: number) => n.toFixed(3);
  const line = (values: readonly number[]) =>
    `p50 ${f(percentile(values, 50))}  p95 ${f(percentile(values, 95))}  p99 ${f(percentile(values, 99))}  max ${f(Math.max(...values))}`;
  const lines = [
    `catalog search (CoinIndex), limit 10`,
    `  catalog      ${index.size} coins`,
    `  index build  cold ${f(coldBuild)} ms · warm median ${f(percentile(builds, 50))} ms (${BUILDS} builds)`,
    `  queries      ${queries.length} after ${WARM_UP} warm-up`,
    `  all (ms)     ${line(all)}`,
  ];
  for (const [kind, values] of [...byKind].sort()) {
    const none = empty.get(kind) ?? 0;
    lines.push(`  ${kind.padEnd(12)} ${line(values)}  (n=${values.length}, no hit ${none})`);
  }
  console.log(lines.join("\n"));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
