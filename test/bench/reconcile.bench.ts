import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { openSqliteDatabase } from "../../src/db/client.ts";
import { createPorts, createRepositories } from "../../src/db/repositories.ts";
import { ExchangeClient } from "../../src/exchange/client.ts";
import { createChatSettings } from "../../src/frontends/chat-settings.ts";
import type { DecimalString } from "../../src/lib/decimal.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/index.ts";
import { SANDBOX_EXCHANGE } from "../../src/swaps/swap.ts";
import { SwapService } from "../../src/swaps/swap-service.ts";
import { Reconciler } from "../../src/tracker/reconciler.ts";
import { oneExchange } from "../support/one-exchange.ts";

/**
 * `npm run bench reconcile`: the exchange reads one lost create answer costs, with 0, 300 and
 * 3,000 other transactions created on the key after the POST: landing while its answer is held
 * (inside the window the reconciler must read) or after the window (a restart long after the
 * POST). Both outcomes: the swap was created (found and adopted), or nothing was (the chat is
 * told so once the closed window was read to its end).
 *
 * The timings are the production ones scaled down 100 times (RECONCILE_GIVE_UP_MS 300 s → 3 s,
 * the 5 s pass → 50 ms), so the early reads while the window is open come as often as they would.
 */

const MARGIN_MS = 3_000;
const INTERVAL_MS = 50;
const POST_TIMEOUT_MS = 300;
const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";

type Placement = "in the window" | "after the window";
type Outcome = "found" | "nothing created";

interface Figures {
  pages: number;
  details: number;
  ms: number;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-bench-"));
  const sandbox = await startSandbox({ schedule: false, limits: false });
  const database = openSqliteDatabase(join(dir, "bot.sqlite"));
  const repos = createRepositories(database.seam);
  const stores = createPorts(repos, createChatSettings(repos.chats));
  const logger = pino({ level: "silent" });
  console.log(
    "reads one lost create answer costs (list pages + detail reads); sandbox page cap 100;\n" +
      "the 3,000 later transactions share the order's coin pair (other amounts and addresses)",
  );
  console.log("later txs | land             | outcome          | pages | details | total");
  let n = 0;
  try {
    for (const later of [0, 300, 3_000]) {
      for (const placement of ["in the window", "after the window"] as Placement[]) {
        if (later === 0 && placement === "after the window") continue;
        for (const outcome of ["found", "nothing created"] as Outcome[]) {
          sandbox.control.clearTransactions();
          const f = await lostAnswer({
            sandbox,
            stores,
            repos,
            logger,
            later,
            placement,
            outcome,
            n: n++,
          });
          const where = later === 0 ? "-" : placement;
          console.log(
            `${String(later).padStart(9)} | ${where.padEnd(16)} | ${outcome.padEnd(16)} | ${String(f.pages).padStart(5)} | ${String(f.details).padStart(7)} | ${String(f.pages + f.details).padStart(5)}`,
          );
        }
      }
    }
  } finally {
    await sandbox.close();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lostAnswer(o: {
  sandbox: Sandbox;
  stores: ReturnType<typeof createPorts>;
  repos: ReturnType<typeof createRepositories>;
  logger: pino.Logger;
  later: number;
  placement: Placement;
  outcome: Outcome;
  n: number;
}): Promise<Figures> {
  const { control } = o.sandbox;
  const exchange = new ExchangeClient({
    baseUrl: o.sandbox.url,
    apiKey: o.sandbox.apiKey,
    limits: { publicPerMin: 100_000, createPerMin: 100_000, readPerMin: 100_000 },
    timeoutMs: POST_TIMEOUT_MS,
  });
  const inWindow = o.placement === "in the window" ? o.later : 0;
  if (o.outcome === "found") {
    control.createThenHang(5_000, { destroy: true, othersAfter: inWindow });
  } else {
    control.failNext("create", { status: 500 });
  }
  const key = `bench-${o.n}`;
  const service = new SwapService({
    exchanges: oneExchange(exchange),
    store: o.stores.swapStore,
    logger: o.logger,
  });
  const result = await service.create({
    key,
    exchange: SANDBOX_EXCHANGE,
    chatId: 1,
    userId: 1,
    request: {
      coinFrom: "btc",
      coinTo: "eth",
      amount: "0.5" as DecimalString,
      withdrawalAddress: ETH_ADDRESS,
    },
  });
  if (result.kind !== "pending") throw new Error(`expected a lost answer, got ${result.kind}`);
  if (o.outcome === "nothing created" && inWindow > 0) {
    control.seed(inWindow, { createdAt: Date.now() + inWindow, spreadOverMs: inWindow - 1 });
  }
  if (o.placement === "after the window" && o.later > 0) {
    // A restart long after the POST: the window closed, then the key kept being used.
    await sleep(MARGIN_MS + POST_TIMEOUT_MS + 100);
    control.seed(o.later, { createdAt: Date.now() + o.later, spreadOverMs: o.later - 1 });
  }
  control.resetStats();
  const reconciler = new Reconciler({
    exchange,
    store: o.stores.reconcileStore,
    logger: o.logger,
    exchangeId: SANDBOX_EXCHANGE,
    intervalMs: INTERVAL_MS,
    pendingAfterMs: 60_000,
    postWithinMs: POST_TIMEOUT_MS,
    windowMarginMs: MARGIN_MS,
  });
  const started = performance.now();
  reconciler.start();
  const expected = o.outcome === "found" ? "created" : "failed";
  while ((await o.repos.intents.get(key))?.state !== expected) await sleep(10);
  await reconciler.stop();
  const stats = control.stats;
  return {
    pages: stats.byEndpoint.list ?? 0,
    details: stats.byEndpoint.get ?? 0,
    ms: performance.now() - started,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
