import { performance } from 'node:perf_hooks';
import type { HttpBench } from './http-floor';
import { medianFigure, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { latencySummary, round, sleep } from './stats';

/** Concurrent visitors while page latency is timed, and concurrent posts while submissions are. */
const PAGE_CONCURRENCY = 8;
const POST_CONCURRENCY = 32;
/** A form posted sooner than this after it was served is dropped as a bot's (funnel-submit-route.ts). */
const FILL_MS = 2_100;

const page = (heading: string) => ({
  root: { props: { title: heading } },
  content: [
    { type: 'Hero', props: { id: 'hero', heading, subheading: 'A bench page.', align: 'center' } },
    { type: 'Form', props: { id: 'form', heading: 'Join', submitLabel: 'Send', fields: [
      { label: 'Name', type: 'text', required: true, mapsTo: 'name' },
      { label: 'Email', type: 'email', required: true, mapsTo: 'email' },
    ] } },
  ],
});

/** Runs `count` calls of `call`, `concurrency` at a time; the latency of each that answered as expected. */
async function timed(count: number, concurrency: number, call: (i: number) => Promise<boolean>, signal: AbortSignal) {
  const ms: number[] = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count && !signal.aborted) {
      const i = next++;
      const start = performance.now();
      if (await call(i).catch(() => false)) ms.push(performance.now() - start);
      else failed++;
    }
  }));
  return { ...latencySummary(ms), failed, perSecond: round((ms.length / (performance.now() - t0)) * 1000, 0) };
}

/**
 * Public funnel pages on loopback through the embedded server: GET /p/{slug} (the static page
 * with a fresh render token, the visit counted) beside GET /healthz (the HTTP floor of the same
 * server) at the same concurrency, and form posts per second (JSON, each with its own served
 * token, each making a lead through the lead command) beside the same run's pgbench inserts.
 */
export async function funnelPages(ctx: BenchContext, bench: HttpBench): Promise<ScenarioResult> {
  const { client, floor } = bench;
  const cookie = floor.agents[0]!.cookie;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await client.request(method, path, body, cookie);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
  const slug = `bench-${Date.now().toString(36)}`;
  const { funnelId } = await call('POST', '/api/funnels', { name: 'Bench funnel', slug }) as { funnelId: number };
  const { stepId: optIn } = await call('POST', `/api/funnels/${funnelId}/steps`, { name: 'Opt-in', path: 'join' }) as { stepId: number };
  const { stepId: thanks } = await call('POST', `/api/funnels/${funnelId}/steps`, { name: 'Thanks', path: 'thanks' }) as { stepId: number };
  await call('PUT', `/api/funnels/${funnelId}/steps/${optIn}/draft`, { content: page('Join the bench') });
  await call('PUT', `/api/funnels/${funnelId}/steps/${thanks}/draft`, { content: { root: {}, content: [{ type: 'Hero', props: { id: 't', heading: 'Thanks', subheading: '', align: 'center' } }] } });
  await call('POST', `/api/funnels/${funnelId}/publish`);
  const deadline = Date.now() + 60_000;
  while ((await client.request('GET', `/p/${slug}`)).status !== 200) {
    if (Date.now() > deadline || ctx.signal.aborted) throw new Error('the published funnel did not go live within 60 s');
    await sleep(50);
  }
  ctx.log(`funnel /p/${slug} live`);

  const pages = ctx.mode === 'quick' ? 1_000 : 5_000;
  const posts = ctx.mode === 'quick' ? 300 : 1_500;
  const pageRuns: ReturnType<typeof latencySummary>[] = [];
  const healthRuns: ReturnType<typeof latencySummary>[] = [];
  const postRuns: { perSecond: number | null; failed: number }[] = [];
  for (let run = 0; run < ctx.runs && !ctx.signal.aborted; run++) {
    healthRuns.push(await timed(pages, PAGE_CONCURRENCY, async () => (await client.request('GET', '/healthz')).status === 200, ctx.signal));
    pageRuns.push(await timed(pages, PAGE_CONCURRENCY, async () => (await client.request('GET', `/p/${slug}`)).status === 200, ctx.signal));
    // Tokens as visitors get them, then posted once each is old enough to come from a person.
    const tokens: string[] = [];
    while (tokens.length < posts && !ctx.signal.aborted) {
      const html = (await client.request('GET', `/p/${slug}/join`)).body;
      const token = /name="_rt" value="([^"]+)"/.exec(html)?.[1];
      if (!token) throw new Error('a served page carried no render token');
      tokens.push(token);
    }
    await sleep(FILL_MS);
    const out = await timed(tokens.length, POST_CONCURRENCY, async (i) => {
      const res = await client.request('POST', `/f/${slug}/submit`, { _rt: tokens[i], name: `Bench Visitor ${run}-${i}`, email: `bench-${run}-${i}@example.com` });
      return res.status === 202;
    }, ctx.signal);
    postRuns.push({ perSecond: out.perSecond, failed: out.failed });
    ctx.log(`run ${run + 1}: page p99 ${pageRuns.at(-1)!.p99} ms, /healthz p99 ${healthRuns.at(-1)!.p99} ms, ${out.perSecond} posts/s`);
  }
  const { rows } = await floor.pool.query<{ n: number }>(`select count(*)::int as n from funnel_submissions where funnel_id = $1 and state = 'created'`, [funnelId]);
  const raw = ctx.shared.pgbenchTps?.c32 ?? null;
  const postRate = medianFigure('form posts per second (each a lead), 32 at once', postRuns.map((r) => r.perSecond), { unit: '/s' });
  const figures: Figure[] = [
    medianFigure('GET /p/{slug} p50', pageRuns.map((r) => r.p50), { unit: 'ms' }),
    medianFigure('GET /p/{slug} p99', pageRuns.map((r) => r.p99), { unit: 'ms' }),
    medianFigure('raw: GET /healthz p99, same server and concurrency', healthRuns.map((r) => r.p99), { unit: 'ms' }),
    postRate,
    { label: 'raw: pgbench single-row inserts per second, 32 clients (same run)', value: raw, unit: '/s' },
    { label: 'leads made from the posts', value: rows[0]?.n ?? 0 },
  ];
  const ratio = raw && typeof postRate.value === 'number' ? round((postRate.value / raw) * 100, 1) : null;
  return {
    id: 'funnels', title: '15. Funnel pages and form posts', status: 'measured',
    command: 'npm run bench -- --only=raw,funnels',
    parameters: { pages, posts, pageConcurrency: PAGE_CONCURRENCY, postConcurrency: POST_CONCURRENCY, runs: pageRuns.length },
    figures,
    reading: `A published page answers at p99 ${figures[1]!.value} ms beside ${figures[2]!.value} ms for the server's bare health check; `
      + `form posts run at ${postRate.value}/s${ratio === null ? '' : `, ${ratio} % of the same run's raw insert rate`} (each one a submission row and a lead command).`,
    notes: ['The machine was shared with other work while this ran: read the ratios, not the absolute figures.',
      `Failed posts across runs: ${postRuns.reduce((t, r) => t + r.failed, 0)}.`],
  };
}
