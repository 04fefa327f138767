import type { ConversationData } from "@grammyjs/conversations";
import type { Context } from "grammy";
import { markOutdatedFlow } from "../shared/outdated-flow.ts";
import { FLOW_STORAGE_VERSION } from "./flow.ts";

/**
 * What becomes of a flow stored by an older FLOW_STORAGE_VERSION (a chat mid-swap while the bot
 * was upgraded):
 * - `carry`: its steps still match the current ones, so it replays on the current code (after
 *   `migrate`, when the stored state needs reshaping) and the chat goes on where it was;
 * - `restart`: its steps changed; the stored flow is dropped and the chat is told in one sentence
 *   that the bot was updated and to start again with /exchange (never "I did not get that").
 */
type OlderFlow =
  | {
      readonly kind: "carry";
      readonly why: string;
      readonly migrate?: (state: ConversationData) => ConversationData;
    }
  | { readonly kind: "restart"; readonly why: string };

/**
 * THE place to register a bump of FLOW_STORAGE_VERSION (swap-flow/flow.ts): when you bump it from
 * N to N+1, add `N: { kind: …, why: … }` here. One bump per release is enough (what matters is what
 * the previous release stored): if this release already bumped it, check that the previous
 * release's entry still holds instead. test/upgrades/flow-versions.test.ts fails while a version
 * below the current one is missing (docs/upgrades.md).
 */
export const OLDER_FLOW_VERSIONS: Readonly<Record<number, OlderFlow>> = {
  1: { kind: "restart", why: "before v0.3.0: the steps changed since" },
  2: { kind: "restart", why: "before v0.3.0: the steps changed since" },
  3: { kind: "restart", why: "before v0.3.0: the steps changed since" },
  4: { kind: "restart", why: "before v0.3.0: the steps changed since" },
  5: {
    kind: "restart",
    why: "v0.3.0's flow: a coin with several networks now runs on its default network, named and asked for by name (its payout address may be refused on replay); a payout memo step follows the payout address on memo networks; Confirm's outside calls are the core's one confirm use case",
  },
  6: {
    kind: "restart",
    why: "v0.4.0's flow: the amount step takes amounts to receive (`5 eth`) and in dollars (`$100`) with quotes of their own (an input it refused before now asks the exchange), and the address step re-prices them; a refund memo step follows a refund address on send networks that take a memo",
  },
  7: {
    kind: "restart",
    why: "v0.9.0's flow: its quotes name no exchange (a swap is created at the exchange of the quote its summary showed); the amount step and the address step's rate switches now ask every exchange for its offers (a stored quote answer replays as offers wrongly), and the address step takes an offer's button",
  },
};

/** How the conversations' storage reads the versions (plumbing/conversation-storage.ts's StoredVersions). */
export interface FlowVersions<C> {
  version: number;
  carry(from: string | number, state: ConversationData): ConversationData | undefined;
  outdated(ctx: C): void;
}

/** The current flow version, with the older ones carried or restarted as registered above. */
export function flowVersions<C extends Context>(
  older: Readonly<Record<number, OlderFlow>> = OLDER_FLOW_VERSIONS,
): FlowVersions<C> {
  return {
    version: FLOW_STORAGE_VERSION,
    carry(from, state) {
      const entry = typeof from === "number" ? older[from] : undefined;
      if (entry?.kind !== "carry") return undefined;
      return entry.migrate ? entry.migrate(state) : state;
    },
    outdated: markOutdatedFlow,
  };
}
