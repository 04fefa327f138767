import type { FakeTelegram } from "../../tools/fake-telegram/fake-telegram.ts";

/**
 * Pushes `count` updates from `users` users and returns updates per second until the last reply
 * arrived. The same users first send as many updates unmeasured (first contact and JIT warm-up
 * are not the steady state), the same for the baseline and the bot.
 */
export async function throughput(tg: FakeTelegram, count: number, text: string, users: number) {
  const people = Array.from({ length: users }, () => tg.user());
  // Counted incrementally: rescanning every recorded call each tick would bill the bot with
  // the fake's bookkeeping, and the bot under test records more calls than the baseline.
  let scanned = 0;
  let sent = 0;
  const replies = () => {
    for (; scanned < tg.calls.length; scanned++)
      if (tg.calls[scanned]?.method === "sendMessage") sent++;
    return sent;
  };
  const round = async (n: number) => {
    const before = replies();
    const started = performance.now();
    for (let i = 0; i < n; i++) people[i % users]!.send(text);
    while (replies() - before < n) await new Promise((r) => setTimeout(r, 5));
    return n / ((performance.now() - started) / 1000);
  };
  await round(Math.max(users, count));
  return round(count);
}
