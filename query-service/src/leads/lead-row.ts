import type { Lead } from '@leadfloor/contracts';

type Ts = Date | string | null;
export type LeadRowWithName = {
  id: number; name: string; email: string; phone: string; address: string | null; city: string; state: string;
  lead_type: Lead['leadType']; status: Lead['status']; source: string | null; notes: string | null; tags: string[];
  priority: Lead['priority']; stage: Lead['stage']; score: number | null; scored_at: Ts; next_follow_up: Ts;
  last_contacted_at: Ts; claimed_by: number | null; claimed_at: Ts; created_at: Ts; updated_at: Ts; version: number;
  claimed_by_name: string | null;
};

const iso = (t: Ts) => (t === null ? null : new Date(t).toISOString());

export const leadFromRow = (r: LeadRowWithName): Lead => ({
  id: r.id, name: r.name, email: r.email, phone: r.phone, address: r.address, city: r.city, state: r.state,
  leadType: r.lead_type, status: r.status, source: r.source, notes: r.notes, tags: r.tags, priority: r.priority,
  stage: r.stage, score: r.score, scoredAt: iso(r.scored_at), nextFollowUp: iso(r.next_follow_up),
  lastContactedAt: iso(r.last_contacted_at), claimedBy: r.claimed_by, claimedByName: r.claimed_by_name,
  claimedAt: iso(r.claimed_at), createdAt: iso(r.created_at) as string, updatedAt: iso(r.updated_at) as string,
  version: r.version,
});
