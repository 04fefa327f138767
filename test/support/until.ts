/**
 * Polls `check` every 25 ms until it holds: for what a test cannot be told about (a child
 * process got somewhere, a push reached the fake Telegram). Fails naming `what` after
 * `timeoutMs`, which only a failing test waits for.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = "the condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
