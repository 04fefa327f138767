import type { FlowContext } from "../context.ts";
import { resolveCoin } from "../shared/coin-input.ts";
import { askAddress } from "./address-step.ts";
import { askAmount } from "./amount-step.ts";
import { pickCoin } from "./coin-step.ts";
import { confirmAndCreate } from "./confirm-step.ts";
import { askPayoutMemo } from "./memo-step.ts";
import { askRefund } from "./refund-step.ts";
import {
  type FlowConversation,
  type FlowDeps,
  FlowSession,
  type Side,
  withDefaultNetwork,
} from "./session.ts";

/**
 * The stored state of a conversation is replayed against the current code: bump this whenever the
 * flow's steps change (what they ask, answer or call outside), and register the version you
 * replace in swap-flow/flow-versions.ts (carried into the new steps, or its chat told to start
 * again), so half-finished flows stored by an older version never replay wrongly nor vanish.
 */
export const FLOW_STORAGE_VERSION = 8;

/**
 * The exchange conversation: send coin → receive coin → amount → quote and payout address →
 * payout memo (memo networks only) → optional refund address (and its memo, memo networks only) → summary → Confirm → deposit address. Every step takes typed text as
 * well as its buttons, and bad input gets a sentence naming the problem plus the same step again.
 * Each step lives in its own module; this function only puts them in order.
 *
 * Side effects run through conversation.external and never throw for expected failures (errors do
 * not survive the replay log as their own classes): they return plain results instead.
 */
export function createExchangeFlow(deps: FlowDeps) {
  return async function exchangeFlow(
    conversation: FlowConversation,
    first: FlowContext,
    preset?: string,
  ): Promise<void> {
    const s = await FlowSession.open(deps, conversation, first);
    let from: Side | undefined;
    if (preset) {
      const resolution = resolveCoin(deps.catalog, preset);
      if (resolution.kind === "found") {
        from = withDefaultNetwork({ coin: resolution.coin, network: resolution.network });
      }
    }
    from ??= await pickCoin(s, "from");
    const to = await pickCoin(s, "to", from);
    const choice = await askAmount(s, from, to);
    const { address, quote, amount, receive } = await askAddress(s, from, to, choice);
    const payoutMemo = await askPayoutMemo(s, to);
    const refund = await askRefund(s, from);
    await confirmAndCreate(s, {
      from,
      to,
      amount,
      ...(receive ? { receive } : {}),
      address,
      payoutMemo,
      refund: refund.address,
      refundMemo: refund.memo,
      quote,
    });
  };
}
