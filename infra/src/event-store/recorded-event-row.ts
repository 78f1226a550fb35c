import type { RecordedEvent, EventMetadata } from '@leadfloor/events';

export type EventRow = {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
};

export const EVENT_COLUMNS =
  'global_position, transaction_id::text as transaction_id, stream_id, stream_version, event_id, type, data, metadata, occurred_at';

export const toRecordedEvent = (r: EventRow): RecordedEvent => ({
  eventId: r.event_id,
  streamId: r.stream_id,
  streamVersion: Number(r.stream_version),
  globalPosition: r.global_position,
  transactionId: r.transaction_id,
  type: r.type,
  data: r.data,
  metadata: r.metadata,
  occurredAt: r.occurred_at,
});
