import type { OpenSwap } from "../swaps/swap.ts";
import type { PassContext, PassStats } from "./pass-parts.ts";

const NOT_FOUND_FIRST_MS = 30_000;
const NOT_FOUND_MAX_MS = 60 * 60_000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/**
 * Backs a swap the exchange answered 404 for off (not read by id for as long as the exchange has
 * not known it, so the intervals double), or gives it up after a day of them: its chat is told.
 */
export async function backOffOrGiveUp(
  pass: PassContext,
  swap: OpenSwap,
  stats: PassStats,
): Promise<void> {
  const { store, logger } = pass.options;
  const now = pass.clock.now();
  const since = swap.notFoundSince ?? now;
  if (now - since >= (pass.options.giveUpAfterMs ?? GIVE_UP_AFTER_MS)) {
    stats.givenUp++;
    logger.warn(
      { transaction: swap.id, notFoundSince: new Date(since).toISOString() },
      "tracker: the exchange has not known this swap for a day: given up, its chat is told",
    );
    if (await store.giveUp(swap.id, now)) pass.options.onChange?.();
    return;
  }
  const { firstMs = NOT_FOUND_FIRST_MS, maxMs = NOT_FOUND_MAX_MS } =
    pass.options.notFoundBackoff ?? {};
  const waitMs = Math.min(maxMs, Math.max(firstMs, now - since));
  logger.info(
    { transaction: swap.id, nextReadInMs: waitMs, notFoundSince: new Date(since).toISOString() },
    "tracker: the exchange does not know this swap (404): read again later",
  );
  await store.recordNotFound(swap.id, now, now + waitMs);
}
