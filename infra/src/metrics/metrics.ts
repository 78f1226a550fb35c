import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics. One registry per process: in the embedded form it holds
 * everything (HTTP, commands, projections, jobs, sockets); in the distributed form each
 * process reports its own part. Instruments that count as things happen live here; the ones
 * read at scrape time (lag, queue depth) are fed by the `watch*` functions beside this file.
 *
 * Node's own figures come with it: `nodejs_eventloop_lag_seconds` (and its p50/p90/p99),
 * heap, GC, handles, `process_cpu_seconds_total`...
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];

// From half a millisecond (an append on loopback) to five seconds (a request stuck on a lock).
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let socketCount: (() => number) | undefined;

export const metrics = {
  httpDuration: new Histogram({
    name: 'leadfloor_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  commands: new Counter({
    name: 'leadfloor_commands_total',
    help: 'Commands by type and outcome: accepted (appended, a no-op or an idempotent replay), conflict (409: the state forbids it, a lost claim race, a taken name), rejected (403/404/429 and other refusals), failed (an error).',
    labelNames: ['command', 'outcome'] as const,
    registers,
  }),
  appendDuration: new Histogram({
    name: 'leadfloor_event_store_append_duration_seconds',
    help: 'Event store append latency; outcome ok, conflict (expected version moved) or error.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  }),
  eventsAppended: new Counter({ name: 'leadfloor_events_appended_total', help: 'Events appended to the log by this process.', registers }),
  projectionEvents: new Counter({
    name: 'leadfloor_projection_events_applied_total',
    help: 'Events read by each projection (applied or skipped as not its type), committed with its checkpoint.',
    labelNames: ['projection'] as const,
    registers,
  }),
  relayedEvents: new Counter({ name: 'leadfloor_relay_events_total', help: 'Events produced to Kafka and checkpointed by the relay.', registers }),
  jobsCompleted: new Counter({ name: 'leadfloor_jobs_completed_total', help: 'Job runs that finished, by queue.', labelNames: ['queue'] as const, registers }),
  jobFailures: new Counter({
    name: 'leadfloor_job_failures_total',
    help: 'Failed job attempts by queue (each retry counts; a job that failed for good shows in leadfloor_job_queue_jobs{state="failed"}).',
    labelNames: ['queue'] as const,
    registers,
  }),
  sockets: new Gauge({
    name: 'leadfloor_websocket_connections',
    help: 'Open WebSocket connections on this gateway.',
    registers,
    collect() {
      if (socketCount) this.set(socketCount());
    },
  }),
  socketsDropped: new Counter({
    name: 'leadfloor_websocket_dropped_total',
    help: 'Sockets closed by the server, by reason (slow: a slow consumer; dead: no heartbeat; signed_out; flood).',
    labelNames: ['reason'] as const,
    registers,
  }),
  socketMessages: new Counter({ name: 'leadfloor_websocket_messages_sent_total', help: 'Messages written to sockets.', registers }),
};

/**
 * The open-socket gauge read from the hub at scrape time (exact, however sockets end); without
 * it, `metrics.sockets.inc()`/`.dec()` keep the count. Returns the unwatch function.
 */
export function watchSockets(count: () => number): () => void {
  socketCount = count;
  return () => {
    if (socketCount === count) socketCount = undefined;
  };
}

/** Prometheus text exposition of every metric in this process. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
