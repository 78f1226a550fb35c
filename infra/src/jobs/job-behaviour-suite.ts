import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../../test/wait-for';
import { defineJobQueue, type JobContext, type Jobs, type JobsLogger, type RetryPolicy } from './job-queue';

// The behaviour every job backend must show, run by redis-jobs.int.spec.ts and
// postgres-jobs.int.spec.ts against the real stores. Nothing here waits a fixed time:
// "did not run" is shown by a later job on the same single-concurrency worker having run,
// and "runs after" by waiting for the run.

const Reminder = z.object({ leadId: z.uuid(), note: z.string() }).strict();
type Reminder = z.infer<typeof Reminder>;
type Run = { payload: Reminder; context: JobContext; at: number };

const quiet: JobsLogger = { warn: () => {}, error: () => {} };
const reminder = (note = 'call back'): Reminder => ({ leadId: randomUUID(), note });
const queueDefinition = (retry?: RetryPolicy) =>
  defineJobQueue({ name: `t-${randomUUID().slice(0, 8)}`, payload: Reminder, ...(retry ? { retry } : {}) });

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

export function describeJobBehaviour(label: string, makeJobs: (logger: JobsLogger) => Jobs) {
  describe(label, () => {
    const opened: Jobs[] = [];
    const open = () => {
      const jobs = makeJobs(quiet);
      opened.push(jobs);
      return jobs;
    };
    // Watches the store from outside the workers, also after a worker's Jobs is closed.
    let store: Jobs;
    beforeAll(() => {
      store = open();
    });
    afterAll(async () => {
      await Promise.all(opened.map((jobs) => jobs.close({ timeoutMs: 5_000 })));
    });

    /** A worker (concurrency 1 unless told) that records its runs. */
    function recordingWorker(definition: ReturnType<typeof queueDefinition>, onRun?: (run: Run) => Promise<void>, concurrency = 1) {
      const runs: Run[] = [];
      open().work(definition, async (payload, context) => {
        const run = { payload, context, at: Date.now() };
        runs.push(run);
        await onRun?.(run);
      }, { concurrency });
      return runs;
    }

    const ranJob = (runs: Run[], jobId: string) => waitFor(() => runs.find((r) => r.context.jobId === jobId), { what: `job ${jobId} to run` });
    const reaches = (jobId: string, definition: ReturnType<typeof queueDefinition>, state: string) =>
      waitFor(async () => {
        const status = await store.queue(definition).status(jobId);
        return status?.state === state ? status : undefined;
      }, { what: `job ${jobId} to be ${state}` });

    it('runs a job with its payload', async () => {
      const q = queueDefinition();
      const runs = recordingWorker(q);
      const payload = reminder();
      await store.queue(q).enqueue(payload, { jobId: 'r-1' });

      const run = await ranJob(runs, 'r-1');
      expect(run.payload).toEqual(payload);
      expect(run.context.attempt).toBe(1);
      await reaches('r-1', q, 'completed');
    });

    it('runs a delayed job at its due time, not before', async () => {
      const q = queueDefinition();
      const runs = recordingWorker(q);
      const runAt = new Date(Date.now() + 2_000);
      await store.queue(q).enqueue(reminder(), { jobId: 'later', runAt });
      await store.queue(q).enqueue(reminder(), { jobId: 'now' });

      await reaches('now', q, 'completed');
      expect((await store.queue(q).status('later'))?.state).toBe('delayed');
      expect(runs.map((r) => r.context.jobId)).toEqual(['now']);

      const run = await ranJob(runs, 'later');
      expect(run.at).toBeGreaterThanOrEqual(runAt.getTime());
      await reaches('later', q, 'completed');
    });

    it('treats a retried enqueue with the same job id as one job', async () => {
      const q = queueDefinition();
      const runs = recordingWorker(q);
      const producer = store.queue(q);
      await Promise.all([1, 2, 3].map((n) => producer.enqueue(reminder(`try ${n}`), { jobId: 'once' })));
      await producer.enqueue(reminder(), { jobId: 'marker-1' });
      await reaches('marker-1', q, 'completed');
      // Also once the first has finished: its retained record still holds the id.
      await producer.enqueue(reminder('late retry'), { jobId: 'once' });
      await producer.enqueue(reminder(), { jobId: 'marker-2' });
      await reaches('marker-2', q, 'completed');

      expect(runs.filter((r) => r.context.jobId === 'once')).toHaveLength(1);
      expect((await producer.counts()).completed).toBe(3);
    });

    it('retries a failing job with backoff, then marks it failed with its error', async () => {
      const q = queueDefinition({ attempts: 3, backoff: { type: 'fixed', delayMs: 50 } });
      const runs = recordingWorker(q, async ({ context }) => {
        throw new Error(`boom on attempt ${context.attempt}`);
      });
      await store.queue(q).enqueue(reminder(), { jobId: 'flaky' });

      const status = await reaches('flaky', q, 'failed');
      expect(runs.map((r) => r.context.attempt)).toEqual([1, 2, 3]);
      expect(status).toMatchObject({ attemptsMade: 3, failedReason: 'boom on attempt 3' });
      expect((await store.queue(q).counts()).failed).toBe(1);
    });

    it('refuses to enqueue a payload that does not match the schema', async () => {
      const q = queueDefinition();
      const bad = { leadId: 'not-a-uuid', note: 'x' };
      await expect(store.queue(q).enqueue(bad, { jobId: 'bad' })).rejects.toThrow(z.ZodError);
      expect(await store.queue(q).status('bad')).toBeUndefined();
    });

    it('fails a stored payload that does not parse at once, without retrying it', async () => {
      const q = queueDefinition({ attempts: 5, backoff: { type: 'fixed', delayMs: 10 } });
      const runs = recordingWorker(q);
      // An older producer with a looser schema wrote it.
      const loose = defineJobQueue({ ...q, payload: z.object({ leadId: z.string() }) });
      await store.queue(loose).enqueue({ leadId: 'not-a-uuid' }, { jobId: 'stale-shape' });

      const status = await reaches('stale-shape', q, 'failed');
      expect(status.attemptsMade).toBe(1);
      expect(status.failedReason).toMatch(/payload does not match/);
      expect(runs).toEqual([]);
    });

    it('never runs a delayed job removed by its id', async () => {
      const q = queueDefinition();
      const runs = recordingWorker(q);
      const producer = store.queue(q);
      await producer.enqueue(reminder(), { jobId: 'cancelled', delayMs: 300 });
      expect(await producer.remove('cancelled')).toBe(true);
      expect(await producer.status('cancelled')).toBeUndefined();
      expect(await producer.remove('cancelled')).toBe(false);
      // Due after the removed one: had it still been there, it would have run first.
      await producer.enqueue(reminder(), { jobId: 'after', delayMs: 600 });

      await reaches('after', q, 'completed');
      expect(runs.map((r) => r.context.jobId)).toEqual(['after']);
    });

    it('reports queue depth by state', async () => {
      const q = queueDefinition();
      const producer = store.queue(q);
      await producer.enqueue(reminder(), { jobId: 'a' });
      await producer.enqueue(reminder(), { jobId: 'b' });
      await producer.enqueue(reminder(), { jobId: 'c', delayMs: 60_000 });
      expect(await producer.counts()).toEqual({ waiting: 2, delayed: 1, active: 0, completed: 0, failed: 0 });
    });

    it('runs up to its concurrency at once', async () => {
      const q = queueDefinition();
      const release = gate();
      const runs = recordingWorker(q, () => release.opened, 3);
      await Promise.all(['x', 'y', 'z'].map((id) => store.queue(q).enqueue(reminder(), { jobId: id })));
      await waitFor(() => runs.length === 3, { what: 'three jobs running together' });
      release.open();
      await reaches('z', q, 'completed');
    });

    it('close() stops taking jobs and waits for the one in flight', async () => {
      const q = queueDefinition();
      const release = gate();
      const started = gate();
      const worker = open();
      const ran: string[] = [];
      let finished = false;
      worker.work(q, async (_payload, { jobId }) => {
        ran.push(jobId);
        started.open();
        await release.opened;
        finished = true;
      }, { concurrency: 2 });
      await store.queue(q).enqueue(reminder(), { jobId: 'in-flight' });
      await started.opened;

      let closed = false;
      const closing = worker.close({ timeoutMs: 30_000 }).then(() => (closed = true));
      await store.queue(q).enqueue(reminder(), { jobId: 'too-late' });
      await reaches('too-late', q, 'waiting');
      expect(closed).toBe(false);

      release.open();
      await closing;
      expect(finished).toBe(true);
      // Recorded as done before close() returned, so it will not be run again.
      expect((await store.queue(q).status('in-flight'))?.state).toBe('completed');
      expect((await store.queue(q).status('too-late'))?.state).toBe('waiting');
      expect(ran).toEqual(['in-flight']);
    });

    it('close() returns at its bound when a job is stuck, aborting its signal', { timeout: 20_000 }, async () => {
      const q = queueDefinition();
      const never = gate();
      const worker = open();
      let signal: AbortSignal | undefined;
      worker.work(q, async (_payload, context) => {
        signal = context.signal;
        await never.opened;
      });
      await store.queue(q).enqueue(reminder(), { jobId: 'stuck' });
      await waitFor(() => signal, { what: 'the stuck job to start' });

      await worker.close({ timeoutMs: 300 });
      expect(signal?.aborted).toBe(true);
      // Left active; once its lock expires the stalled-job check hands it to another worker.
      expect((await store.queue(q).status('stuck'))?.state).toBe('active');
      never.open();
    });
  });
}
