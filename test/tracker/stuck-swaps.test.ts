import { describe, expect, it } from "vitest";
import { stuckSwaps } from "../../src/tracker/stuck-swaps.ts";

const NOW = Date.UTC(2025, 4, 1, 12);
const HOUR = 3_600_000;
const swap = (id: string, status: string, sinceMs: number) => ({
  id,
  chatId: 1,
  status,
  createdAt: new Date(NOW - 5 * HOUR).toISOString(),
  lastCheckedAt: NOW,
  notFoundSince: null,
  nextLookupAt: null,
  statusChangedAt: NOW - sinceMs,
});

describe("stuck swaps", () => {
  it("are those confirming or exchanging longer than their state's threshold, nothing else", () => {
    const open = [
      swap("confirming-long", "confirmation", 2 * HOUR + 1),
      swap("confirming", "confirmation", 2 * HOUR - 1),
      swap("exchanging-long", "exchanging", HOUR + 1),
      swap("exchanging", "exchanging", 30 * 60_000),
      swap("waiting", "wait", 10 * HOUR),
      swap("unknown", "sending", 10 * HOUR),
    ];
    const ids = stuckSwaps(open, NOW, { confirmation: 2 * HOUR, exchanging: HOUR }).map(
      (s) => s.id,
    );
    expect(ids).toEqual(["confirming-long", "exchanging-long"]);
  });
});
