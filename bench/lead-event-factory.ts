import type { AppendRequest } from '@leadfloor/infra/event-store/types';
import { sampleData } from './sample-event';

const meta = { actorId: 7, correlationId: 'bench', causationId: null };

/**
 * Appends for a set of leads, one event at a time and never two at once on one lead: a new lead's
 * LeadCreated, then LeadScored events at the version the appender holds. Valid events, so every
 * projection applies them as it would live ones.
 */
export function leadAppends(firstLeadId: number, leads: number) {
  const versions = new Map<number, number>();
  const busy = new Set<number>();
  let cursor = 0;
  return {
    /** The next append on a lead that is not busy, or null when every lead is. */
    next(): { leadId: number; request: AppendRequest; done(ok: boolean): void } | null {
      for (let tries = 0; tries < leads; tries++) {
        const leadId = firstLeadId + (cursor++ % leads);
        if (busy.has(leadId)) continue;
        busy.add(leadId);
        const version = versions.get(leadId) ?? 0;
        const at = new Date().toISOString();
        const event = version === 0
          ? { type: 'LeadCreated', data: { ...sampleData(leadId), at } }
          : { type: 'LeadScored', data: { leadId, score: (leadId + version) % 101, at } };
        return {
          leadId,
          request: { streamId: `lead-${leadId}`, streamType: 'lead', expectedVersion: version, events: [event], metadata: meta },
          done(ok) {
            busy.delete(leadId);
            if (ok) versions.set(leadId, version + 1);
          },
        };
      }
      return null;
    },
  };
}
