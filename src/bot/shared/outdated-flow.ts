import type { Context } from "grammy";

/**
 * An update whose chat was mid-flow in an older version of the bot that could not be carried into
 * this one (swap-flow/flow-versions.ts): the storage dropped that flow, and whatever would answer
 * "I did not get that" tells the chat the bot was updated instead.
 */
const OUTDATED = Symbol("outdated flow");

export function markOutdatedFlow(ctx: Context): void {
  (ctx as Context & { [OUTDATED]?: true })[OUTDATED] = true;
}

export function hadOutdatedFlow(ctx: Context): boolean {
  return (ctx as Context & { [OUTDATED]?: true })[OUTDATED] === true;
}
