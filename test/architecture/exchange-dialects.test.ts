import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EXCHANGE_DIALECTS } from "../../src/exchange/dialect.ts";
import { DIALECTS } from "../../src/sandbox/index.ts";

/**
 * Which end-to-end files run over both exchange dialects (docs/design.md §10). Every test file runs
 * over the spec's; an end-to-end file (test/e2e/, and the chat's flow test/bot/swap-flow.test.ts)
 * runs again over Exolix's when test/e2e/over-exolix/ holds a file of its name that imports
 * test/support/over-exolix.ts and then it: a flow whose chat behaviour depends on what the dialect
 * can say (reverse quotes, networks, deposit memos as its wire spells them, hashes and links on its
 * list, reconciliation over its list, the Mini App's swaps, the chat's whole flow). Every other
 * file runs once, named here with its reason: what the exchange's dialect cannot change, or what
 * it changes only through the port's answers, which test/exchange/dialect-contract.test.ts proves
 * for every adapter in-process (its case named).
 */
const ONCE: Record<string, string> = {
  "start-and-stop": "starting and stopping the process: the exchange only stands by",
  try: "`npm run try` runs its own embedded sandbox, whatever the tests' dialect",
  "sqlite-faults": "SQLite refusing writes: the exchange only stands by",
  "sqlite-disk-full": "a full disk under SQLite: the exchange only stands by",
  outages: "PostgreSQL going away: the exchange only stands by",
  "telegram-outage": "Telegram going away: the exchange only stands by",
  "telegram-retry": "the Bot API's retries",
  "telegram-unreachable": "Telegram unreachable at start-up",
  instances: "leadership, fencing and takeover between processes on one PostgreSQL",
  "fair-shares": "each chat's share of the bot's own request budgets",
  concurrency: "chats handled side by side, and a second poller on the token",
  failover: "failover between three exchanges side by side, one per dialect: the file sets them",
  "flow-lifecycle": "the conversation's retries, idle end, bad answers and Bot API failures",
  "copy-buttons": "the copy buttons of the bot's messages",
  postgres: "the store on PostgreSQL",
  "grafana-dashboard": "the dashboard's queries against the metrics the bot exports",
  "exchange-down-ops":
    "the operator's view of three exchanges side by side, one per dialect: the file sets them",
  "webapp-page": "the Mini App's page and its API's guards: themes, sign-in, caching, limits",
  "webapp-offers": "the Mini App over three exchanges side by side, one per dialect: it names them",
  languages: "the Mini App's languages and writing direction",
  "changenow-swap": "a swap over ChangeNOW's dialect: the file sets its dialect itself",
  "verification-hold":
    "a hold for verification, which ChangeNOW's dialect shows (`verifying`): the file sets it",
  "letsexchange-swap": "a swap over LetsExchange's dialect, which it names itself",
  offers: "three exchanges side by side, one per dialect: the file names them itself",
  "swap-exchange-shown":
    "three exchanges side by side, one per dialect (THREE_EXCHANGES): the file names them itself",
  "several-exchanges":
    "three exchanges side by side (Exolix's, ChangeNOW's and LetsExchange's dialects): the file names them",
  // Run over a set of exchanges instead (docs/design.md §10): the files over three exchanges side by
  // side reach Exolix's, ChangeNOW's and LetsExchange's dialects end to end.
  "status-pushes":
    "pushes as each dialect's answers tell them: several-exchanges pushes swaps at Exolix's, ChangeNOW's and LetsExchange's; hashes and links on Exolix's list: explorer-links",
  reconcile:
    "a lost create found over the list: failover finds a 502 at Exolix's through its reconciler; the contract's `list windows` for every dialect",
  "swap-flow":
    "the chat's whole flow: offers runs it to a deposit at Exolix's and ChangeNOW's dialects, by buttons and by typing on; networks, memos and reverse quotes over Exolix's keep their own files",
  webapp:
    "the Mini App's swaps: webapp-offers creates over Exolix's, ChangeNOW's and LetsExchange's dialects from the API and the page",
  // What the dialect changes only through the port's answers: the contract suite's cases.
  "amount-limits": "the pair's limits: the contract's `limits` and `quote`",
  crash: "a crash's replay and reconciliation: the contract's `create`; `reconcile` runs over both",
  "exchange-resilience":
    "the conversation's survival; a stalled read: the contract's `a read whose body stalls`",
  "finished-swaps":
    "rendering stored swaps: the contract's `every status mapped` and `a finished swap's detail`",
  "fixed-quote": "a fixed quote fetched again: the contract's `fixed quote` and `fixed create`",
  "honest-numbers":
    "rates quoted and paid: the contract's `quote` and `a finished swap's detail` (what arrived)",
  "money-promise":
    "verifying a create answer is the core's (the fast tier); a create never retried: the contract's `5xx once`",
  "payout-memo": "the payout memo sent and echoed: the contract's `create with memos` and `detail`",
  "refund-memo": "the refund memo sent and echoed: the contract's `create with memos`",
  process: "the compiled process; the dialect's wiring: test/app/exchange-dialect.test.ts",
  "quote-rationing": "the bot's quote budgets and sharing; a 429: the contract's `429`",
  "quote-shares": "each user's share of quotes; the pair's limits: the contract's `limits`",
  secrets: "redaction by value, whatever the header: the contract's `the API key is in no error`",
  "stuck-swaps": "thresholds on a stored status: the contract's `every status mapped`",
  "tracker-fairness":
    "the tracker's turns; an id the exchange forgot: the contract's `error shapes` (not found)",
  "tracker-reads": "the tracker's read count over windows: the contract's `list windows`",
};

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const E2E = join(ROOT, "test", "e2e");
const OVER_EXOLIX = join(E2E, "over-exolix");

/** The end-to-end files by name, with their path from test/e2e/over-exolix/. */
function endToEndFiles(): Map<string, string> {
  const files = new Map<string, string>([["swap-flow", "../../bot/swap-flow.test.ts"]]);
  for (const entry of readdirSync(E2E, { withFileTypes: true })) {
    const name = /^(.*)\.test\.ts$/.exec(entry.name)?.[1];
    if (entry.isFile() && name) files.set(name, `../${entry.name}`);
  }
  return files;
}

/** What is wrong with which files run over both dialects, one line a file. */
function coverageFaults(
  files: ReadonlyMap<string, string>,
  overExolix: readonly string[],
  once: Readonly<Record<string, string>>,
): string[] {
  const faults: string[] = [];
  const wrapped = new Set(overExolix);
  for (const name of files.keys()) {
    if (wrapped.has(name) && once[name])
      faults.push(`${name}: runs over exolix, and is named once`);
    if (!wrapped.has(name) && !once[name]) {
      faults.push(`${name}: runs over the spec's dialect only, and is not named once`);
    }
  }
  for (const name of [...wrapped, ...Object.keys(once)]) {
    if (!files.has(name)) faults.push(`${name}: no such end-to-end file`);
  }
  return faults;
}

const wrapperText = (target: string) =>
  `import "../../support/over-exolix.ts";\nimport "${target}";\n`;

describe("the end-to-end files over both exchange dialects", () => {
  const files = endToEndFiles();
  const overExolix = readdirSync(OVER_EXOLIX).map((f) => f.replace(/\.test\.ts$/, ""));

  it("run over Exolix's dialect too, or are named here with why they run once", () => {
    expect(overExolix.length).toBeGreaterThanOrEqual(4);
    expect(coverageFaults(files, overExolix, ONCE)).toEqual([]);
  });

  it("each over-exolix file imports over-exolix.ts, then the end-to-end file of its name, and nothing else", () => {
    for (const name of overExolix) {
      const text = readFileSync(join(OVER_EXOLIX, `${name}.test.ts`), "utf8");
      expect(text, name).toBe(wrapperText(files.get(name) ?? `../${name}.test.ts`));
    }
  });

  it("is really checked: a file run once unnamed, one named twice and a stray name are listed", () => {
    const planted = new Map([
      ["a", "../a.test.ts"],
      ["b", "../b.test.ts"],
      ["c", "../c.test.ts"],
    ]);
    expect(coverageFaults(planted, ["a", "c", "gone"], { c: "why", old: "why" })).toEqual([
      "b: runs over the spec's dialect only, and is not named once",
      "c: runs over exolix, and is named once",
      "gone: no such end-to-end file",
      "old: no such end-to-end file",
    ]);
  });
});

describe("the list of exchange dialects", () => {
  it("is one list: the sandbox, which may import nothing of the bot, speaks exactly the bot's dialects", () => {
    expect([...DIALECTS]).toEqual([...EXCHANGE_DIALECTS]);
  });
});
