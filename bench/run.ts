// `npm run bench [-- --quick] [-- --only=raw,peer,...]`: prepares its own databases on the local
// PostgreSQL, runs every scenario on loopback, and writes BENCHMARKS.md and bench/results/*.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendPeer } from './append-peer';
import { analyticsReads } from './analytics-reads';
import { auditorReads } from './auditor-reads';
import { benchDatabases } from './bench-database';
import { claimRace, FULL_RACE } from './claim-race';
import { claimStormWithCaps } from './claim-storm-caps';
import { funnelPages } from './funnel-pages';
import { leadImport } from './lead-import';
import { roundRobinOffers } from './round-robin-offers';
import { projectionLag } from './projection-lag';
import { describeMachine } from './machine';
import { pgbenchInserts } from './pgbench-inserts';
import { loadAverage } from './process-usage';
import { rebuild } from './rebuild';
import { scaleOut } from './scaleout';
import { poolAsOfReads } from './pool-as-of';
import { renderReport, type BenchReport } from './report';
import type { BenchContext, ScenarioResult } from './scenario';
import { BENCH_SERVER_ENV } from './bench-server';
import { RateLimitedError, startHttpBench, type HttpBench } from './http-floor';
import { sustainedLoad } from './sustained-load';
import { wsFanout } from './ws-fanout';
import { consoleScenario } from './console';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',').filter(Boolean) ?? null;
const unknown = args.filter((a) => a !== '--quick' && !a.startsWith('--only='));
if (unknown.length) {
  console.error(`unknown option(s): ${unknown.join(' ')}\nusage: npm run bench [-- --quick] [--only=raw,peer,race,caps,sustained,lag,ws,rebuild,asof,analytics,offers,audit,scaleout,import,funnels,console]`);
  process.exit(2);
}

const abort = new AbortController();
const databases = benchDatabases();
const started = Date.now();
const log = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const ctx: BenchContext = { mode: quick ? 'quick' : 'full', runs: quick ? 1 : 3, databases, log, shared: {}, signal: abort.signal };

// The whole run is bounded: a stuck scenario cannot keep the machine busy for ever.
// (The console scenario alone takes some 5 minutes quick and 20 full: Lighthouse runs 30 times.)
const withConsole = !only || only.includes('console');
const hardLimitMs = ((quick ? 12 : 40) + (withConsole ? (quick ? 10 : 25) : 0)) * 60_000;
const hardLimit = setTimeout(() => {
  console.error(`bench: stopping after ${hardLimitMs / 60_000} min, the run's hard limit`);
  abort.abort();
}, hardLimitMs);
hardLimit.unref();

let http: Promise<HttpBench> | null = null;
let cleaning: Promise<void> | null = null;
const cleanUp = () => (cleaning ??= (async () => {
  await (await http?.catch(() => null))?.stop().catch((err) => console.error(`bench: stopping the server: ${String(err)}`));
  await databases.dropAll();
})());
// A stray rejection inside a library must not end the run before its clean-up (the databases,
// the server child): it is logged, and the scenario it broke times out or fails on its own.
process.on('unhandledRejection', (err) => log(`unhandled rejection (run continues): ${String((err as Error)?.stack ?? err)}`));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    console.error(`bench: ${sig}, cleaning up`);
    abort.abort();
    void cleanUp().finally(() => process.exit(130));
  });
}

/** The HTTP scenarios share one server (a child process) on a database of its own, and its agents. */
const httpBench = () => (http ??= startHttpBench({ root, databases, log, signal: abort.signal, agentCount: FULL_RACE.agents }));

// Run order: the raw figures first (later ones are quoted against them), then everything that
// needs the HTTP server, which is stopped before the scenarios that run LeadFloor in process.
const scenarios: { id: string; title: string; http?: boolean; run(): Promise<ScenarioResult> }[] = [
  { id: 'raw', title: '1. Raw limit: pgbench single-row inserts', run: () => pgbenchInserts(ctx) },
  { id: 'peer', title: '2. Peer: event-store append, LeadFloor vs Emmett', run: () => appendPeer(ctx) },
  { id: 'race', title: '3. Claim race through HTTP', http: true, run: async () => claimRace(ctx, await httpBench()) },
  { id: 'caps', title: '3b. Claim storm with caps on', http: true, run: async () => claimStormWithCaps(ctx, await httpBench()) },
  { id: 'sustained', title: '4. Sustained command load through HTTP', http: true, run: async () => sustainedLoad(ctx, await httpBench()) },
  { id: 'funnels', title: '15. Funnel pages and form posts', http: true, run: async () => funnelPages(ctx, await httpBench()) },
  { id: 'audit', title: '7. Auditor reads: history and as-of', http: true, run: async () => auditorReads(ctx, await httpBench().catch(() => null)) },
  { id: 'ws', title: '5b. Lag: commit to WebSocket message, 1,000 sockets', http: true, run: async () => wsFanout(ctx, await httpBench()) },
  { id: 'lag', title: '5. Lag: commit to read model', run: () => projectionLag(ctx) },
  { id: 'rebuild', title: '6. Rebuild of every read model', run: () => rebuild(ctx) },
  { id: 'offers', title: '11. Round-robin assignment throughput', run: () => roundRobinOffers(ctx) },
  { id: 'asof', title: '9. Time travel: the pool as of a past instant', run: () => poolAsOfReads(ctx) },
  { id: 'analytics', title: '10. Analytics API over 100,000 leads', run: () => analyticsReads(ctx) },
  { id: 'scaleout', title: '12. Scale-out: 1 vs 3 projector processes, one killed', run: () => scaleOut(ctx, root) },
  { id: 'import', title: '13. Lead import: 100,000 rows through the API', run: () => leadImport(ctx, root) },
  { id: 'console', title: '8. Console: initial JS, Lighthouse, a 100,000-lead pool', run: () => consoleScenario(ctx, root) },
];

async function main() {
  const results: ScenarioResult[] = [];
  for (const s of scenarios) {
    if (only && !only.includes(s.id)) continue;
    if (abort.signal.aborted) break;
    if (!s.http && http) {
      await (await http.catch(() => null))?.stop();
      http = null;
    }
    log(`${s.title}`);
    const t0 = Date.now();
    const before = loadAverage();
    try {
      results.push({ ...(await s.run()), seconds: Math.round((Date.now() - t0) / 1000), load: { before, after: loadAverage() } });
    } catch (err) {
      const blocked = err instanceof RateLimitedError;
      log(`${s.id} ${blocked ? 'blocked' : 'failed'}: ${blocked ? (err as Error).message : (err as Error).stack ?? String(err)}`);
      results.push({
        id: s.id, title: s.title, status: blocked ? 'blocked' : 'failed', command: '-', parameters: {}, figures: [], notes: [],
        reading: blocked
          ? `${(err as Error).message}; the bench starts the server with ${Object.entries(BENCH_SERVER_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}, which the server did not honour.`
          : `The scenario failed: ${String((err as Error).message ?? err).split('\n')[0]}`,
        seconds: Math.round((Date.now() - t0) / 1000), load: { before, after: loadAverage() },
      });
    }
  }
  await cleanUp();
  results.sort((a, b) => a.title.localeCompare(b.title, 'en', { numeric: true }));

  const report: BenchReport = {
    mode: ctx.mode,
    date: new Date().toISOString(),
    durationSeconds: Math.round((Date.now() - started) / 1000),
    command: `npm run bench${quick || only ? ' --' : ''}${quick ? ' --quick' : ''}${only ? ` --only=${only.join(',')}` : ''}`,
    machine: describeMachine(await databases.serverVersion()),
    scenarios: results,
  };
  const dir = join(root, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (only) {
    // A partial run never overwrites the published figures.
    await writeFile(join(dir, 'partial.json'), json);
    log('wrote bench/results/partial.json (partial run: BENCHMARKS.md left as it was)');
  } else {
    await writeFile(join(dir, 'latest.json'), json);
    await writeFile(join(dir, `${ctx.mode}.json`), json);
    await writeFile(join(root, 'BENCHMARKS.md'), renderReport(report));
    log(`wrote BENCHMARKS.md, bench/results/latest.json and bench/results/${ctx.mode}.json`);
  }
  const failed = results.filter((r) => r.status === 'failed').length;
  process.exitCode = failed > 0 ? 1 : 0;
}

main().catch(async (err) => {
  console.error(err);
  await cleanUp().catch(() => {});
  process.exit(1);
});
