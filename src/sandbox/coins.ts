import { COIN_TABLE } from "./coin-table.ts";

/** One coin of the sandbox's catalog, with what quotes and addresses need. */
export interface SandboxCoin {
  /** Lower-case code, as the API shows it. */
  code: string;
  name: string;
  /** Rough USD price, so that rates and limits look like the real ones. */
  usd: number;
  /** Network codes (ERC20, TRC20, BTC, ...); the first is the default. */
  networks: readonly string[];
  /** The `notes` field of GET /currencies. */
  notes: string;
  /**
   * Networks on which deposits go to one address shared by all users, told apart by a memo
   * (destination tag): the sandbox hands out that address with a memo there. Empty: none.
   */
  memoNetworks: readonly string[];
}

/** Coins whose deposits need an extra identifier next to the address, and how it is called. */
function memoNote(extra: string | undefined, networks: readonly string[]): string {
  if (extra === "tag") return "A destination tag may be required for deposits.";
  if (extra !== "memo") return "";
  // BNB's memo belongs to its BEP2 network only; naming it avoids scaring BEP20 users.
  if (networks.includes("BEP2")) return "A memo may be required on BEP2.";
  return "A memo may be required for deposits.";
}

/** Where a memo coin's deposits need the memo: BNB's only on BEP2 (see memoNote). */
function memoNetworksFor(extra: string | undefined, networks: readonly string[]): string[] {
  if (extra !== "memo" && extra !== "tag") return [];
  return networks.includes("BEP2") ? ["BEP2"] : [...networks];
}

function notesFor(networks: readonly string[], extra: string | undefined): string {
  const parts: string[] = [];
  if (networks.length > 1) parts.push(`Networks: ${networks.join(", ")}.`);
  const memo = memoNote(extra, networks);
  if (memo) parts.push(memo);
  return parts.join(" ");
}

/** Reads the coin table (coin-table.ts): code|name|usd|networks|extra a line. */
function parseTable(table: string): SandboxCoin[] {
  const coins: SandboxCoin[] = [];
  for (const line of table.split("\n")) {
    if (!line.trim()) continue;
    const [code, name, usd, networks, extra] = line.split("|");
    if (!code || !name || !usd || !networks) throw new Error(`sandbox catalog: bad line ${line}`);
    const list = networks.split(",");
    coins.push({
      code,
      name,
      usd: Number(usd),
      networks: list,
      notes: notesFor(list, extra),
      memoNetworks: memoNetworksFor(extra, list),
    });
  }
  return coins;
}

/** Plausible extra tokens, only if the real list ever falls short of a realistic catalog size. */
function filler(count: number, taken: Set<string>): SandboxCoin[] {
  const syllables = ["zen", "tra", "lux", "vor", "nex", "ora", "kai", "mir", "vex", "dex"];
  const suffixes = ["Coin", "Token", "Network", "Protocol", "Finance"];
  const out: SandboxCoin[] = [];
  for (let i = 0; out.length < count; i++) {
    const a = syllables[i % syllables.length]!;
    const b = syllables[Math.floor(i / syllables.length) % syllables.length]!;
    const code = `${a}${b.slice(0, 1)}${Math.floor(i / 100) || ""}`;
    if (taken.has(code)) continue;
    taken.add(code);
    const name = `${a[0]!.toUpperCase()}${a.slice(1)}${b} ${suffixes[i % suffixes.length]}`;
    out.push({
      code,
      name,
      usd: 0.01 * (1 + (i % 50)),
      networks: ["ERC20"],
      notes: "",
      memoNetworks: [],
    });
  }
  return out;
}

/** The catalog never has fewer coins than this: clients must page through it. */
const MIN_CATALOG_SIZE = 300;

/** The whole catalog, most-used coins first (the order GET /currencies lists them in). */
export function buildCatalog(): SandboxCoin[] {
  const coins = parseTable(COIN_TABLE);
  const taken = new Set<string>();
  for (const coin of coins) {
    if (taken.has(coin.code)) throw new Error(`sandbox catalog: duplicate code ${coin.code}`);
    taken.add(coin.code);
  }
  return [...coins, ...filler(Math.max(0, MIN_CATALOG_SIZE - coins.length), taken)];
}
