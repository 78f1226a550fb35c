import type { RecordedEvent } from './envelope';

/**
 * When an event happened on the floor: the instant its data carries (`at`, the moment the
 * command was decided, which the lead shows as claimedAt or updatedAt), else when it was
 * stored. Every as-of read (a lead's, the pool's, the pipeline's, the leaderboard's) dates
 * events by this one instant, so the same question gets the same answer from each of them.
 */
export const eventTime = (e: Pick<RecordedEvent, 'data' | 'occurredAt'>): Date => {
  const at = (e.data as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? new Date(at) : e.occurredAt;
};
