import type { Lead, LeadEvent, LeadEventType, LeadPriority, LeadStage, LeadStatus, RecordedEvent } from '@leadfloor/events';
import { evolveLead, initialLeadState, parseEventData } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per lead as the pool, the pipeline and the lead card show it. */
export type LeadPoolRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  city: string;
  state: string;
  lead_type: string;
  status: LeadStatus;
  source: string | null;
  funnel_source: string | null;
  funnel_campaign_id: string | null;
  notes: string | null;
  tags: string[];
  priority: LeadPriority;
  stage: LeadStage;
  score: number | null;
  scored_at: string | null;
  next_follow_up: string | null;
  last_contacted_at: string | null;
  claimed_by: number | null;
  claimed_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  version: number;
};

const handles = [
  'LeadCreated', 'LeadClaimed', 'LeadReleased', 'LeadReassigned', 'LeadStatusChanged', 'LeadStageMoved',
  'LeadPriorityChanged', 'LeadScored', 'LeadTagsChanged', 'FollowUpScheduled', 'FollowUpCleared',
  // No column of the pool, but every event of a lead moves the row's version, which a client's
  // read-your-writes token waits for.
  'LeadAutoReleaseExempted', 'LeadAutoReleaseExemptionLifted', 'LeadAutoReleaseWarned',
  // Imports and custom fields: details edited (pool columns), a withdrawn lead's row deleted;
  // custom field values live in lead_custom_fields_v1, the rest only move the version.
  'LeadDetailsEdited', 'LeadCustomFieldsChanged', 'LeadImported', 'LeadWithdrawn',
  // Offers and the drip: lead_distribution_v1 keeps them; here they only move the version.
  'LeadOffered', 'LeadOfferAccepted', 'LeadOfferPassed', 'LeadOfferExpired', 'LeadDripReleased',
] as const;

const toLead = (r: LeadPoolRow): Lead => ({
  exists: true, id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, city: r.city,
  state: r.state, leadType: r.lead_type as Lead['leadType'], source: r.source as Lead['source'],
  funnelSource: r.funnel_source, funnelCampaignId: r.funnel_campaign_id, notes: r.notes,
  status: r.status, claimedBy: r.claimed_by, claimedAt: r.claimed_at, stage: r.stage, priority: r.priority,
  score: r.score, scoredAt: r.scored_at, tags: r.tags, nextFollowUp: r.next_follow_up,
  lastContactedAt: r.last_contacted_at, createdBy: r.created_by, createdAt: r.created_at, updatedAt: r.updated_at,
  // Auto-release's own state is not the pool's (lead_auto_release_v1 keeps the exemption): no
  // column of this row is folded from it.
  autoReleaseExempt: false, autoReleaseResumedAt: null, autoReleaseWarnedFor: null,
  customFields: {},
  // Offers and the drip are lead_distribution_v1's (no column here either).
  offer: null, offeredTo: [], dripReleaseAt: null,
});

const toRow = (l: Lead, version: number): LeadPoolRow => ({
  id: l.id, name: l.name, email: l.email, phone: l.phone, address: l.address, city: l.city, state: l.state,
  lead_type: l.leadType, status: l.status, source: l.source,
  funnel_source: l.funnelSource, funnel_campaign_id: l.funnelCampaignId, notes: l.notes, tags: l.tags, priority: l.priority,
  stage: l.stage, score: l.score, scored_at: l.scoredAt, next_follow_up: l.nextFollowUp,
  last_contacted_at: l.lastContactedAt, claimed_by: l.claimedBy, claimed_at: l.claimedAt, created_by: l.createdBy,
  created_at: l.createdAt, updated_at: l.updatedAt, version,
});

// The same fold the command side decides with: the pool shows exactly the lead the rules saw.
function reduce(row: LeadPoolRow | null, e: RecordedEvent): LeadPoolRow | null {
  const next = evolveLead(row ? toLead(row) : initialLeadState(), toLeadEvent(e));
  return next.exists ? toRow(next, e.streamVersion) : null;
}

const toLeadEvent = (e: RecordedEvent) =>
  ({ type: e.type, data: parseEventData(e.type as LeadEventType, e.data, e.metadata.schemaVersion) }) as LeadEvent;

export const leadPool = rowProjection<LeadPoolRow>({
  name: 'lead_pool_v1',
  table: 'lead_pool_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('lead-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key,
        name text not null, email text not null, phone text not null, address text,
        city text not null, state text not null, lead_type text not null, status text not null,
        source text, notes text, tags text[] not null default '{}', priority text not null,
        stage text not null, score int, scored_at timestamptz, next_follow_up timestamptz,
        last_contacted_at timestamptz, claimed_by int, claimed_at timestamptz, created_by int,
        created_at timestamptz not null, updated_at timestamptz not null, version int not null,
        -- Last, as migration 021 added them to tables made before.
        funnel_source text, funnel_campaign_id text
      );
      create index on "${t}" (created_at desc, id desc);
      create index on "${t}" (status, created_at desc, id desc);
      create index on "${t}" (claimed_by) where claimed_by is not null;
      create index on "${t}" (lead_type);
    `);
  },
});

/** One lead's pool row after an event: the time-travel history keeps each of these as a version. */
export { reduce as leadPoolRowAfter };
