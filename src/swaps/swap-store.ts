import type { Awaitable } from "../lib/awaitable.ts";
import type { ClaimResult, IntentInput, SwapRecord } from "./intent.ts";
import type { Swap } from "./swap.ts";

/** The swap service's storage. */
export interface SwapStore {
  claim(input: IntentInput): Awaitable<ClaimResult>;
  /** Records the swap and closes its intent as created, atomically (inserted: its row is new). */
  recordCreated(intentKey: string, swap: SwapRecord): Awaitable<{ inserted: boolean }>;
  markFailed(key: string, error: string): Awaitable<void>;
  markUnknown(key: string): Awaitable<void>;
  getForChat(chatId: number, id: string): Awaitable<Swap | undefined>;
}
