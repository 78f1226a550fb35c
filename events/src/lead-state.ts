import type { PoolDistribution } from './pool-policy-events';
import type { CustomFieldValue, LeadEvent, LeadPriority, LeadSource, LeadStage, LeadStatus, LeadType } from './lead-events';

/** A lead as its own events describe it: what the decider needs, and what an as-of read shows. */
export type Lead = {
  exists: true;
  id: number;
  name: string;
  email: string;
  phone: string;
  address: string | null;
  city: string;
  state: string;
  leadType: LeadType;
  source: LeadSource | null;
  /** The marketing funnel's source (utm_source) and campaign (utm_campaign) the lead came in with; null when none said. */
  funnelSource: string | null;
  funnelCampaignId: string | null;
  notes: string | null;
  status: LeadStatus;
  /** The one holder. null exactly when status is 'available' (the fold keeps them together). */
  claimedBy: number | null;
  claimedAt: string | null;
  stage: LeadStage;
  priority: LeadPriority;
  /** null until first scored: "never scored" differs from a deliberate 0 (spec 5: unscored leads pass any score filter). */
  score: number | null;
  scoredAt: string | null;
  tags: string[];
  nextFollowUp: string | null;
  lastContactedAt: string | null;
  /** A manager took the lead out of the floor's auto-release rule. */
  autoReleaseExempt: boolean;
  /** When the exemption was last lifted: the auto-release clock starts again then. */
  autoReleaseResumedAt: string | null;
  /** The release instant the current holder was warned of (null: not warned during this holding). */
  autoReleaseWarnedFor: string | null;
  /** The open offer (round-robin or weighted distribution): only this agent may take the lead until it expires. */
  offer: LeadOffer | null;
  /** Who was offered the lead since it entered the pool: the rotation moves on to someone else. */
  offeredTo: number[];
  /** A bulk-created lead the drip holds back until then; null once it is in the pool (or never held). */
  dripReleaseAt: string | null;
  /** Values of the floor's custom fields, by field name (checked against the definitions when set). */
  customFields: Record<string, CustomFieldValue>;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
};

export type LeadState = { exists: false } | Lead;

export type LeadOffer = { userId: number; offeredAt: string; expiresAt: string; distribution: PoolDistribution };

export const initialLeadState = (): LeadState => ({ exists: false });

/**
 * Folds one event into the lead. Pure and total: it trusts the log (the decider already
 * enforced the rules when the event was written), so replaying history never throws.
 * Events for a lead that does not exist yet are ignored rather than invented into one.
 */
export function evolveLead(s: LeadState, e: LeadEvent): LeadState {
  if (e.type === 'LeadCreated') {
    const d = e.data;
    return {
      exists: true,
      id: d.leadId,
      name: d.name,
      email: d.email,
      phone: d.phone,
      address: d.address,
      city: d.city,
      state: d.state,
      leadType: d.leadType,
      source: d.source,
      funnelSource: d.funnelSource ?? null,
      funnelCampaignId: d.funnelCampaignId ?? null,
      notes: d.notes,
      status: 'available',
      claimedBy: null,
      claimedAt: null,
      stage: 'new',
      priority: 'medium',
      score: null,
      scoredAt: null,
      tags: [],
      nextFollowUp: null,
      lastContactedAt: null,
      autoReleaseExempt: false,
      autoReleaseResumedAt: null,
      autoReleaseWarnedFor: null,
      offer: null,
      offeredTo: [],
      dripReleaseAt: d.releaseAt ?? null,
      customFields: {},
      createdBy: d.createdBy,
      createdAt: d.at,
      updatedAt: d.at,
    };
  }
  if (!s.exists) return s;
  const at = e.data.at;
  switch (e.type) {
    // A warning of auto-release belongs to one holding: a new holder has not been warned.
    case 'LeadClaimed':
      return { ...s, status: 'claimed', claimedBy: e.data.userId, claimedAt: at, autoReleaseWarnedFor: null, offer: null, updatedAt: at };
    case 'LeadReleased':
      return { ...s, status: 'available', claimedBy: null, claimedAt: null, autoReleaseWarnedFor: null, offer: null, offeredTo: [], updatedAt: at };
    case 'LeadReassigned':
      // The work done so far (status, stage, follow-up) belongs to the lead, not to the agent.
      return { ...s, claimedBy: e.data.to, claimedAt: at, autoReleaseWarnedFor: null, updatedAt: at };
    case 'LeadStatusChanged':
      return {
        ...s,
        status: e.data.to,
        // Spec: moving to contacted records the contact time; the status change's time is it.
        lastContactedAt: e.data.to === 'contacted' ? at : s.lastContactedAt,
        updatedAt: at,
      };
    case 'LeadStageMoved':
      return { ...s, stage: e.data.to, updatedAt: at };
    case 'LeadPriorityChanged':
      return { ...s, priority: e.data.to, updatedAt: at };
    case 'LeadScored':
      return { ...s, score: e.data.score, scoredAt: at, updatedAt: at };
    case 'LeadTagsChanged':
      return { ...s, tags: [...e.data.tags], updatedAt: at };
    case 'FollowUpScheduled':
      return { ...s, nextFollowUp: e.data.due, updatedAt: at };
    case 'FollowUpCleared':
      return { ...s, nextFollowUp: null, updatedAt: at };
    case 'LeadAutoReleaseExempted':
      return { ...s, autoReleaseExempt: true, updatedAt: at };
    case 'LeadAutoReleaseExemptionLifted':
      return { ...s, autoReleaseExempt: false, autoReleaseResumedAt: at, autoReleaseWarnedFor: null, updatedAt: at };
    case 'LeadAutoReleaseWarned':
      // A notice to the holder, not a change to the lead.
      return { ...s, autoReleaseWarnedFor: e.data.releaseAt };
    case 'LeadOffered': {
      const { userId, expiresAt, distribution } = e.data;
      return { ...s, offer: { userId, offeredAt: at, expiresAt, distribution }, offeredTo: [...s.offeredTo, userId], updatedAt: at };
    }
    case 'LeadOfferAccepted':
    case 'LeadOfferPassed':
    case 'LeadOfferExpired':
      return { ...s, offer: null, updatedAt: at };
    case 'LeadDripReleased':
      return { ...s, dripReleaseAt: null, updatedAt: at };
    case 'LeadDetailsEdited': {
      const c = e.data.changes;
      const pick = <K extends keyof typeof c>(k: K, v: Lead[K]) => (c[k] === undefined ? v : (c[k] as Lead[K]));
      return {
        ...s, name: pick('name', s.name), email: pick('email', s.email), phone: pick('phone', s.phone), address: pick('address', s.address),
        city: pick('city', s.city), state: pick('state', s.state), source: pick('source', s.source), notes: pick('notes', s.notes), updatedAt: at,
      };
    }
    case 'LeadCustomFieldsChanged': {
      const customFields = { ...s.customFields };
      for (const [name, value] of Object.entries(e.data.values)) {
        if (value === null) delete customFields[name];
        else customFields[name] = value;
      }
      return { ...s, customFields, updatedAt: at };
    }
    case 'LeadImported':
      // Where the lead came from, not a change to it.
      return s;
    case 'LeadWithdrawn':
      // Gone from the floor: no command finds it, and the pool drops its row.
      return initialLeadState();
  }
}

/**
 * The lead after these events. Pass a prefix of the stream (say, events that occurred at or
 * before an instant) to get the lead as it was then: that is the whole of an as-of read.
 */
export const foldLead = (events: readonly LeadEvent[]): LeadState => events.reduce(evolveLead, initialLeadState());
