import type { z } from 'zod';
import { createBullJobs } from './bullmq-jobs';
import { postgresBackend } from './postgres-backend';
import { redisBackend } from './redis-backend';

/**
 * Background jobs for LeadFloor: one interface, two stores. BullMQ runs on Redis in the
 * distributed form and on its PostgreSQL backend in the embedded form, so one job code path
 * serves both (DESIGN.md, "Jobs and fan-out").
 *
 * Delivery is at least once. A job can run twice (a retried enqueue racing a removal, a
 * worker killed or force-closed mid-job whose lock then expires, a retry after a handler that
 * did its work but failed to report it), and a removed job can already be running. So a
 * handler must be harmless when duplicated or when what it was for has been cancelled:
 * it re-reads the current state when it fires and acts only through commands with an
 * expected version (a stale one is a VersionConflict, which the handler treats as "someone
 * else already decided"), or through commands with a command id derived from the job id
 * (a retried command with the same id is one event). It never trusts the payload as the
 * current truth; the payload only says what to re-check.
 */
export type Jobs = {
  readonly backend: JobBackendKind;
  /** The producer side of a queue; one per name, however often it is asked for. */
  queue<S extends z.ZodType>(definition: JobQueueDefinition<S>): JobQueue<z.input<S>>;
  /**
   * Starts a worker on a queue. The payload is parsed with the queue's schema before the
   * handler sees it; a payload that does not parse fails at once, without retries.
   */
  work<S extends z.ZodType>(definition: JobQueueDefinition<S>, handler: JobHandler<z.output<S>>, options?: WorkOptions): void;
  /** Depth and outcome counts of every queue produced to or worked on here, by name (for metrics). */
  counts(): Promise<Record<string, JobCounts>>;
  /**
   * Graceful shutdown with a bound: workers stop taking jobs at once, in-flight jobs get up to
   * `timeoutMs` (default 10 s) to finish, then their signals abort and the connections are
   * force-closed. A job cut off this way stays active in the store until its lock expires;
   * the next worker's stalled-job check then runs it again. Never hangs.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
};

export type JobBackendKind = 'redis' | 'postgres';

export type JobQueueDefinition<S extends z.ZodType = z.ZodType> = {
  /** Lowercase letters, digits and dashes (`lead-reminders`). */
  name: string;
  payload: S;
  /** Default: 5 attempts, exponential backoff from 1 s. */
  retry?: RetryPolicy;
};

/** `attempts` counts the first run. Exponential backoff waits delayMs, 2×delayMs, 4×delayMs… */
export type RetryPolicy = { attempts: number; backoff: { type: 'fixed' | 'exponential'; delayMs: number } };

export type EnqueueOptions = {
  /**
   * Required, and the dedupe key: enqueueing an id that already exists (waiting, delayed,
   * active, or finished and still retained) is a no-op, so a retried enqueue is one job.
   * Derive it from what the job is about (`reminder-<leadId>-<dueAt>`). BullMQ refuses
   * ids that are plain integers or contain `:`.
   */
  jobId: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Run no earlier than this instant (a reminder's due time). Exclusive with delayMs. */
  runAt?: Date;
};

export type JobQueue<T> = {
  readonly name: string;
  /** Validates the payload with the queue's schema (bad input is never stored), then adds it. */
  enqueue(payload: T, options: EnqueueOptions): Promise<void>;
  /**
   * Removes a job that is not running (waiting, delayed or finished) so it never runs and its
   * id is free again. Returns false when there is no such job or it is running right now;
   * a running job finishes, and its handler's re-check makes that harmless.
   */
  remove(jobId: string): Promise<boolean>;
  status(jobId: string): Promise<JobStatus | undefined>;
  /** Depth and outcome counts, for metrics. */
  counts(): Promise<JobCounts>;
};

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
export type JobStatus = { id: string; state: JobState; attemptsMade: number; failedReason?: string };
export type JobCounts = Record<JobState, number>;

export type JobContext = {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborts when close() gives up waiting; a long handler should pass it on to its I/O. */
  signal: AbortSignal;
  /**
   * The request (or event) this job follows from, for logs and for the commands it runs: the
   * payload's `correlationId` when its schema has one, else `job:<jobId>`.
   */
  correlationId: string;
};

/** Resolve when done; throw to fail this attempt (it is retried per the queue's policy). */
export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

export type WorkOptions = { concurrency?: number };

/** pino-compatible; failed attempts are warnings, connection trouble is an error. */
export type JobsLogger = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  /** Each run's start and end, with its correlation id (pino's debug level). */
  debug?(details: object, message: string): void;
};

export type JobsOptions = {
  /** Set in the distributed form: jobs live in Redis. */
  redisUrl?: string;
  /** Used when redisUrl is not set: jobs live in this database, in the schema named by prefix. */
  databaseUrl: string;
  /** Redis key prefix, or PostgreSQL schema. Default `lf_jobs`. */
  prefix?: string;
  logger?: JobsLogger;
};

const PREFIX = /^[a-z_][a-z0-9_]{0,62}$/;
const QUEUE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Names a queue and its payload schema; producer and worker share the same definition. */
export function defineJobQueue<S extends z.ZodType>(definition: JobQueueDefinition<S>): JobQueueDefinition<S> {
  if (!QUEUE_NAME.test(definition.name)) throw new Error(`job queue name ${JSON.stringify(definition.name)} must match ${QUEUE_NAME}`);
  return definition;
}

/** Redis when `redisUrl` is set, BullMQ's PostgreSQL backend otherwise. */
export function createJobs({ redisUrl, databaseUrl, prefix = 'lf_jobs', logger = consoleLogger }: JobsOptions): Jobs {
  // One pattern serves both: a Postgres schema name is the stricter of the two namespaces.
  if (!PREFIX.test(prefix)) throw new Error(`jobs prefix ${JSON.stringify(prefix)} must match ${PREFIX}`);
  const backend = redisUrl ? redisBackend(redisUrl, prefix) : postgresBackend(databaseUrl, prefix);
  return createBullJobs(backend, logger);
}

const consoleLogger: JobsLogger = {
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};
