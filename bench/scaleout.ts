import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { startRelay } from '@leadfloor/infra/kafka/relay';
import { ensureTopic } from '@leadfloor/infra/kafka/topics';
import { endOffsets } from '@leadfloor/infra/kafka/testing/kafka-for-tests';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { projections } from '@leadfloor/projector/run-projections';
import { kafkaBrokers, kafkaReachable } from './kafka-ownership';
import { leadAppends } from './lead-event-factory';
import { openLoop } from './open-loop';
import { notMeasured, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { percentile, round, sleep } from './stats';

// Scenario 12: the projector tier scaled out. Every projection reads Kafka in a consumer group of
// its own; N projector processes (launcher/src/processes/projector.ts, as `npm run
// start:distributed -- --projectors=N` runs them) share each group's partitions. Measured with 1
// and with 3 processes: how fast they drain a backlog, and the commit → read-model lag under a
// steady stream of appends; then, with 3, the lag spike when one of them gets SIGKILL.

const PARTITIONS = 6;
const WATCHED = 'lead_pool_v1';
const POLL_MS = 20;

type Projector = {
  name: string; child: ChildProcess; exited: Promise<void>; kill(): Promise<void>; stop(): Promise<void>;
  /** Why it ended, when it ended without being asked to: its exit and last words. */
  died(): string | null;
};

/** One projector process, resolved once it logs that it runs (its consumers then join their groups). */
async function startProjector(root: string, name: string, env: Record<string, string>, signal: AbortSignal): Promise<Projector> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'launcher/src/processes/projector.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', METRICS_PORT: '', METRICS_TOKEN: '' },
    // The IPC channel: the process stops when the bench dies, however it dies (run-process.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  let running = false;
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
    if (output.includes('"msg":"projector running"')) running = true;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let gone = false;
  let asked = false;
  let exit = '';
  const exited = new Promise<void>((resolve) => child.once('exit', (code, sig) => {
    gone = true;
    exit = `exit ${code ?? sig}`;
    resolve();
  }));
  const kill = async () => {
    asked = true;
    if (!gone) child.kill('SIGKILL');
    await exited;
  };
  for (const deadline = Date.now() + 120_000; !running; await sleep(50)) {
    if (gone) throw new Error(`${name} exited during start-up:\n${output}`);
    if (signal.aborted || Date.now() > deadline) {
      await kill();
      throw new Error(`${name} did not start within 120 s:\n${output}`);
    }
  }
  return {
    name, child, exited, kill,
    died: () => (gone && !asked ? `${name} ended on its own (${exit}):\n${output}` : null),
    async stop() {
      asked = true;
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Messages of the topic no projection has applied yet, summed over every projection, per its PostgreSQL checkpoints. */
async function backlog(pool: Pool, brokers: string[], topic: string): Promise<bigint> {
  const ends = await endOffsets(brokers, topic);
  const { rows } = await pool.query<{ name: string; partition: number; next_offset: string }>(
    'select name, partition, next_offset::text as next_offset from partition_checkpoints where topic = $1', [topic]);
  const stored = new Map(rows.map((r) => [`${r.name}/${r.partition}`, BigInt(r.next_offset)]));
  let behind = 0n;
  for (const p of projections) {
    for (const [partition, end] of ends) {
      const next = stored.get(`${p.name}/${partition}`) ?? 0n;
      behind += end - (next < 0n ? 0n : next);
    }
  }
  return behind;
}

type Setup = {
  pool: Pool; topic: string; projectors: Projector[];
  append(count: number): Promise<void>;
  /** Appends at `rate` for `seconds`; each append's lag from its answer to the lead pool showing it. `during` runs alongside. */
  steady(rate: number, seconds: number, during?: (startedAt: number) => Promise<void>): Promise<{ lags: { at: number; ms: number }[]; appended: number; missing: number }>;
  startProjectors(n: number): Promise<void>;
  /** Resolves once the relay has put everything appended so far into the topic. */
  relayed(timeoutMs: number): Promise<void>;
  /** Resolves, with the time, once every projection has applied everything relayed. */
  drained(timeoutMs: number): Promise<number>;
  close(): Promise<void>;
};

async function setUp(ctx: BenchContext, root: string, part: string): Promise<Setup> {
  const url = await ctx.databases.create(part);
  const pool = createPool(url, { max: 20, applicationName: 'lf-bench-scaleout' });
  const store = createPostgresEventStore(pool);
  const notifier = createLogNotifier(url);
  const brokers = kafkaBrokers();
  const topic = `lf-bench-scaleout-${process.pid}-${randomBytes(3).toString('hex')}`;
  await ensureTopic(brokers, topic, PARTITIONS);
  const relay = startRelay({ pool, brokers, topic, store, notifier });
  const appends = leadAppends(1, 2_000);
  const projectors: Projector[] = [];
  const env = {
    DATABASE_URL: url, KAFKA_BROKERS: brokers.join(','), KAFKA_TOPIC: topic, KAFKA_PARTITIONS: String(PARTITIONS),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  };

  const appendOne = async (): Promise<{ leadId: number; version: number } | null> => {
    const a = appends.next();
    if (!a) return null;
    try {
      await store.append(a.request);
      a.done(true);
      return { leadId: a.leadId, version: a.request.expectedVersion + 1 };
    } catch {
      a.done(false);
      return null;
    }
  };

  /** A projector that ended on its own spoils the figures: the scenario stops, with its words. */
  const checkAlive = () => {
    const dead = projectors.map((p) => p.died()).find((d) => d !== null);
    if (dead) throw new Error(dead);
  };

  const relayed = async (timeoutMs: number) => {
    const { rows: [last] } = await pool.query<{ p: string | null }>('select max(global_position)::text as p from events');
    for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
      if (last!.p === null || relay.stats().position?.globalPosition === last!.p) return;
      if (Date.now() > deadline || ctx.signal.aborted) throw new Error('the relay did not reach the end of the log in time');
    }
  };

  return {
    pool, topic, projectors,
    async append(count) {
      let left = count;
      await Promise.all(Array.from({ length: 16 }, async () => {
        while (left > 0 && !ctx.signal.aborted) {
          left--;
          if (!(await appendOne())) left++;
        }
      }));
    },
    async steady(rate, seconds, during) {
      // lead id -> the versions appended and not yet seen in the read model, with their answer times
      const pending = new Map<number, { version: number; at: number }[]>();
      const lags: { at: number; ms: number }[] = [];
      let polling = true;
      let stopAt = Infinity;
      const poller = (async () => {
        while (polling || pending.size > 0) {
          const ids = [...pending.keys()];
          if (ids.length > 0) {
            const { rows } = await pool.query<{ id: number; version: number }>(`select id, version from ${WATCHED} where id = any($1)`, [ids]);
            const now = Date.now();
            for (const { id, version } of rows) {
              const waiting = pending.get(id)!;
              const left = waiting.filter((w) => (w.version <= version ? (lags.push({ at: w.at, ms: now - w.at }), false) : true));
              if (left.length) pending.set(id, left);
              else pending.delete(id);
            }
          }
          if (!polling && Date.now() > stopAt + 60_000) break;
          await sleep(POLL_MS);
        }
      })();
      const startedAt = Date.now();
      const [load] = await Promise.all([
        openLoop({
          rate, seconds, maxInFlight: 32, signal: ctx.signal,
          op: async () => {
            const done = await appendOne();
            if (!done) return false;
            const list = pending.get(done.leadId) ?? [];
            list.push({ version: done.version, at: Date.now() });
            pending.set(done.leadId, list);
            return true;
          },
        }),
        during?.(startedAt),
      ]);
      stopAt = Date.now();
      polling = false;
      await poller;
      checkAlive();
      const missing = [...pending.values()].reduce((n, l) => n + l.length, 0);
      return { lags, appended: load.ok, missing };
    },
    async startProjectors(n) {
      const first = projectors.length;
      projectors.push(...(await Promise.all(Array.from({ length: n }, (_, i) => startProjector(root, `projector-${first + i + 1}`, env, ctx.signal)))));
    },
    relayed,
    async drained(timeoutMs) {
      await relayed(timeoutMs);
      for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
        checkAlive();
        if ((await backlog(pool, brokers, topic)) === 0n) return Date.now();
        if (Date.now() > deadline || ctx.signal.aborted) throw new Error(`the projectors did not drain the topic within ${timeoutMs / 1000} s`);
      }
    },
    async close() {
      await Promise.all(projectors.map((p) => p.stop()));
      await relay.stop();
      await notifier.close();
      await pool.end();
      const admin = new Admin({ clientId: 'lf-bench-cleanup', bootstrapBrokers: brokers });
      await admin.deleteTopics({ topics: [topic] }).catch(() => {});
      await admin.close().catch(() => {});
      await ctx.databases.drop(part);
    },
  };
}

const p = (xs: number[], q: number) => round(percentile(xs, q), 0);

/** Scenario 12: throughput and lag with 1 and 3 projector processes, and one of 3 killed. */
export async function scaleOut(ctx: BenchContext, root: string): Promise<ScenarioResult> {
  const id = 'scaleout';
  const title = '12. Scale-out: 1 vs 3 projector processes, one killed';
  if (!(await kafkaReachable())) return notMeasured(id, title, `No Kafka broker answered at ${kafkaBrokers().join(',')} (start one with \`npm run kafka:start\`).`);
  const quick = ctx.mode === 'quick';
  const backlogEvents = quick ? 10_000 : 30_000;
  // The steady load: half of what one projector drained in the same run, so that one keeps up
  // and the lag compares like with like (set once the first drain is measured).
  let rate = 0;
  const seconds = quick ? 20 : 45;
  const figures: Figure[] = [];
  const notes: string[] = [];
  const results: Record<number, { drainPerS: number; p50: number | null; p99: number | null; missing: number }> = {};
  type Spike = { before99: number | null; peak: number | null; recoveredS: number | null; after99: number | null; missing: number };
  const spikes: Spike[] = [];

  for (const n of [1, 3]) {
    const s = await setUp(ctx, root, `scaleout_${n}`);
    try {
      // Throughput: a backlog in the topic before any projector runs, then N of them drain it.
      await s.append(backlogEvents);
      await s.relayed(120_000);
      const t0 = Date.now();
      await s.startProjectors(n);
      const t1 = await s.drained(600_000);
      const drainPerS = Math.round(backlogEvents / ((t1 - t0) / 1000));
      ctx.log(`scale-out, ${n} projector(s): drained ${backlogEvents} events through ${projections.length} read models in ${((t1 - t0) / 1000).toFixed(1)} s (${drainPerS} events/s, start-up and group joins included)`);

      // Lag at a steady rate.
      if (rate === 0) rate = Math.max(10, Math.round(drainPerS / 2));
      const steady = await s.steady(rate, seconds);
      const ms = steady.lags.map((l) => l.ms);
      results[n] = { drainPerS, p50: p(ms, 50), p99: p(ms, 99), missing: steady.missing };
      ctx.log(`scale-out, ${n} projector(s): ${steady.appended} appends at ${rate}/s, lag p50 ${results[n]!.p50} ms, p99 ${results[n]!.p99} ms, ${steady.missing} not seen`);

      if (n === 3) {
        // The same load again; a third of the way in, one projector gets SIGKILL.
        let killedAt = 0;
        const run = await s.steady(rate, seconds, async (startedAt) => {
          while (Date.now() - startedAt < (seconds * 1000) / 3 && !ctx.signal.aborted) await sleep(50);
          killedAt = Date.now();
          await s.projectors[1]!.kill();
        });
        const before = run.lags.filter((l) => l.at < killedAt).map((l) => l.ms);
        const after = run.lags.filter((l) => l.at >= killedAt);
        const before99 = p(before, 99);
        // Recovered: when the last append after the kill whose lag exceeded twice the pre-kill
        // p99 reached the read model.
        const slow = after.filter((l) => before99 !== null && l.ms > 2 * before99);
        const recoveredAt = slow.length ? Math.max(...slow.map((l) => l.at + l.ms)) : killedAt;
        const spike: Spike = {
          before99, peak: after.length ? Math.max(...after.map((l) => l.ms)) : null,
          recoveredS: round((recoveredAt - killedAt) / 1000, 1), after99: p(after.map((l) => l.ms), 99), missing: run.missing,
        };
        spikes.push(spike);
        ctx.log(`scale-out, 3 projectors, one killed: lag p99 before ${spike.before99} ms, peak after ${spike.peak} ms, back under 2x p99 ${spike.recoveredS} s after the kill; ${run.missing} not seen`);
      }
    } finally {
      await s.close();
    }
  }

  const r1 = results[1]!;
  const r3 = results[3]!;
  figures.push(
    { label: 'backlog drained through every read model, 1 projector', value: r1.drainPerS, unit: 'events/s' },
    { label: 'backlog drained through every read model, 3 projectors', value: r3.drainPerS, unit: 'events/s' },
    { label: '3 projectors / 1 projector, drain rate', value: round(r3.drainPerS / r1.drainPerS, 2), unit: '×' },
    { label: `append answered → ${WATCHED}, 1 projector, p50 / p99`, value: `${r1.p50} / ${r1.p99} ms` },
    { label: `append answered → ${WATCHED}, 3 projectors, p50 / p99`, value: `${r3.p50} / ${r3.p99} ms` },
  );
  const sp = spikes[0];
  if (sp) {
    figures.push(
      { label: '3 projectors, one SIGKILLed: lag p99 before the kill', value: sp.before99, unit: 'ms' },
      { label: '3 projectors, one SIGKILLed: peak lag after the kill', value: sp.peak, unit: 'ms' },
      { label: '3 projectors, one SIGKILLed: lag p99 of appends after the kill', value: sp.after99, unit: 'ms' },
      { label: '3 projectors, one SIGKILLed: back under twice the p99 before', value: sp.recoveredS, unit: 's after the kill' },
      { label: 'appends never seen in the read model (all phases)', value: r1.missing + r3.missing + sp.missing },
    );
  }
  notes.push(
    `Each process count runs on a database and a ${PARTITIONS}-partition topic of its own; the relay runs in the bench process, the projectors as processes of their own (launcher/src/processes/projector.ts), every one of the ${projections.length} projections in a consumer group shared by them.`,
    `Drain: ${backlogEvents.toLocaleString('en-US')} lead events (LeadCreated, then LeadScored) appended and relayed before the projectors start; timed from their start (process start-up and group joins included) until every projection's checkpoints reach the end of every partition.`,
    `Lag: appends at ${rate}/s (half the drain rate of one projector in this run) for ${seconds} s straight into the event store; each from its answer to the lead pool row showing its version (polled every ${POLL_MS} ms, so each lag is up to ${POLL_MS} ms late).`,
    'The kill: SIGKILL to one of the three a third of the way into the window. Its partitions wait for its group session to time out (10 s) and a rebalance; the spike is that wait plus the catch-up.',
    'The projectors share this 2-core machine with PostgreSQL, Kafka, the bench and other work: more processes add consumers, not cores.',
  );
  const ratio = round(r3.drainPerS / r1.drainPerS, 2);
  return {
    id, title, status: 'measured',
    command: `npm run bench -- --only=scaleout${quick ? ' --quick' : ''}`,
    parameters: { partitions: PARTITIONS, backlogEvents, ratePerSecond: rate, seconds, readModels: projections.length },
    figures,
    reading: `Three projector processes drained a backlog at ${ratio}× the rate of one (${r3.drainPerS} vs ${r1.drainPerS} events/s through every read model); at ${rate} appends/s the lag p99 was ${r3.p99} ms with three and ${r1.p99} ms with one.${sp ? ` Killing one of three raised the lag to ${sp.peak} ms at the peak; ${sp.recoveredS} s after the kill it was back under twice its p99.` : ''}`,
    notes,
  };
}
