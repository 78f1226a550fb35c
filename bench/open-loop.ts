import { performance } from 'node:perf_hooks';
import { sleep } from './stats';

export type OpenLoopResult = {
  /** Operations started and finished (ok or not) inside the bounds. */
  sent: number;
  ok: number;
  failed: number;
  /** Milliseconds from each operation's scheduled start to its end, successes only. */
  latencies: number[];
  /** Scheduled operations never started: the server fell so far behind that the window closed first. */
  unsent: number;
  /** How far behind schedule the last operation started (ms): large means the target rate was not kept. */
  maxStartDelayMs: number;
  elapsedMs: number;
};

/**
 * Starts operation i at t0 + i / rate whatever happened to the earlier ones (open loop), and
 * measures each latency from that scheduled time, so a stalled server shows up as latency
 * rather than as fewer requests (no coordinated omission). At most `maxInFlight` run at once:
 * beyond that the next starts late, and the wait counts in its latency. Bounded: nothing starts
 * later than 30 s after the window, and stragglers get 30 s more.
 */
export async function openLoop(opts: {
  rate: number; seconds: number; maxInFlight: number; signal: AbortSignal;
  op(i: number): Promise<boolean>;
}): Promise<OpenLoopResult> {
  const { rate, seconds, maxInFlight, signal, op } = opts;
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  const hardEnd = t0 + seconds * 1000 + 30_000;
  const r: OpenLoopResult = { sent: 0, ok: 0, failed: 0, unsent: 0, latencies: [], maxStartDelayMs: 0, elapsedMs: 0 };
  let inFlight = 0;
  let next = 0;
  const running = new Set<Promise<void>>();
  while (next < total && !signal.aborted && performance.now() < hardEnd) {
    const now = performance.now();
    const due = Math.min(total, Math.floor(((now - t0) * rate) / 1000) + 1);
    while (next < due && inFlight < maxInFlight) {
      const i = next++;
      const scheduled = t0 + (i * 1000) / rate;
      r.maxStartDelayMs = Math.max(r.maxStartDelayMs, now - scheduled);
      inFlight++;
      r.sent++;
      const p = op(i).then((ok) => {
        if (ok) {
          r.ok++;
          r.latencies.push(performance.now() - scheduled);
        } else r.failed++;
      }, () => {
        r.failed++;
      }).finally(() => {
        inFlight--;
        running.delete(p);
      });
      running.add(p);
    }
    await sleep(1);
  }
  await Promise.race([Promise.all(running), sleep(30_000)]);
  r.unsent = total - r.sent;
  r.elapsedMs = performance.now() - t0;
  return r;
}
