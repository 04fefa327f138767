import { PATIENCE } from "../../tools/fake-telegram/fake-telegram.ts";

/**
 * Polls `check` every 25 ms until it holds: for what a test cannot be told about (a child
 * process got somewhere, a push reached the fake Telegram). Fails naming `what` after
 * `timeoutMs` (times TEST_PATIENCE, as the fake Telegram's waits), which only a failing test waits
 * for.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = "the condition",
): Promise<void> {
  const bound = timeoutMs * PATIENCE;
  const deadline = Date.now() + bound;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${bound} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
