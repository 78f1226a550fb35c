import { z } from 'zod';

/** What every stored event carries besides its data. Written once, never rewritten. */
export const EventMetadataSchema = z.object({
  schemaVersion: z.number().int().min(1),
  actorId: z.number().int().nullable(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  commandId: z.string().min(1).nullable().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** An event as read back from the log: its data plus where and when it was recorded. */
export type RecordedEvent<T extends string = string, D = unknown> = {
  eventId: string;
  streamId: string;
  streamVersion: number;
  globalPosition: string;
  transactionId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
  occurredAt: Date;
};

/** An event about to be appended (the store adds ids, versions and positions). */
export type NewEvent<T extends string = string, D = unknown> = { type: T; data: D };

export const streamIdOf = (kind: string, id: number | string) => `${kind}-${id}`;
export const streamKindOf = (streamId: string) => streamId.slice(0, streamId.indexOf('-'));
