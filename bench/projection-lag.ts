import { randomBytes } from 'node:crypto';
import { Admin } from '@platformatic/kafka';
import { createLogNotifier } from '@leadfloor/infra/event-store/log-notifier';
import { createPostgresEventStore } from '@leadfloor/infra/event-store/postgres-event-store';
import { createKafkaSource } from '@leadfloor/infra/kafka/kafka-source';
import { startRelay } from '@leadfloor/infra/kafka/relay';
import { ensureTopic } from '@leadfloor/infra/kafka/topics';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { createPostgresTailSource } from '@leadfloor/infra/projections/postgres-tail-source';
import type { EventSource, Projection } from '@leadfloor/infra/projections/types';
import { projections, startProjections } from '@leadfloor/projector/run-projections';
import { leadAppends } from './lead-event-factory';
import { openLoop } from './open-loop';
import { watchProcess } from './process-usage';
import { kafkaBrokers, kafkaReachable } from './kafka-ownership';
import { medianFigure, verdict, type BenchContext, type Figure, type ScenarioResult } from './scenario';
import { percentile, round, sleep } from './stats';

const WATCHED = 'lead_pool_v1';
type Transport = 'embedded' | 'kafka';

/** Records, for every event a batch hands over, the time from its commit to the moment it was read. */
const timedReads = (source: EventSource, record: (ms: number) => void): EventSource => ({
  async next(signal, wanted) {
    const batch = await source.next(signal, wanted);
    if (!batch) return batch;
    const readAt = Date.now();
    return {
      ...batch,
      async claim(db) {
        const events = await batch.claim(db);
        for (const e of events ?? []) record(readAt - e.occurredAt.getTime());
        return events;
      },
    };
  },
  reset: () => source.reset(),
  close: () => source.close(),
});

/**
 * Appends lead events at a fixed rate while every projection runs in this process, and records,
 * for each event the lead pool applies, the time from the event's commit (its occurredAt) to the
 * end of the read-model transaction that applied it (the runner's onApplied).
 */
async function measure(ctx: BenchContext, transport: Transport, rate: number, seconds: number, run: number) {
  const url = await ctx.databases.create(`lag_${transport}_${run}`);
  const pool = createPool(url, { max: 2 * projections.length + 36, applicationName: 'lf-bench-lag' });
  const store = createPostgresEventStore(pool);
  const notifier = createLogNotifier(url);
  const brokers = kafkaBrokers();
  const topic = `lf-bench-lag-${process.pid}-${randomBytes(3).toString('hex')}`;
  let lags: number[] = [];
  let reads: number[] = [];
  // global position -> when the read model had it, and when its append was acknowledged
  const appliedAt = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  let relay: ReturnType<typeof startRelay> | null = null;
  const sourceFor = (p: Projection): EventSource => {
    const source = transport === 'embedded'
      ? createPostgresTailSource({ pool, store, notifier, name: p.name })
      : createKafkaSource({ pool, brokers, topic, name: p.name });
    return p.name === WATCHED ? timedReads(source, (ms) => reads.push(ms)) : source;
  };
  try {
    if (transport === 'kafka') {
      await ensureTopic(brokers, topic, 6);
      relay = startRelay({ pool, brokers, topic, store, notifier });
    }
    const running = startProjections({
      pool, sourceFor,
      onApplied: (name, events) => {
        if (name !== WATCHED) return;
        const now = Date.now();
        for (const e of events) {
          lags.push(now - e.occurredAt.getTime());
          appliedAt.set(String(e.globalPosition), now);
        }
      },
    });
    let failure: unknown = null;
    running.failed.catch((err: unknown) => (failure = err));
    try {
      // warm-up: the first event through (consumer groups take seconds to form) is not measured
      const appends = leadAppends(1, 400);
      const warm = appends.next()!;
      await store.append(warm.request);
      warm.done(true);
      for (const end = Date.now() + 60_000; lags.length === 0 && Date.now() < end && !ctx.signal.aborted;) await sleep(20);
      if (lags.length === 0) {
        throw new Error(`${transport}: the warm-up event never reached the read model${failure ? ` (a projection stopped: ${String((failure as Error).message ?? failure)})` : ''}`);
      }
      lags = [];
      reads = [];
      const usage = watchProcess();
      const load = await openLoop({
        rate, seconds, maxInFlight: 32, signal: ctx.signal,
        op: async () => {
          const a = appends.next();
          if (!a) return false;
          try {
            const res = await store.append(a.request);
            if (res.positions[0] !== undefined) ackedAt.set(String(res.positions[0]), Date.now());
            a.done(true);
            return true;
          } catch {
            a.done(false);
            return false;
          }
        },
      });
      for (const end = Date.now() + 30_000; lags.length < load.ok && Date.now() < end;) await sleep(20);
      const client = usage();
      const fromAck = [...ackedAt].flatMap(([pos, t]) => (appliedAt.has(pos) ? [appliedAt.get(pos)! - t] : []));
      ctx.log(`lag ${transport}, run ${run + 1}: ${load.ok} events at ${rate}/s, ${lags.length} applied, p50 ${round(percentile(lags, 50))} ms, p99 ${round(percentile(lags, 99))} ms (read p50 ${round(percentile(reads, 50))}, p99 ${round(percentile(reads, 99))} ms; from the append's answer p50 ${round(percentile(fromAck, 50))}, p99 ${round(percentile(fromAck, 99))} ms); bench process CPU ${client.cpuPercent} %, event-loop delay p99 ${client.loopDelayP99Ms} ms`);
      if (failure) throw new Error(`a projection stopped during the measurement: ${String((failure as Error).message ?? failure)}`);
      return { lags, reads, fromAck, appended: load.ok, failed: load.failed, client };
    } finally {
      await running.stop();
    }
  } finally {
    await relay?.stop();
    await notifier.close();
    await pool.end();
    if (transport === 'kafka') {
      const admin = new Admin({ clientId: 'lf-bench-cleanup', bootstrapBrokers: brokers });
      await admin.deleteTopics({ topics: [topic] }).catch(() => {});
      await admin.close().catch(() => {});
    }
    await ctx.databases.drop(`lag_${transport}_${run}`);
  }
}

/** Scenario 5: commit -> read model, through the Postgres tail and through relay + Kafka. */
export async function projectionLag(ctx: BenchContext): Promise<ScenarioResult> {
  const rate = 500;
  const seconds = ctx.mode === 'quick' ? 6 : 15;
  const figures: Figure[] = [];
  const notes: string[] = [];
  const readings: string[] = [];
  const kafkaUp = await kafkaReachable(kafkaBrokers());
  const transports: { t: Transport; target: number; label: string }[] = [
    { t: 'embedded', target: 100, label: 'embedded (Postgres tail, NOTIFY)' },
    ...(kafkaUp ? [{ t: 'kafka' as const, target: 250, label: 'distributed (relay + Kafka)' }] : []),
  ];
  for (const { t, target, label } of transports) {
    const series: Record<'p50' | 'p99' | 'ack50' | 'ack99' | 'read99', (number | null)[]> = { p50: [], p99: [], ack50: [], ack99: [], read99: [] };
    let missing = 0;
    try {
      for (let r = 0; r < ctx.runs && !ctx.signal.aborted; r++) {
        const m = await measure(ctx, t, rate, seconds, r);
        series.p50.push(round(percentile(m.lags, 50)));
        series.p99.push(round(percentile(m.lags, 99)));
        series.ack50.push(round(percentile(m.fromAck, 50)));
        series.ack99.push(round(percentile(m.fromAck, 99)));
        series.read99.push(round(percentile(m.reads, 99)));
        missing += Math.max(0, m.appended - m.lags.length);
      }
    } catch (err) {
      notes.push(`${label}: stopped by an error: ${String((err as Error).message ?? err)}`);
    }
    const f99 = medianFigure(`${label}: event occurredAt → read model, p99`, series.p99, { unit: 'ms', target: `≤ ${target} ms` });
    f99.verdict = verdict(typeof f99.value === 'number' ? f99.value <= target : null);
    figures.push(
      medianFigure(`${label}: event occurredAt → read model, p50`, series.p50, { unit: 'ms' }), f99,
      medianFigure(`${label}: append answered → read model, p50`, series.ack50, { unit: 'ms', target: 'context' }),
      medianFigure(`${label}: append answered → read model, p99`, series.ack99, { unit: 'ms', target: 'context' }),
      medianFigure(`${label}: occurredAt → batch read by the projector, p99`, series.read99, { unit: 'ms', target: 'diagnostic' }),
    );
    if (missing > 0) notes.push(`${label}: ${missing} appended event(s) had not reached the read model within 30 s of the end.`);
    readings.push(`${label} p99 ${f99.value ?? '?'} ms against ≤ ${target} ms`);
  }
  if (!kafkaUp) notes.push(`No Kafka broker answered at ${kafkaBrokers().join(',')}: the distributed lag was not measured (start one with \`npm run kafka:start\`).`);
  notes.push('Commit → WebSocket message at 1,000 sockets is scenario 5b (`--only=ws`): it needs the HTTP server, which this scenario does not start.');
  notes.push('occurredAt is stamped by Postgres when the append inserts (millisecond precision), before its commit: under commit contention the figure includes the wait for the commit, so it is an upper bound of commit → read model. "Append answered" starts when the appender got its answer (after the commit): a lower bound. Applied = the read-model transaction has committed (the runner\'s onApplied). One clock: this machine\'s.');
  return {
    id: 'lag', title: '5. Lag: commit to read model', status: kafkaUp ? 'measured' : 'partly measured',
    command: `npm run bench -- --only=lag${ctx.mode === 'quick' ? ' --quick' : ''}`,
    parameters: { ratePerSecond: rate, seconds, readModel: WATCHED, events: 'LeadCreated then LeadScored on 400 leads, one event per append', projectionsRunning: 'all, in the bench process' },
    figures,
    reading: `${readings.join('; ')}.`,
    notes,
  };
}
