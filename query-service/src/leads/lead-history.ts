import { parseEventData, type RecordedEvent } from '@leadfloor/events';

type Data = Record<string, unknown>;
type Change = { from: unknown; to: unknown };

const label = (v: unknown) => (v === null || v === undefined ? 'none' : Array.isArray(v) ? v.join(', ') || 'none' : String(v));
const nameIn = (names: Map<number, string>, id: unknown) => (typeof id === 'number' ? names.get(id) ?? `user ${id}` : 'someone');
/** A field the event set, and what the earlier events had left in it. */
const set = (prev: Data, field: string, to: unknown): Change => ({ from: prev[field] ?? null, to });

/** When a lead event happened: the instant it carries, else when it was stored. */
export const eventTime = (e: RecordedEvent) => {
  const at = (e.data as { at?: unknown }).at;
  return typeof at === 'string' ? new Date(at) : e.occurredAt;
};

/** The fields of lead events that hold user ids, besides the actor's. */
const USER_FIELDS = ['userId', 'from', 'to', 'releasedBy', 'reassignedBy', 'exemptedBy', 'liftedBy'] as const;

/** Every user a history names (actors, claimers, holders), once each: whose names to look up. */
export function usersNamedIn(events: RecordedEvent[]): number[] {
  const ids = new Set<number>();
  for (const e of events) {
    if (typeof e.metadata.actorId === 'number') ids.add(e.metadata.actorId);
    const d = e.data as Data;
    for (const k of USER_FIELDS) if (typeof d[k] === 'number') ids.add(d[k]);
  }
  return [...ids];
}

/** One line an auditor can read, and the fields the event changed, for each lead event. */
export function describeLeadEvent(e: RecordedEvent, names: Map<number, string>, prev: Data): { summary: string; changes: Record<string, Change> } {
  const d = e.data as Data;
  switch (e.type) {
    case 'LeadCreated':
      return { summary: `Lead created (${label(d.leadType)}, source ${label(d.source)})`, changes: { status: { from: null, to: 'available' } } };
    case 'LeadClaimed':
      return { summary: `Claimed by ${nameIn(names, d.userId)}`, changes: { status: set(prev, 'status', 'claimed'), claimedBy: set(prev, 'claimedBy', d.userId) } };
    case 'LeadReleased': {
      const released = parseEventData('LeadReleased', e.data, e.metadata.schemaVersion);
      const changes = { status: set(prev, 'status', 'available'), claimedBy: set(prev, 'claimedBy', null) };
      return released.reason === 'auto_release'
        ? { summary: `Released to the pool automatically: ${nameIn(names, released.userId)} had not reached the customer within the floor's auto-release time (pool policy v${released.policyVersion ?? '?'})`, changes }
        : { summary: `Released to the pool by ${nameIn(names, released.releasedBy)}`, changes };
    }
    case 'LeadReassigned':
      return {
        summary: `Reassigned from ${nameIn(names, d.from)} to ${nameIn(names, d.to)} by ${nameIn(names, d.reassignedBy)}`,
        changes: { claimedBy: set(prev, 'claimedBy', d.to) },
      };
    case 'LeadStatusChanged':
      return { summary: `Status ${label(d.from)} → ${label(d.to)}`, changes: { status: { from: d.from, to: d.to } } };
    case 'LeadStageMoved':
      return { summary: `Stage ${label(d.from)} → ${label(d.to)}`, changes: { stage: { from: d.from, to: d.to } } };
    case 'LeadPriorityChanged':
      return { summary: `Priority ${label(d.from)} → ${label(d.to)}`, changes: { priority: { from: d.from, to: d.to } } };
    case 'LeadScored':
      return { summary: `Score set to ${label(d.score)}`, changes: { score: set(prev, 'score', d.score) } };
    case 'LeadTagsChanged':
      return { summary: `Tags: ${label(d.tags)}`, changes: { tags: set(prev, 'tags', d.tags) } };
    case 'FollowUpScheduled':
      return { summary: `Follow-up scheduled for ${label(d.due)}`, changes: { nextFollowUp: set(prev, 'nextFollowUp', d.due) } };
    case 'FollowUpCleared':
      return { summary: 'Follow-up cleared', changes: { nextFollowUp: set(prev, 'nextFollowUp', null) } };
    case 'LeadAutoReleaseExempted':
      return { summary: `Exempted from auto-release by ${nameIn(names, d.exemptedBy)}`, changes: { autoReleaseExempt: { from: false, to: true } } };
    case 'LeadAutoReleaseExemptionLifted':
      return { summary: `Put back under auto-release by ${nameIn(names, d.liftedBy)}; its clock starts again`, changes: { autoReleaseExempt: { from: true, to: false } } };
    case 'LeadAutoReleaseWarned':
      return { summary: `${nameIn(names, d.userId)} warned: back to the pool at ${label(d.releaseAt)} without a contact (pool policy v${label(d.policyVersion)})`, changes: {} };
    default:
      return { summary: e.type, changes: {} };
  }
}

/**
 * The history an auditor reads: each event's line, its changes, who did it and when (the
 * instant the event carries). Tracks the fields the summaries compare against, event by event.
 */
export function historyOf(events: RecordedEvent[], names: Map<number, string>) {
  const prev: Data = {};
  return events.map((e) => {
    const { summary, changes } = describeLeadEvent(e, names, prev);
    for (const k in changes) prev[k] = changes[k]!.to;
    const actorId = e.metadata.actorId;
    return {
      version: e.streamVersion, type: e.type, at: eventTime(e).toISOString(), actorId,
      actorName: actorId === null ? null : names.get(actorId) ?? null, summary, changes,
    };
  });
}
