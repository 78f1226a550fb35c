import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { median, round } from './stats';

const run = promisify(execFile);
const WRITERS = [1, 32] as const;
const STREAMS_PER_WRITER = 10;
const WARMUP_MS = 500;
const here = dirname(fileURLToPath(import.meta.url));

/** One measurement in a child process (see append-writer.ts for why). */
async function measure(store: string, url: string, writers: number, seconds: number, tag: string, signal: AbortSignal) {
  const tsx = join(here, '..', 'node_modules', '.bin', 'tsx');
  const { stdout } = await run(tsx, [join(here, 'append-writer.ts'), store, String(writers), String(seconds), url, tag, String(STREAMS_PER_WRITER), String(WARMUP_MS)],
    { signal, timeout: (seconds + 120) * 1000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { rate: number; clientCpu: number };
}

const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : round(a / b, 2));

/** Scenario 2: LeadFloor's append against Emmett's, same Postgres, same events, same run. */
export async function appendPeer(ctx: BenchContext): Promise<ScenarioResult> {
  const seconds = ctx.mode === 'quick' ? 4 : 8;
  const url = await ctx.databases.create('append');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const eps: Record<string, (number | null)[]> = {};
  const cpu: Record<string, (number | null)[]> = {};
  try {
    // Emmett creates its schema on first use: before any timing, so truncation finds its tables.
    await measure('emmett', url, 1, 0.1, 'schema', ctx.signal);
    const stores = ['leadfloor', 'emmett'];
    for (let r = 0; r < ctx.runs; r++) {
      for (const writers of WRITERS) {
        // alternate who goes first, so a drift in the machine's load favours neither
        const order = r % 2 === 0 ? stores : [...stores].reverse();
        for (const name of order) {
          if (ctx.signal.aborted) break;
          await admin.query('truncate events, streams, emt_messages, emt_streams');
          await admin.query('vacuum analyze events, streams, emt_messages, emt_streams');
          const { rate, clientCpu } = await measure(name, url, writers, seconds, `r${r}`, ctx.signal);
          (eps[`${name}${writers}`] ??= []).push(round(rate, 0));
          (cpu[`${name}${writers}`] ??= []).push(round(clientCpu * 100, 0));
          ctx.log(`append ${name}, ${writers} writer(s), run ${r + 1}: ${Math.round(rate)} events/s (client CPU ${Math.round(clientCpu * 100)} %)`);
        }
      }
    }
  } finally {
    await admin.end();
    await ctx.databases.drop('append');
  }
  const raw = ctx.shared.pgbenchTps ?? { c1: null, c32: null };
  const figures: Figure[] = [];
  const readings: string[] = [];
  for (const writers of WRITERS) {
    const lf = medianFigure(`LeadFloor append, ${writers} writer(s)`, eps[`leadfloor${writers}`] ?? [], { unit: 'events/s' });
    const em = medianFigure(`Emmett appendToStream, ${writers} writer(s)`, eps[`emmett${writers}`] ?? [], { unit: 'events/s' });
    const perRun = (eps[`leadfloor${writers}`] ?? []).map((v, i) => ratio(v, eps[`emmett${writers}`]?.[i] ?? null));
    const vs = median(perRun);
    const pg1 = writers === 1 ? raw.c1 : raw.c32;
    figures.push(lf, em,
      { label: `LeadFloor / Emmett, ${writers} writer(s)`, value: vs, runs: perRun, unit: '×', target: '≥ 1.5×', verdict: verdict(vs === null ? null : vs >= 1.5) },
      { label: `LeadFloor / pgbench ${writers} client(s)`, value: ratio(lf.value as number | null, pg1), unit: '×', target: 'reference' },
      { label: `Emmett / pgbench ${writers} client(s)`, value: ratio(em.value as number | null, pg1), unit: '×', target: 'reference' },
      { label: `bench process CPU, LeadFloor / Emmett, ${writers} writer(s)`, target: 'context',
        value: `${median(cpu[`leadfloor${writers}`] ?? []) ?? '?'} % / ${median(cpu[`emmett${writers}`] ?? []) ?? '?'} %` });
    readings.push(`${writers} writer(s): ${vs ?? '?'}× Emmett, ${ratio(lf.value as number | null, pg1) ?? '?'}× pgbench`);
  }
  const met = figures.filter((f) => f.target === '≥ 1.5×').every((f) => f.verdict === 'met');
  return {
    id: 'peer', title: '2. Peer: event-store append, LeadFloor vs Emmett', status: 'measured',
    command: `npm run bench -- --only=raw,peer${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { seconds, warmupMs: WARMUP_MS, writers: [...WRITERS], streamsPerWriter: STREAMS_PER_WRITER, eventsPerAppend: 1, emmett: '@event-driven-io/emmett-postgresql 0.42.0', poolSizeEach: 'one connection per writer' },
    figures,
    reading: `${readings.join('; ')}. ${met ? 'The ≥ 1.5× target holds at both concurrencies.' : 'The ≥ 1.5× target is not met at every concurrency.'}`,
    notes: [
      'Each writer appends one event per call to its own 10 streams in turn, with the expected version it holds (no conflicts).',
      'LeadFloor appends in one statement (one round trip); Emmett runs BEGIN, its append function, COMMIT. Tables are truncated before every measurement.',
      'Each measurement runs in a Node process of its own (Emmett\'s driver layer changes process-wide pg type parsers), so each client\'s own cost (SQL building, JSON) counts as it would in a service.',
    ],
  };
}
