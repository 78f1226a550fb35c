import type { Job, JobState, JobType, JobsOptions, Processor } from 'bullmq';
import type { JobBackendKind } from './job-queue';

// The two stores give Queue and Worker different backend type parameters, which TypeScript
// will not unify; past construction this module only needs what both have.
export type BullQueue = {
  readonly name: string;
  add(name: string, data: unknown, opts: JobsOptions): Promise<unknown>;
  remove(jobId: string): Promise<number>;
  getJob(jobId: string): Promise<Job | undefined>;
  getJobState(jobId: string): Promise<JobState | 'unknown'>;
  getJobCounts(...types: JobType[]): Promise<Record<string, number>>;
  on(event: 'error', listener: (err: Error) => void): unknown;
  waitUntilReady(): Promise<void>;
  close(): Promise<void>;
};
export type BullWorker = {
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'failed', listener: (job: Job | undefined, err: Error) => void): unknown;
  waitUntilReady(): Promise<void>;
  run(): Promise<void>;
  pause(doNotWaitActive?: boolean): Promise<void>;
  cancelAllJobs(reason?: string): void;
  close(force?: boolean): Promise<void>;
};

/** How one store builds BullMQ's classes; everything else is the same code for both. */
export type BullBackend = {
  kind: JobBackendKind;
  queue(name: string): BullQueue;
  /** Built with `autorun: false`: job-worker.ts runs it once it is ready. */
  worker(name: string, processor: Processor, concurrency: number): BullWorker;
};
