import { performance } from 'node:perf_hooks';
import { commandMix } from './command-mix';
import type { HttpBench } from './http-floor';
import { openLoop } from './open-loop';
import { watchProcess } from './process-usage';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, median, round, sleep } from './stats';

const RATE = 500;
const SATURATION_CLIENTS = 256;

/** How long the lead pool took, after the load stopped, to reflect every stream of the range. */
async function readModelCatchUpMs(bench: HttpBench, leads: { firstId: number; lastId: number }) {
  const t0 = performance.now();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(20)) {
    const { rows } = await bench.floor.pool.query<{ behind: string }>(`
      select count(*) as behind from streams s join lead_pool_v1 l on s.stream_id = 'lead-' || l.id
      where l.id between $1 and $2 and l.version < s.version`, [leads.firstId, leads.lastId]);
    if (Number(rows[0]!.behind) === 0) return round(performance.now() - t0, 0);
  }
  return null;
}

/** A fixed arrival rate; latency from each command's scheduled send time. */
async function fixedRate(ctx: BenchContext, bench: HttpBench, seconds: number, run: number) {
  const leads = await bench.floor.newLeads(Math.ceil((RATE * seconds) / 2) + bench.floor.agents.length);
  const mix = commandMix(bench, leads, 7 + run);
  const usage = watchProcess();
  const r = await openLoop({ rate: RATE, seconds, maxInFlight: 256, signal: ctx.signal, op: mix.op });
  const client = usage();
  const catchUp = await readModelCatchUpMs(bench, leads);
  const lat = latencySummary(r.latencies);
  ctx.log(`sustained ${RATE}/s run ${run + 1}: ${r.ok} ok, ${r.failed} failed, ${r.unsent} never sent in ${round(r.elapsedMs / 1000)} s; p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms; late start ${round(r.maxStartDelayMs, 0)} ms; read model caught up ${catchUp} ms after; bench CPU ${client.cpuPercent} % ${JSON.stringify(mix.statuses())}`);
  return { ...lat, ok: r.ok, errors: r.failed + r.unsent, achieved: r.ok / (r.elapsedMs / 1000), catchUp, statuses: mix.statuses(), client };
}

/** As many commands as `SATURATION_CLIENTS` closed-loop clients get answered: the sustained maximum. */
async function saturation(ctx: BenchContext, bench: HttpBench, seconds: number, run: number) {
  const leads = await bench.floor.newLeads(Math.ceil((3_000 * seconds) / 2) + bench.floor.agents.length);
  const mix = commandMix(bench, leads, 99 + run);
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let i = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(Array.from({ length: SATURATION_CLIENTS }, async () => {
    for (let n = 0; n < 1_000_000 && performance.now() < end && !ctx.signal.aborted; n++) {
      const start = performance.now();
      const good = await mix.op(i++).catch(() => false);
      if (good) {
        ok++;
        latencies.push(performance.now() - start);
      } else failed++;
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  const catchUp = await readModelCatchUpMs(bench, leads);
  const lat = latencySummary(latencies);
  ctx.log(`saturation run ${run + 1}: ${round(ok / elapsed, 0)} commands/s answered 200 (${failed} failed), p99 ${lat.p99} ms; read model caught up ${catchUp} ms after ${JSON.stringify(mix.statuses())}`);
  return { rate: round(ok / elapsed, 0), failed, p99: lat.p99, catchUp };
}

/** Scenario 4: claim/stage/score commands at a fixed rate, then at the most the stack answers. */
export async function sustainedLoad(ctx: BenchContext, bench: HttpBench): Promise<ScenarioResult> {
  const seconds = ctx.mode === 'quick' ? 15 : 60;
  const satSeconds = ctx.mode === 'quick' ? 8 : 20;
  const fixed: Awaited<ReturnType<typeof fixedRate>>[] = [];
  const sat: Awaited<ReturnType<typeof saturation>>[] = [];
  for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) fixed.push(await fixedRate(ctx, bench, seconds, r));
  for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) sat.push(await saturation(ctx, bench, satSeconds, r));
  const s = <T>(xs: T[], f: (x: T) => number | null) => xs.map(f);
  const pg32 = ctx.shared.pgbenchTps?.c32 ?? null;
  const errors = fixed.reduce((a, x) => a + x.errors, 0);
  const p50 = medianFigure(`latency p50 at ${RATE}/s`, s(fixed, (x) => x.p50), { unit: 'ms', target: '≤ 5 ms' });
  const p99 = medianFigure(`latency p99 at ${RATE}/s`, s(fixed, (x) => x.p99), { unit: 'ms', target: '≤ 20 ms' });
  p50.verdict = verdict(typeof p50.value === 'number' ? p50.value <= 5 : null);
  p99.verdict = verdict(typeof p99.value === 'number' ? p99.value <= 20 : null);
  const max = medianFigure(`sustained maximum, ${SATURATION_CLIENTS} clients in a closed loop`, s(sat, (x) => x.rate), { unit: 'commands/s' });
  const share = pg32 && typeof max.value === 'number' ? round((max.value / pg32) * 100, 1) : null;
  const figures: Figure[] = [
    medianFigure(`commands answered per second (target rate ${RATE}/s)`, s(fixed, (x) => round(x.achieved, 0)), { unit: '/s' }),
    p50, p99,
    medianFigure(`latency p99.9 at ${RATE}/s`, s(fixed, (x) => x.p999), { unit: 'ms' }),
    medianFigure(`latency max at ${RATE}/s`, s(fixed, (x) => x.max), { unit: 'ms' }),
    { label: `errors (non-200 answers) at ${RATE}/s, all runs`, value: errors, target: '0', verdict: verdict(errors === 0) },
    medianFigure(`read model caught up after the ${RATE}/s load stopped`, s(fixed, (x) => x.catchUp), { unit: 'ms', target: 'context' }),
    max,
    { label: 'sustained maximum / pgbench 32 clients', value: share, unit: '%', target: '≥ 25 %', verdict: verdict(share === null ? null : share >= 25) },
    medianFigure('latency p99 at the maximum', s(sat, (x) => x.p99), { unit: 'ms', target: 'context' }),
    medianFigure('read model caught up after the maximum load stopped', s(sat, (x) => x.catchUp), { unit: 'ms', target: 'context' }),
    { label: 'bench process CPU at 500/s', value: median(fixed.map((x) => x.client.cpuPercent)), unit: '%', target: 'context' },
  ];
  return {
    id: 'sustained', title: '4. Sustained command load through HTTP', status: 'measured',
    command: `npm run bench -- --only=raw,sustained${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { rate: RATE, seconds, saturationClients: SATURATION_CLIENTS, saturationSeconds: satSeconds, mix: 'claim fresh lead / PATCH stage / PATCH score, one in three each', agents: bench.floor.agents.length, statusesLastRun: fixed[fixed.length - 1]?.statuses ?? {} },
    figures,
    reading: `At ${RATE} commands/s the p99 is ${p99.value ?? '?'} ms (target ≤ 20) and p50 ${p50.value ?? '?'} ms (≤ 5), ${errors} errors; the most the stack answered was ${max.value ?? '?'} commands/s, ${share ?? '?'} % of pgbench's 32-client insert rate (target ≥ 25 %).`,
    notes: [
      `QUALITY.md asks for 5 minutes at ${RATE}/s; each run here lasts ${seconds} s so that three fit in the bench's time. Latency is measured from each command's scheduled send time (open loop), so a stall counts in full.`,
      'The sustained maximum is a closed loop: each client sends its next command when the previous one is answered.',
    ],
  };
}
