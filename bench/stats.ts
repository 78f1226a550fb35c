/** Nearest-rank percentile of `values` (0..100); null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

/** The median of the runs' figures, ignoring runs that produced none. */
export function median(values: readonly (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1 ? xs[mid]! : (xs[mid - 1]! + xs[mid]!) / 2;
}

export const round = (v: number | null, digits = 1): number | null =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Latency summary in milliseconds. */
export function latencySummary(ms: readonly number[]) {
  return {
    count: ms.length,
    p50: round(percentile(ms, 50), 2),
    p99: round(percentile(ms, 99), 2),
    p999: round(percentile(ms, 99.9), 2),
    max: round(percentile(ms, 100), 2),
  };
}
