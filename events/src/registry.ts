import type { z } from 'zod';
import { academyEventSchemas } from './academy-events';
import { applicationEventSchemas } from './application-events';
import { jobEventSchemas } from './job-events';
import { billingEventSchemas } from './billing-events';
import { callEventSchemas } from './call-events';
import { distributionEventSchemas } from './distribution-events';
import { customFieldEventSchemas } from './custom-field-events';
import { funnelEventSchemas } from './funnel-events';
import { gamificationEventSchemas } from './gamification-events';
import { importEventSchemas } from './import-events';
import { integrationEventSchemas } from './integration-events';
import { leadEventSchemas, upcastLeadReleasedV1 } from './lead-events';
import { poolPolicyEventSchemas } from './pool-policy-events';
import { saleEventSchemas } from './sale-events';
import { teamChatEventSchemas } from './team-chat-events';
import { teamEventSchemas } from './team-events';
import { teamTaskEventSchemas } from './team-task-events';
import { twoFactorEventSchemas } from './two-factor-events';
import { userEventSchemas } from './user-events';

/** Every domain event type with the zod schema of its current data shape. */
export const eventSchemas = {
  ...leadEventSchemas, ...userEventSchemas, ...teamEventSchemas,
  ...callEventSchemas, ...saleEventSchemas, ...gamificationEventSchemas,
  ...teamChatEventSchemas,
  ...teamTaskEventSchemas,
  ...twoFactorEventSchemas,
  ...billingEventSchemas,
  ...poolPolicyEventSchemas,
  ...distributionEventSchemas,
  ...customFieldEventSchemas,
  ...importEventSchemas,
  ...integrationEventSchemas,
  ...academyEventSchemas,
  ...jobEventSchemas,
  ...applicationEventSchemas,
  ...funnelEventSchemas,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
/** Types whose data changed shape since they were first stored, at their current version (others are at 1). */
const changedSchemas: Partial<Record<EventType, number>> = { LeadReleased: 2 };
export const currentSchemaVersion: Record<EventType, number> = Object.fromEntries(
  Object.keys(eventSchemas).map((t) => [t, changedSchemas[t as EventType] ?? 1]),
) as Record<EventType, number>;

/**
 * Old shapes are upcast on read, never rewritten: an upcaster takes the stored data at
 * `fromVersion` and returns the data of the next version.
 */
const upcasters: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {
  LeadReleased: { 1: upcastLeadReleasedV1 },
};

export const isEventType = (t: string): t is EventType => Object.hasOwn(eventSchemas, t);

export class UnknownEventError extends Error {}

/** Parses stored event data into the current shape of its type, upcasting older versions. */
export function parseEventData<T extends EventType>(type: T, data: unknown, schemaVersion: number): EventData<T> {
  let current = data;
  for (let v = schemaVersion; v < currentSchemaVersion[type]; v++) {
    const up = upcasters[type]?.[v];
    if (!up) throw new UnknownEventError(`no upcaster for ${type} v${v}`);
    current = up(current);
  }
  return eventSchemas[type].parse(current) as EventData<T>;
}
