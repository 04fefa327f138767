import type { Awaitable } from "../lib/awaitable.ts";
import type { ProgressStore } from "./progress-store.ts";
import type { Swap } from "./swap.ts";

/** What a swap listed to its user needs (the Mini App's list): 22 of the row's columns. */
export const LISTED = {
  id: true,
  coinFrom: true,
  coinTo: true,
  networkFrom: true,
  networkTo: true,
  amountIn: true,
  amountOutExpected: true,
  amountOut: true,
  rateType: true,
  depositAddress: true,
  depositMemo: true,
  withdrawalAddress: true,
  payoutMemo: true,
  refundAddress: true,
  txHashIn: true,
  txHashOut: true,
  txLinkIn: true,
  txLinkOut: true,
  status: true,
  createdAt: true,
  exchange: true,
  suspect: true,
} as const satisfies Partial<Record<keyof Swap, true>>;
/** A swap as its user's list shows it (the LISTED columns). */
export type SwapListItem = Pick<Swap, keyof typeof LISTED>;

/** The reader of a chat's own swaps; it stores what a detail read says (ProgressStore). */
export interface SwapQueries extends ProgressStore {
  getForChat(chatId: number, id: string): Awaitable<Swap | undefined>;
  latestForChat(chatId: number): Awaitable<Swap | undefined>;
  pageForChat(
    chatId: number,
    page: { limit: number; offset: number },
  ): Awaitable<{ items: Swap[]; total: number }>;
  /** pageForChat with only what a list shows (LISTED): the Mini App polls it. */
  listedForChat(
    chatId: number,
    page: { limit: number; offset: number },
  ): Awaitable<{ items: SwapListItem[]; total: number }>;
  /**
   * A number that moves whenever the chat's listed swaps change (one stored, removed, or changed
   * in a LISTED column), by whoever: a list made at a version is current while it holds. None
   * while no change was seen (swaps older than the version's table) or after /forget removed it;
   * one made again starts above every value before.
   */
  listVersion(chatId: number): Awaitable<number | undefined>;
}
