import { z } from 'zod';
import type { EventMetadata, RecordedEvent } from '@leadfloor/events';

// The wire form of an event on the Kafka topic: the RecordedEvent as JSON (occurredAt as an
// ISO string), keyed by stream id. Both ends live here so they cannot drift apart.

type EventRef = Pick<RecordedEvent, 'eventId' | 'streamId' | 'globalPosition' | 'transactionId'>;

/** An event that cannot go to Kafka as it is: the relay stops on it, never skips it. */
export class PoisonEventError extends Error {
  constructor(readonly event: EventRef, reason: string, options?: { cause?: unknown }) {
    super(`relay stopped on poison event ${event.eventId} (${event.streamId}, position ${event.transactionId}/${event.globalPosition}): ${reason}`, options);
    this.name = 'PoisonEventError';
  }
}

/** A message on the topic that is not an event: the consumer stops on it, never skips it. */
export class PoisonMessageError extends Error {
  constructor(readonly topic: string, readonly partition: number, readonly offset: bigint, reason: string, options?: { cause?: unknown }) {
    super(`unreadable message at ${topic}/${partition}@${offset}: ${reason}`, options);
    this.name = 'PoisonMessageError';
  }
}

export function encodeEvent(event: RecordedEvent): string {
  let value: string | undefined;
  try {
    value = JSON.stringify(event);
  } catch (err) {
    throw new PoisonEventError(event, 'cannot be serialized to JSON', { cause: err });
  }
  if (value === undefined) throw new PoisonEventError(event, 'serialized to nothing');
  return value;
}

const digits = z.string().regex(/^\d+$/);
const WireEvent = z.object({
  eventId: z.string().min(1),
  streamId: z.string().min(1),
  streamVersion: z.number().int().min(1),
  globalPosition: digits,
  transactionId: digits,
  type: z.string().min(1),
  data: z.unknown(),
  // Only what reading needs is checked: upcasting goes by schemaVersion.
  metadata: z.looseObject({ schemaVersion: z.number().int().min(1) }),
  occurredAt: z.iso.datetime({ offset: true }),
});

export function decodeEvent(value: string | undefined, where: { topic: string; partition: number; offset: bigint }): RecordedEvent {
  const fail = (reason: string, cause?: unknown) =>
    new PoisonMessageError(where.topic, where.partition, where.offset, reason, { cause });
  if (value === undefined) throw fail('no value');
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch (err) {
    throw fail('not JSON', err);
  }
  const parsed = WireEvent.safeParse(json);
  if (!parsed.success) throw fail(`not an event: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const e = parsed.data;
  return { ...e, metadata: e.metadata as EventMetadata, occurredAt: new Date(e.occurredAt) };
}
