import type { LogPosition } from '../event-store/types';
import type { Jobs } from '../jobs/job-queue';
import type { RelayStats } from '../kafka/relay';
import type { Pool } from '../postgres/pool';
import type { RunnerStatus } from '../projections/runner';
import { checkpointPosition, furthestPartitionPosition, lagBehind, sharedFor, type LogLag } from './log-lag';
import { scrapeGauge } from './scrape-gauge';

const projectionLagEvents = scrapeGauge('leadfloor_projection_lag_events',
  'Events committed to the log that the projection has not applied yet.', ['projection']);
const projectionLagSeconds = scrapeGauge('leadfloor_projection_lag_seconds',
  'How long the oldest event the projection has not applied has been in the log (0 when caught up).', ['projection']);
const projectionUp = scrapeGauge('leadfloor_projection_up',
  '1 while the projection runs; 0 once it stopped on an error (its read model no longer follows the log).', ['projection']);
const relayLagEvents = scrapeGauge('leadfloor_relay_lag_events', 'Events committed to the log and not yet produced to Kafka.', []);
const relayLagSeconds = scrapeGauge('leadfloor_relay_lag_seconds', 'How long the oldest event not yet in Kafka has been in the log.', []);
const relayActive = scrapeGauge('leadfloor_relay_active', '1 when this relay instance holds the relay lock and works.', []);
const jobQueueJobs = scrapeGauge('leadfloor_job_queue_jobs',
  'Jobs per queue and state (waiting, delayed and active are the depth; failed are kept failures).', ['queue', 'state']);

export type ProjectionsWatch = {
  pool: Pool;
  /** The runners' status (startProjections().status). */
  status(): RunnerStatus[];
  /** Where a projection stands in the log: the Postgres tail keeps a checkpoint row; Kafka, rows per partition. */
  source: { kind: 'tail' } | { kind: 'kafka'; topic: string };
};

/** Lag and liveness of the projections this process runs, read at each scrape. Returns unwatch. */
export function watchProjections({ pool, status, source }: ProjectionsWatch): () => void {
  const positionOf = (name: string): Promise<LogPosition> =>
    source.kind === 'tail' ? checkpointPosition(pool, name) : furthestPartitionPosition(pool, name, source.topic);
  const lags = sharedFor(500, async () => {
    const out: { projection: string; lag: LogLag }[] = [];
    for (const s of status()) out.push({ projection: s.projection, lag: await lagBehind(pool, await positionOf(s.projection)) });
    return out;
  });
  const unwatch = [
    projectionLagEvents.watch(async () => (await lags()).map(({ projection, lag }) => ({ labels: { projection }, value: lag.events }))),
    projectionLagSeconds.watch(async () => (await lags()).map(({ projection, lag }) => ({ labels: { projection }, value: lag.seconds }))),
    projectionUp.watch(async () => status().map((s) => ({ labels: { projection: s.projection }, value: s.failed ? 0 : 1 }))),
  ];
  return () => unwatch.forEach((u) => u());
}

/** The relay's lag behind the log head (from its checkpoint) and whether it is the active one. */
export function watchRelay({ pool, stats, checkpointName }: { pool: Pool; stats(): RelayStats; checkpointName: string }): () => void {
  const lag = sharedFor(500, async () => lagBehind(pool, await checkpointPosition(pool, checkpointName)));
  const unwatch = [
    relayLagEvents.watch(async () => [{ labels: {}, value: (await lag()).events }]),
    relayLagSeconds.watch(async () => [{ labels: {}, value: (await lag()).seconds }]),
    relayActive.watch(async () => [{ labels: {}, value: stats().active ? 1 : 0 }]),
  ];
  return () => unwatch.forEach((u) => u());
}

/** Depth and kept failures of every queue these jobs produce to or work on. */
export function watchJobs(jobs: Pick<Jobs, 'counts'>): () => void {
  return jobQueueJobs.watch(async () => Object.entries(await jobs.counts()).flatMap(([queue, counts]) =>
    Object.entries(counts).map(([state, value]) => ({ labels: { queue, state }, value }))));
}
