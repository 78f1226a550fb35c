import type { NewEvent, RecordedEvent, EventMetadata } from '@leadfloor/events';

/** A position in the log's commit order: (transaction id, global position). */
export type LogPosition = { transactionId: string; globalPosition: string };
export const LOG_START: LogPosition = { transactionId: '0', globalPosition: '0' };

export type UniqueKey = { scope: string; key: string };

/**
 * A change to a command-side counter, made in the append's own statement. An increase with a
 * `max` is refused (CounterLimitError, and nothing of the append happens) when the counter would
 * pass it, decided on the counter's latest committed value: concurrent appends that move the
 * same counter queue on its row, so none of them reads a count another is about to change.
 */
export type CounterChange = { scope: string; key: string; delta: number; max?: number | null };

/** Another stream a decision was built on, at the version read (0: the stream did not exist). */
export type StreamGuard = { streamId: string; version: number };

export type AppendRequest = {
  streamId: string;
  streamType: string;
  /** The version the caller decided against; 0 for a new stream. */
  expectedVersion: number;
  events: NewEvent[];
  metadata: Omit<EventMetadata, 'schemaVersion' | 'commandId'>;
  /** A client-supplied command id: a retry with the same id returns the stored result. */
  commandId?: string;
  /** What the command answers; stored with the command id for retries. */
  result?: unknown;
  /** Command-side uniqueness claimed (or released) in the same transaction as the append. */
  claimKeys?: UniqueKey[];
  releaseKeys?: UniqueKey[];
  /** Counters moved in the same transaction as the append (the lead pool's active claims per agent). */
  counters?: CounterChange[];
  /**
   * Other streams the decision was built on: the append happens only while each is still at its
   * version, else StreamGuardMovedError and nothing is appended (the caller reads them again).
   */
  guards?: StreamGuard[];
};

export type AppendResult = {
  /** The stream's version after the append. */
  version: number;
  /** The global positions given to the events, in order. */
  positions: string[];
  /** The stored result (the original one when the command id was seen before). */
  result: unknown;
  /** True when this was a retry of an already appended command. */
  replayed: boolean;
};

export type EventStore = {
  append(req: AppendRequest): Promise<AppendResult>;
  readStream(streamId: string, opts?: { until?: Date; fromVersion?: number }): Promise<RecordedEvent[]>;
  /**
   * What a command reads before deciding, in one round trip: the stream's events from
   * `fromVersion` on and, when `commandId` is given, the answer stored under it.
   */
  readForCommand(streamId: string, opts?: { fromVersion?: number; commandId?: string }): Promise<{
    events: RecordedEvent[]; stored: { result: unknown } | null;
  }>;
  /** Events committed after `after`, in commit order, never past the oldest running transaction. */
  readAfter(after: LogPosition, limit: number): Promise<RecordedEvent[]>;
  /** The stored result of a command id, if that command was appended. */
  commandResult(commandId: string): Promise<{ result: unknown } | null>;
  /** Allocates the next integer id of an entity kind (lead, user...). */
  nextId(kind: string): Promise<number>;
  /** Reserves `count` consecutive ids of a kind and returns the first (bulk imports, the seed). */
  reserveIds(kind: string, count: number): Promise<number>;
};
