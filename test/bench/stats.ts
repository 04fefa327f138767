/** Percentile of already measured values (nearest-rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function summary(values: readonly number[], digits = 3): string {
  const f = (n: number) => n.toFixed(digits);
  return `p50 ${f(percentile(values, 50))} · p95 ${f(percentile(values, 95))} · p99 ${f(percentile(values, 99))} · max ${f(Math.max(...values))} (ms, n=${values.length})`;
}

/** A seeded random number generator (mulberry32): deterministic, so that runs compare. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
