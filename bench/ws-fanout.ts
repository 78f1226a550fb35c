import { WebSocket } from 'ws';
import type { SocketMessage } from '@leadfloor/contracts';
import type { HttpBench } from './http-floor';
import { openLoop } from './open-loop';
import { watchProcess, watchProcessGroup } from './process-usage';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { percentile, round, sleep } from './stats';

const SOCKETS = 1_000;
/** Claims per second: each one is a LeadClaimed event, so a lead_changed broadcast to every socket. */
const RATE = 20;
const TARGET_MS = 150;

type Socket = { ws: WebSocket; index: number; userId: number; closed: { code: number; reason: string } | null };

/**
 * What the sockets received during one run: for every lead the run claimed, when each socket got
 * the lead_changed broadcast naming the claim (version 2), and when the lead's creator got the
 * lead_claimed notification.
 */
class Receipts {
  readonly changed = new Map<number, number[]>();
  readonly notified = new Map<number, number[]>();
  perSocket: Int32Array;
  other = 0;
  constructor(sockets: number, readonly leads: { firstId: number; lastId: number }) {
    this.perSocket = new Int32Array(sockets);
  }
  record(s: Socket, raw: string, at: number) {
    const m = JSON.parse(raw) as SocketMessage;
    if (m.type === 'broadcast' && m.event === 'lead_changed') {
      for (const { leadId, version } of (m.data as { leads: { leadId: number; version: number }[] }).leads) {
        if (version !== 2 || leadId < this.leads.firstId || leadId > this.leads.lastId) continue;
        let times = this.changed.get(leadId);
        if (!times) this.changed.set(leadId, (times = []));
        times.push(at);
        this.perSocket[s.index]!++;
      }
    } else if (m.type === 'notification' && m.event === 'lead_claimed') {
      const leadId = m.data.leadId as number;
      let times = this.notified.get(leadId);
      if (!times) this.notified.set(leadId, (times = []));
      times.push(at);
    } else this.other++;
  }
}

/** Opens `count` authenticated sockets, spread evenly over the floor's agents, a few upgrades at a time. */
async function openSockets(bench: HttpBench, count: number, onMessage: (s: Socket, raw: string, at: number) => void, signal: AbortSignal) {
  const wsUrl = `${bench.server.url.replace(/^http/, 'ws')}/ws`;
  const sockets: Socket[] = [];
  const upgradeMs: number[] = [];
  let next = 0;
  const open = async () => {
    while (next < count && !signal.aborted) {
      const index = next++;
      const agent = bench.floor.agents[index % bench.floor.agents.length]!;
      const t0 = Date.now();
      const ws = new WebSocket(wsUrl, { headers: { cookie: agent.cookie }, perMessageDeflate: false });
      const s: Socket = { ws, index, userId: agent.id, closed: null };
      ws.on('message', (data) => onMessage(s, String(data), Date.now()));
      ws.on('close', (code, reason) => { s.closed = { code, reason: String(reason) }; });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('unexpected-response', (_req, res) => reject(new Error(`socket ${index + 1} of ${count}: the upgrade was answered HTTP ${res.statusCode}`)));
        ws.once('error', reject);
      });
      upgradeMs.push(Date.now() - t0);
      sockets[index] = s;
    }
  };
  await Promise.all(Array.from({ length: 20 }, open));
  return { sockets, upgradeMs };
}

async function closeSockets(sockets: Socket[]) {
  const closing = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING);
  for (const s of closing) s.ws.close(1000, 'Bench done');
  for (const deadline = Date.now() + 5_000; Date.now() < deadline && closing.some((s) => s.closed === null); ) await sleep(50);
  for (const s of closing) if (s.closed === null) s.ws.terminate();
}

/**
 * The server's event-loop delay since the previous call (p99 and max, ms), from its /metrics:
 * the fan-out runs on the loop that also applies projections and answers HTTP.
 */
async function serverLoopDelay(bench: HttpBench): Promise<{ p99: number | null; max: number | null }> {
  const text = await fetch(`${bench.server.url}/metrics`, { headers: { authorization: `Bearer ${bench.server.metricsToken}` } })
    .then((r) => (r.ok ? r.text() : ''), () => '');
  const seconds = (name: string) => {
    const v = Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    return Number.isFinite(v) ? round(v * 1000, 1) : null;
  };
  return { p99: seconds('nodejs_eventloop_lag_p99_seconds'), max: seconds('nodejs_eventloop_lag_max_seconds') };
}

/** When the log stored each claim (occurredAt), and who created each lead (the notification's recipient). */
async function claimsInLog(bench: HttpBench, leads: { firstId: number; lastId: number }) {
  const { rows } = await bench.floor.pool.query<{ lead: number; claimed_at: Date; claimed_by: number; created_by: number | null }>(`
    select c.lead, c.occurred_at as claimed_at, c.claimed_by, (l.data->>'createdBy')::int as created_by
    from (select (data->>'leadId')::int as lead, occurred_at, (data->>'userId')::int as claimed_by, stream_id
          from events where stream_id = any($1) and stream_version = 2 and type = 'LeadClaimed') c
    join events l on l.stream_id = c.stream_id and l.stream_version = 1`,
  [Array.from({ length: leads.lastId - leads.firstId + 1 }, (_, i) => `lead-${leads.firstId + i}`)]);
  return new Map(rows.map((r) => [r.lead, { at: r.claimed_at.getTime(), by: r.claimed_by, creator: r.created_by }]));
}

/** One run: claims at RATE for `seconds`, every socket listening; lag per (socket, message). */
async function measure(ctx: BenchContext, bench: HttpBench, sockets: Socket[], setSink: (r: Receipts) => void, seconds: number, run: number) {
  const { client, floor } = bench;
  const leads = await floor.newLeads(Math.ceil(RATE * seconds) + 10);
  const receipts = new Receipts(sockets.length, leads);
  setSink(receipts);
  const answeredAt = new Map<number, number>();
  const usage = watchProcess();
  const server = watchProcessGroup(bench.server.pid);
  await serverLoopDelay(bench); // starts the server's delay histogram afresh
  const load = await openLoop({
    rate: RATE, seconds, maxInFlight: 64, signal: ctx.signal,
    op: async (i) => {
      const leadId = leads.firstId + i;
      const agent = floor.agents[i % floor.agents.length]!;
      const r = await client.request('POST', `/api/leads/${leadId}/claim`, {}, agent.cookie);
      if (r.status !== 200) return false;
      answeredAt.set(leadId, Date.now());
      return true;
    },
  });
  const log = await claimsInLog(bench, leads);
  // Every socket still open should hear of every claim, and each creator's sockets of each claim
  // of their lead by someone else; stragglers get 30 s.
  const open = () => sockets.filter((s) => s.closed === null).length;
  const expected = () => answeredAt.size * open();
  const got = () => [...answeredAt.keys()].reduce((a, id) => a + (receipts.changed.get(id)?.length ?? 0), 0);
  const socketsOf = new Map<number, number>();
  for (const s of sockets) if (s.closed === null) socketsOf.set(s.userId, (socketsOf.get(s.userId) ?? 0) + 1);
  let notifyExpected = 0;
  for (const [leadId, claim] of log) {
    if (answeredAt.has(leadId) && claim.creator !== null && claim.creator !== claim.by) notifyExpected += socketsOf.get(claim.creator) ?? 0;
  }
  const notified = () => [...answeredAt.keys()].reduce((a, id) => a + (receipts.notified.get(id)?.length ?? 0), 0);
  for (const deadline = Date.now() + 30_000; (got() < expected() || notified() < notifyExpected) && Date.now() < deadline && !ctx.signal.aborted;) await sleep(50);
  const clientUsage = usage();
  const serverCpu = server();
  const serverLoop = await serverLoopDelay(bench);

  const lags: number[] = [];
  const fromAnswer: number[] = [];
  // Where the time goes: to the first socket (log → projection → publish), then across the sockets.
  const first: number[] = [];
  const spread: number[] = [];
  for (const [leadId, times] of receipts.changed) {
    const claim = log.get(leadId);
    const answered = answeredAt.get(leadId);
    if (!claim) continue;
    let lo = Infinity;
    let hi = -Infinity;
    for (const t of times) {
      lags.push(t - claim.at);
      if (answered !== undefined) fromAnswer.push(t - answered);
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    first.push(lo - claim.at);
    spread.push(hi - lo);
  }
  // The lead_claimed notification goes to the lead's creator (unless they claimed it), on each of their sockets.
  const notifyLags: number[] = [];
  for (const [leadId, claim] of log) {
    if (!answeredAt.has(leadId)) continue;
    for (const t of receipts.notified.get(leadId) ?? []) notifyLags.push(t - claim.at);
  }
  const result = {
    claims: answeredAt.size, failed: load.failed + load.unsent, sockets: open(), expected: expected(), received: got(),
    lags, fromAnswer, first, spread, notifyLags, notifyExpected, other: receipts.other,
    clientCpu: clientUsage.cpuPercent, clientLoopP99: clientUsage.loopDelayP99Ms, serverCpu, serverLoop,
  };
  ctx.log(`ws run ${run + 1}: ${result.claims} claims at ${RATE}/s (${result.failed} failed), ${result.sockets} sockets open; lead_changed received ${result.received} of ${result.expected}; occurredAt → message p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms, max ${percentile(lags, 100)} ms (to the first socket p99 ${percentile(first, 99)} ms, first → last socket p99 ${percentile(spread, 99)} ms); notifications ${notifyLags.length} of ${notifyExpected}, p99 ${percentile(notifyLags, 99)} ms; ${result.other} other messages; server CPU ${serverCpu} %, server event-loop delay p99 ${serverLoop.p99} ms (max ${serverLoop.max} ms), bench CPU ${result.clientCpu} %, bench event-loop delay p99 ${result.clientLoopP99} ms`);
  return result;
}

/** Scenario 5b: commit → WebSocket message with 1,000 authenticated sockets connected. */
export async function wsFanout(ctx: BenchContext, bench: HttpBench): Promise<ScenarioResult> {
  const seconds = ctx.mode === 'quick' ? 10 : 30;
  let sink: Receipts | null = null;
  const agents = bench.floor.agents.length;
  const t0 = Date.now();
  const { sockets, upgradeMs } = await openSockets(bench, SOCKETS, (s, raw, at) => sink?.record(s, raw, at), ctx.signal);
  const openSeconds = round((Date.now() - t0) / 1000);
  ctx.log(`ws: ${sockets.length} sockets open over ${agents} agents in ${openSeconds} s (upgrade p99 ${percentile(upgradeMs, 99)} ms)`);
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  try {
    for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) runs.push(await measure(ctx, bench, sockets, (x) => (sink = x), seconds, r));
  } finally {
    sink = null;
    await closeSockets(sockets);
  }
  const closedEarly = sockets.filter((s) => s.closed !== null && s.closed.reason !== 'Bench done');
  const each = <T>(f: (x: (typeof runs)[number]) => T) => runs.map(f);
  const lost = runs.reduce((a, x) => a + Math.max(0, x.expected - x.received), 0);
  const notifyLost = runs.reduce((a, x) => a + Math.max(0, x.notifyExpected - x.notifyLags.length), 0);
  const p99 = medianFigure('event occurredAt → lead_changed at the client, p99', each((x) => percentile(x.lags, 99)), { unit: 'ms', target: `≤ ${TARGET_MS} ms` });
  p99.verdict = verdict(typeof p99.value === 'number' ? p99.value <= TARGET_MS : null);
  const firstSocket = medianFigure('event occurredAt → lead_changed at the first socket, p99', each((x) => percentile(x.first, 99)), { unit: 'ms', target: 'diagnostic' });
  const spread = medianFigure('first → last socket of one broadcast, p99', each((x) => percentile(x.spread, 99)), { unit: 'ms', target: 'diagnostic' });
  const figures: Figure[] = [
    { label: 'sockets connected (authenticated upgrades)', value: sockets.length, target: SOCKETS.toLocaleString('en-US'), verdict: verdict(sockets.length === SOCKETS) },
    medianFigure('event occurredAt → lead_changed at the client, p50', each((x) => percentile(x.lags, 50)), { unit: 'ms' }),
    p99,
    medianFigure('event occurredAt → lead_changed at the client, max', each((x) => percentile(x.lags, 100)), { unit: 'ms' }),
    firstSocket,
    spread,
    medianFigure('claim answered → lead_changed at the client, p99', each((x) => percentile(x.fromAnswer, 99)), { unit: 'ms', target: 'context' }),
    { label: 'lead_changed messages received / expected, all runs', value: `${runs.reduce((a, x) => a + x.received, 0).toLocaleString('en-US')} / ${runs.reduce((a, x) => a + x.expected, 0).toLocaleString('en-US')}`, target: 'none lost', verdict: verdict(runs.length > 0 && lost === 0) },
    medianFigure('event occurredAt → lead_claimed notification to the lead\'s creator, p99', each((x) => percentile(x.notifyLags, 99)), { unit: 'ms', target: 'context' }),
    { label: 'notifications received / expected, all runs', value: `${runs.reduce((a, x) => a + x.notifyLags.length, 0)} / ${runs.reduce((a, x) => a + x.notifyExpected, 0)}`, target: 'none lost', verdict: verdict(runs.length > 0 && notifyLost === 0) },
    { label: 'sockets closed by the server during the runs', value: closedEarly.length, target: '0', verdict: verdict(closedEarly.length === 0) },
    medianFigure('server process CPU during a run (100 % = one core)', each((x) => x.serverCpu), { unit: '%', target: 'context' }),
    medianFigure('server event-loop delay during a run, p99', each((x) => x.serverLoop.p99), { unit: 'ms', target: 'context' }),
    medianFigure('server event-loop delay during a run, max', each((x) => x.serverLoop.max), { unit: 'ms', target: 'context' }),
    medianFigure('bench process CPU during a run (the 1,000 clients)', each((x) => x.clientCpu), { unit: '%', target: 'context' }),
    medianFigure('bench event-loop delay p99 (inflates every figure above)', each((x) => x.clientLoopP99), { unit: 'ms', target: 'context' }),
    { label: `time to open the ${SOCKETS.toLocaleString('en-US')} sockets, 20 upgrades at a time`, value: openSeconds, unit: 's', target: 'context' },
  ];
  if (closedEarly.length) ctx.log(`ws: sockets closed by the server: ${JSON.stringify(closedEarly.slice(0, 5).map((s) => s.closed))}`);
  const messagesPerSecond = runs.length ? round(runs.reduce((a, x) => a + x.received + x.other, 0) / (runs.length * seconds), 0) : null;
  return {
    id: 'ws', title: '5b. Lag: commit to WebSocket message, 1,000 sockets', status: runs.length ? 'measured' : 'failed',
    command: `npm run bench -- --only=ws${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: {
      sockets: SOCKETS, agents, socketsPerAgent: SOCKETS / agents, claimsPerSecond: RATE, seconds,
      messagesToClientsPerSecond: messagesPerSecond,
    },
    figures,
    reading: `With ${sockets.length.toLocaleString('en-US')} sockets open and ${RATE} claims/s, each broadcast to every socket: p99 ${p99.value ?? '?'} ms from the event's occurredAt to the message at the client (target ≤ ${TARGET_MS} ms), ${lost} lead_changed message(s) lost. The first socket hears of a claim within ${firstSocket.value ?? '?'} ms (p99: the commit → read model lag of scenario 5, then the publish); the last socket ${spread.value ?? '?'} ms after the first (p99).`,
    notes: [
      `${SOCKETS.toLocaleString('en-US')} sockets over the ${agents} signed-up agents (${SOCKETS / agents} each, like tabs: one session per agent), each authenticated by its session cookie on the upgrade. The gateway has no per-user socket cap; its per-socket limits (4 KiB frames, 30 messages in 10 s, 1 MiB unsent before a slow consumer is dropped) and its 15 s heartbeat stay on.`,
      `Each claim (POST /api/leads/{id}/claim, open loop at ${RATE}/s) appends LeadClaimed; once the lead pool has applied it, the gateway broadcasts lead_changed {leadId, version} to every socket, and the notifications projection sends lead_claimed to the lead's creator. Claims also award points, whose leaderboard_changed broadcasts count among the other messages.`,
      'Lag = the moment the bench process read the message − the LeadClaimed event\'s occurredAt, looked up in the events table by (lead, version 2) after the run: the message itself carries no commit time. occurredAt is stamped by Postgres at insert, just before the commit, with millisecond precision; one clock, this machine\'s. "Claim answered" starts when the bench got the 200 (the broadcast may come first: negative values).',
      'The 1,000 clients share the bench process: its CPU and event-loop delay are part of every figure here.',
    ],
  };
}
