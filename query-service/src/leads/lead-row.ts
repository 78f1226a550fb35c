import type { Lead } from '@leadfloor/contracts';
import { autoReleaseTimes, poolPolicyFor, type PoolPolicies } from '@leadfloor/events';

type Ts = Date | string | null;
export type LeadRowWithName = {
  id: number; name: string; email: string; phone: string; address: string | null; city: string; state: string;
  lead_type: Lead['leadType']; status: Lead['status']; source: string | null; notes: string | null; tags: string[];
  funnel_source: string | null; funnel_campaign_id: string | null;
  priority: Lead['priority']; stage: Lead['stage']; score: number | null; scored_at: Ts; next_follow_up: Ts;
  last_contacted_at: Ts; claimed_by: number | null; claimed_at: Ts; created_at: Ts; updated_at: Ts; version: number;
  claimed_by_name: string | null;
  /** The holder's team (their pool rules), and the lead's exemption from auto-release (LEAD_AUTO_RELEASE_COLUMNS). */
  claimed_by_team_id: number | null; auto_release_exempt: boolean | null; auto_release_resumed_at: Ts;
  /** The open offer and the drip's hold (lead_distribution_v1, joined by LEAD_AUTO_RELEASE_JOIN). */
  offered_to: number | null; offer_expires_at: Ts; release_at: Ts;
};

/** What a lead read selects beside the pool's row, given `u` (users) and `x` (lead_auto_release_v1) joined. */
export const LEAD_AUTO_RELEASE_COLUMNS = 'u.team_id as claimed_by_team_id, x.exempt as auto_release_exempt, x.resumed_at as auto_release_resumed_at, '
  + 'dd.offered_to, dd.offer_expires_at, dd.held_until as release_at';
export const LEAD_AUTO_RELEASE_JOIN = 'left join "lead_auto_release_v1" x on x.id = l.id left join "lead_distribution_v1" dd on dd.id = l.id';

const iso = (t: Ts) => (t === null ? null : new Date(t).toISOString());

export const leadFromRow = (r: LeadRowWithName, policies: PoolPolicies): Lead => {
  const lead = {
    id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, city: r.city, state: r.state,
    leadType: r.lead_type, status: r.status, source: r.source, funnelSource: r.funnel_source, funnelCampaignId: r.funnel_campaign_id, notes: r.notes, tags: r.tags, priority: r.priority,
    stage: r.stage, score: r.score, scoredAt: iso(r.scored_at), nextFollowUp: iso(r.next_follow_up),
    lastContactedAt: iso(r.last_contacted_at), claimedBy: r.claimed_by, claimedByName: r.claimed_by_name,
    claimedAt: iso(r.claimed_at), createdAt: iso(r.created_at) as string, updatedAt: iso(r.updated_at) as string,
    autoReleaseExempt: r.auto_release_exempt ?? false, autoReleaseAt: null as string | null,
    offer: r.offered_to == null ? null : { userId: r.offered_to, expiresAt: iso(r.offer_expires_at) as string },
    releaseAt: iso(r.release_at ?? null),
    version: r.version,
  };
  if (lead.claimedBy !== null && lead.status === 'claimed') {
    const times = autoReleaseTimes({ ...lead, autoReleaseResumedAt: iso(r.auto_release_resumed_at) }, poolPolicyFor(policies, r.claimed_by_team_id));
    lead.autoReleaseAt = times?.releaseAt ?? null;
  }
  return lead;
};
