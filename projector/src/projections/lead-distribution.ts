import { parseEventData, type LeadEvent, type LeadEventType, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/**
 * What the fair pool's second half knows of each lead, one row per lead:
 * - the drip: `held_until` while a bulk-created lead waits for its release (agents do not see it);
 * - the open offer: who, since when, until when, under which distribution;
 * - the report's facts: when the lead entered the pool (created, or let in by the drip), its first
 *   claim (by whom, and whether through an offer), its first contact, its sale, and the longest
 *   stretch any holder kept it without a contact (the open stretch is `holding_since`).
 */
export type LeadDistributionRow = {
  id: number;
  held_until: string | null;
  entered_at: string;
  offered_to: number | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  offer_distribution: string | null;
  offers: number;
  /** The distribution of an offer just accepted: the claim that follows in the same append came through it. */
  accepted_via: string | null;
  first_claimed_at: string | null;
  first_claimed_by: number | null;
  claimed_via: string | null;
  first_contacted_at: string | null;
  sold_at: string | null;
  holding_since: string | null;
  longest_hold_ms: number;
  version: number;
};

const handles = [
  'LeadCreated', 'LeadClaimed', 'LeadReleased', 'LeadReassigned', 'LeadStatusChanged',
  'LeadOffered', 'LeadOfferAccepted', 'LeadOfferPassed', 'LeadOfferExpired', 'LeadDripReleased', 'LeadWithdrawn',
] as const;

const ms = (iso: string) => Date.parse(iso);
/** An uncontacted stretch ends: the longest one is kept. */
const endHolding = (r: LeadDistributionRow, at: string): LeadDistributionRow => (r.holding_since === null ? r
  : { ...r, holding_since: null, longest_hold_ms: Math.max(r.longest_hold_ms, ms(at) - ms(r.holding_since)) });
const noOffer = { offered_to: null, offered_at: null, offer_expires_at: null, offer_distribution: null };

function reduce(row: LeadDistributionRow | null, e: RecordedEvent): LeadDistributionRow | null {
  const ev = { type: e.type, data: parseEventData(e.type as LeadEventType, e.data, e.metadata.schemaVersion) } as LeadEvent;
  if (ev.type === 'LeadCreated') {
    const d = ev.data;
    return {
      id: d.leadId, held_until: d.releaseAt ?? null, entered_at: d.releaseAt ?? d.at, ...noOffer, offers: 0, accepted_via: null,
      first_claimed_at: null, first_claimed_by: null, claimed_via: null, first_contacted_at: null, sold_at: null,
      holding_since: null, longest_hold_ms: 0, version: e.streamVersion,
    };
  }
  if (!row) return null;
  const at = ev.data.at;
  switch (ev.type) {
    case 'LeadWithdrawn':
      // Taken back (an import's undo): it leaves the drip's queue and the pool report.
      return null;
    case 'LeadDripReleased':
      return { ...row, held_until: null, entered_at: at };
    case 'LeadOffered':
      return { ...row, offered_to: ev.data.userId, offered_at: at, offer_expires_at: ev.data.expiresAt, offer_distribution: ev.data.distribution, offers: row.offers + 1 };
    case 'LeadOfferAccepted':
      return { ...row, ...noOffer, accepted_via: row.offer_distribution };
    case 'LeadOfferPassed':
    case 'LeadOfferExpired':
      return { ...row, ...noOffer };
    case 'LeadClaimed': {
      const first = row.first_claimed_at === null;
      return {
        ...endHolding(row, at), ...noOffer, accepted_via: null, holding_since: at,
        first_claimed_at: first ? at : row.first_claimed_at, first_claimed_by: first ? ev.data.userId : row.first_claimed_by,
        claimed_via: first ? row.accepted_via ?? 'first_come' : row.claimed_via,
      };
    }
    case 'LeadReassigned':
      // A new holder's stretch starts, unless the lead was already reached.
      return row.holding_since === null ? row : { ...endHolding(row, at), holding_since: at };
    case 'LeadReleased':
      return { ...endHolding(row, at), ...noOffer };
    case 'LeadStatusChanged': {
      const to = ev.data.to;
      const contacted = to === 'contacted' || to === 'qualified' || to === 'sold';
      return {
        ...(contacted ? endHolding(row, at) : row),
        first_contacted_at: contacted && row.first_contacted_at === null ? at : row.first_contacted_at,
        sold_at: to === 'sold' && row.sold_at === null ? at : row.sold_at,
      };
    }
    default:
      return row;
  }
}

export const leadDistribution = rowProjection<LeadDistributionRow>({
  name: 'lead_distribution_v1',
  table: 'lead_distribution_v1',
  keyColumn: 'id',
  handles,
  keyOf: (e) => (e.streamId.startsWith('lead-') ? Number(e.streamId.slice(5)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, held_until timestamptz, entered_at timestamptz not null,
        offered_to int, offered_at timestamptz, offer_expires_at timestamptz, offer_distribution text, offers int not null,
        accepted_via text, first_claimed_at timestamptz, first_claimed_by int, claimed_via text,
        first_contacted_at timestamptz, sold_at timestamptz, holding_since timestamptz, longest_hold_ms bigint not null,
        version int not null
      );
      create index on "${t}" (held_until) where held_until is not null;
      create index on "${t}" (offered_to) where offered_to is not null;
      create index on "${t}" (entered_at);
    `);
  },
});
