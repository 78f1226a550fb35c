import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, WaitingError, type Job } from 'bullmq';
import type { z } from 'zod';
import { metrics } from '../metrics/metrics';
import type { BullBackend, BullWorker } from './bull-backend';
import type { JobHandler, JobQueueDefinition, JobsLogger } from './job-queue';
import { settleWithin } from './settle-within';

export type JobWorker = {
  /** Stops taking jobs, waits for in-flight handlers until `deadline`, then force-closes. */
  stop(deadline: number): Promise<void>;
};

/** After the bound, forced teardown (dropping sockets, ending pools) gets this much more. */
export const FORCE_GRACE_MS = 1_000;
const START_RETRY_FIRST_MS = 500;
const START_RETRY_MAX_MS = 10_000;

export function startJobWorker<S extends z.ZodType>(
  backend: BullBackend,
  definition: JobQueueDefinition<S>,
  handler: JobHandler<z.output<S>>,
  concurrency: number,
  logger: JobsLogger,
): JobWorker {
  const queue = definition.name;
  const running = new Set<Promise<void>>();
  const stopped = new AbortController();
  let worker: BullWorker | undefined;
  let runningLoop = false;

  const processor = async (job: Job, token?: string, signal?: AbortSignal) => {
    if (stopped.signal.aborted) {
      // A blocking fetch that was already waiting when stop() paused the worker can still
      // hand over a job. Put it back untouched (no attempt used) for the next worker rather
      // than start work that close() would not wait for.
      await job.moveToWait(token);
      throw new WaitingError();
    }
    const parsed = definition.payload.safeParse(job.data);
    // Retrying cannot fix a payload that does not match its schema.
    if (!parsed.success) throw new UnrecoverableError(`payload does not match ${queue}: ${parsed.error.message}`);
    const correlationId = correlationOf(job);
    const attempt = job.attemptsMade + 1;
    logger.debug?.({ queue, jobId: job.id, attempt, correlationId }, 'job started');
    const run = handler(parsed.data, {
      jobId: String(job.id),
      attempt,
      signal: signal ?? new AbortController().signal,
      correlationId,
    });
    running.add(run);
    try {
      await run;
      metrics.jobsCompleted.inc({ queue });
      logger.debug?.({ queue, jobId: job.id, attempt, correlationId }, 'job done');
    } finally {
      running.delete(run);
    }
  };

  const logCloseError = (err: unknown) => logger.error({ err, queue }, 'job worker close failed');

  // BullMQ remembers a failed first connect (or schema check) for the life of a Worker: it
  // never recovers once the store is back, and on PostgreSQL a non-connection error makes
  // its fetch loop spin without yielding to the event loop. So a worker is only run once it
  // is ready, and one that failed to get ready is thrown away and built again.
  void (async () => {
    for (let wait = START_RETRY_FIRST_MS; !stopped.signal.aborted; wait = Math.min(wait * 2, START_RETRY_MAX_MS)) {
      const candidate = backend.worker(queue, processor, concurrency);
      worker = candidate;
      candidate.on('error', (err) => logger.error({ err, queue }, 'job worker error'));
      candidate.on('failed', (job, err) => {
        metrics.jobFailures.inc({ queue });
        logger.warn({
          queue, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message, ...(job ? { correlationId: correlationOf(job) } : {}),
        }, 'job attempt failed');
      });
      try {
        await candidate.waitUntilReady();
      } catch (err) {
        if (stopped.signal.aborted) return;
        logger.error({ err, queue, retryInMs: wait }, 'job worker could not connect; retrying');
        await settleWithin(candidate.close(true), FORCE_GRACE_MS, logCloseError);
        await sleep(wait, undefined, { signal: stopped.signal }).catch(() => {});
        continue;
      }
      if (stopped.signal.aborted) return;
      runningLoop = true;
      candidate.run().catch((err: unknown) => logger.error({ err, queue }, 'job worker stopped with an error'));
      return;
    }
  })();

  return {
    async stop(deadline) {
      stopped.abort();
      if (!worker) return;
      if (!runningLoop) {
        // Never got going: nothing in flight, and a graceful close could wait on a store
        // that is not there.
        await settleWithin(worker.close(true), remaining(deadline) + FORCE_GRACE_MS, logCloseError);
        return;
      }
      // From here on the processor starts no handler, so `running` only shrinks.
      const inFlight = Promise.allSettled([...running]);
      await settleWithin(worker.pause(true), remaining(deadline), logCloseError);
      if (await settleWithin(inFlight, remaining(deadline), logCloseError)) {
        // Handlers are done; a plain close also waits for BullMQ to record their outcome,
        // so a finished job is not left active to be run again after its lock expires.
        if (!(await settleWithin(worker.close(), remaining(deadline) + FORCE_GRACE_MS, logCloseError))) {
          logger.error({ queue }, 'job worker did not close in time; left behind');
        }
        return;
      }
      logger.error({ queue, stuck: running.size }, 'jobs still running at the shutdown bound; aborting them');
      worker.cancelAllJobs('shutdown');
      // Forced: no waiting for the stuck handlers. Their jobs stay active until the lock
      // expires, then a worker's stalled-job check puts them back to run again.
      await settleWithin(worker.close(true), FORCE_GRACE_MS, logCloseError);
    },
  };
}

const remaining = (deadline: number) => Math.max(deadline - Date.now(), 0);

const correlationOf = (job: Job) => {
  const given = (job.data as { correlationId?: unknown } | null)?.correlationId;
  return typeof given === 'string' && given !== '' ? given : `job:${job.id}`;
};
