import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type Database, openDatabase } from "../../src/db/client.ts";
import { createRepositories, type Repositories } from "../../src/db/repositories.ts";
import type { NewSwap } from "../../src/swaps/swap.ts";

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A fresh temp folder, removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "swapbot-db-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A real SQLite file in a temp folder, migrated, closed and removed after the test. */
export function tempDatabase(): Database & { path: string; repos: Repositories } {
  const path = join(tempDir(), "nested", "bot.sqlite");
  const database = openDatabase(path);
  cleanups.push(() => database.close());
  return { ...database, path, repos: createRepositories(database.db) };
}

let nextId = 1;

/** A transaction as just created upstream; fields overridable. */
export function newTransaction(overrides: Partial<NewSwap> = {}): NewSwap {
  const id = `tx${nextId++}`;
  return {
    id,
    chatId: 100,
    userId: 100,
    coinFrom: "btc",
    coinTo: "eth",
    networkFrom: "BTC",
    networkTo: "ETH",
    amountIn: "0.12345678",
    amountOutExpected: "3.1415926535",
    amountOut: null,
    rate: null,
    rateType: "float",
    depositAddress: `bc1-deposit-${id}`,
    withdrawalAddress: "0xwithdrawal",
    refundAddress: null,
    txHashIn: null,
    txHashOut: null,
    status: "wait",
    createdAt: "2026-01-01T00:00:00Z",
    sandbox: true,
    suspect: false,
    ...overrides,
  };
}
