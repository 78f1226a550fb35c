import type { JobState as BullJobState } from 'bullmq';
import type { z } from 'zod';
import type { BullBackend, BullQueue } from './bull-backend';
import type {
  EnqueueOptions, JobCounts, JobQueue, JobQueueDefinition, Jobs, JobsLogger, JobState, JobStatus,
} from './job-queue';
import { settleWithin } from './settle-within';
import { FORCE_GRACE_MS, startJobWorker, type JobWorker } from './job-worker';

const DEFAULT_RETRY = { attempts: 5, backoff: { type: 'exponential', delayMs: 1_000 } } as const;
const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;
// Finished jobs are kept so that their ids still dedupe a late retried enqueue, and failed
// ones so that someone can see why; both are trimmed so the store does not grow forever.
const KEEP_COMPLETED = { age: 7 * 24 * 3600, count: 10_000 };
const KEEP_FAILED = { age: 30 * 24 * 3600, count: 10_000 };

export function createBullJobs(backend: BullBackend, logger: JobsLogger): Jobs {
  const queues = new Map<string, { queue: BullQueue; broken: boolean }>();
  const retired: Promise<unknown>[] = [];
  const workers: JobWorker[] = [];
  let closing: Promise<void> | undefined;

  const closeQueue = (queue: BullQueue, ms: number) =>
    settleWithin(queue.close(), ms, (err) => logger.error({ err, queue: queue.name }, 'job queue close failed'));

  /** The live BullMQ queue for a name, asked for on every call so a broken one is replaced. */
  const bullQueue = (name: string): BullQueue => {
    if (closing) throw new Error('jobs are closed');
    const known = queues.get(name);
    if (known && !known.broken) return known.queue;
    if (known) retired.push(closeQueue(known.queue, FORCE_GRACE_MS));
    const entry = { queue: backend.queue(name), broken: false };
    // An unhandled 'error' event would crash the process; connection trouble is logged and
    // BullMQ reconnects on its own.
    entry.queue.on('error', (err) => logger.error({ err, queue: name }, 'job queue connection error'));
    // Like a worker (job-worker.ts), a Queue whose first connect failed stays failed for
    // good; the next call builds a fresh one.
    entry.queue.waitUntilReady().catch(() => (entry.broken = true));
    queues.set(name, entry);
    return entry.queue;
  };

  const known = new Set<string>();

  return {
    backend: backend.kind,
    queue: (definition) => {
      known.add(definition.name);
      return jobQueue(() => bullQueue(definition.name), definition);
    },
    work(definition, handler, { concurrency = 1 } = {}) {
      if (closing) throw new Error('jobs are closed');
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
      known.add(definition.name);
      workers.push(startJobWorker(backend, definition, handler, concurrency, logger));
    },
    async counts() {
      if (closing) return {};
      const names = [...known];
      const all = await Promise.all(names.map((name) => countsOf(bullQueue(name))));
      return Object.fromEntries(names.map((name, i) => [name, all[i]!]));
    },
    close({ timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS } = {}) {
      closing ??= (async () => {
        const deadline = Date.now() + timeoutMs;
        await Promise.all(workers.map((w) => w.stop(deadline)));
        const left = Math.max(deadline - Date.now(), 0) + FORCE_GRACE_MS;
        await Promise.all([...retired, ...[...queues.values()].map(({ queue }) => closeQueue(queue, left))]);
      })();
      return closing;
    },
  };
}

function jobQueue<S extends z.ZodType>(queue: () => BullQueue, definition: JobQueueDefinition<S>): JobQueue<z.input<S>> {
  const { attempts, backoff } = definition.retry ?? DEFAULT_RETRY;
  return {
    name: definition.name,
    async enqueue(payload, { jobId, delayMs, runAt }: EnqueueOptions) {
      // An empty id would make BullMQ generate one, silently turning off dedupe.
      if (!jobId) throw new Error('enqueue needs a jobId');
      if (delayMs !== undefined && runAt !== undefined) throw new Error('enqueue takes delayMs or runAt, not both');
      definition.payload.parse(payload);
      const delay = runAt ? Math.max(runAt.getTime() - Date.now(), 0) : (delayMs ?? 0);
      await queue().add(definition.name, payload, {
        jobId,
        delay,
        attempts,
        backoff: { type: backoff.type, delay: backoff.delayMs },
        removeOnComplete: KEEP_COMPLETED,
        removeOnFail: KEEP_FAILED,
      });
    },
    async remove(jobId) {
      // The backends disagree on an unknown id (Redis answers 1, PostgreSQL 0), so look first.
      const state = await queue().getJobState(jobId);
      if (state === 'unknown' || state === 'active') return false;
      // 0 when the job started in between: BullMQ never removes a job whose lock is held.
      return (await queue().remove(jobId)) === 1;
    },
    async status(jobId) {
      // State and fields are separate reads. Reading the state on both sides of the fields
      // and retrying when it moved keeps a job that failed for good from being reported with
      // the fields of an earlier attempt.
      for (let tries = 1; ; tries++) {
        const before = await queue().getJobState(jobId);
        const job = await queue().getJob(jobId);
        const after = await queue().getJobState(jobId);
        if (before !== after && tries < 5) continue;
        const state = toJobState(after);
        if (!job || !state) return undefined;
        const status: JobStatus = { id: jobId, state, attemptsMade: job.attemptsMade };
        if (job.failedReason) status.failedReason = job.failedReason;
        return status;
      }
    },
    counts: () => countsOf(queue()),
  };
}

async function countsOf(queue: BullQueue): Promise<JobCounts> {
  const c = await queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'delayed', 'active', 'completed', 'failed');
  const n = (k: string) => c[k] ?? 0;
  return {
    waiting: n('waiting') + n('prioritized') + n('waiting-children'),
    delayed: n('delayed'),
    active: n('active'),
    completed: n('completed'),
    failed: n('failed'),
  };
}

/** BullMQ's finer states folded into the five the interface exposes. */
function toJobState(state: BullJobState | 'unknown'): JobState | undefined {
  switch (state) {
    case 'waiting': case 'prioritized': case 'waiting-children': return 'waiting';
    case 'delayed': case 'active': case 'completed': case 'failed': return state;
    default: return undefined;
  }
}
