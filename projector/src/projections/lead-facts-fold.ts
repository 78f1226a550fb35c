import type { LeadEvent, LeadStage, LeadStatus } from '@leadfloor/events';

/**
 * One lead's analytics facts: what it is (type, source, campaign, created), who works it now,
 * and the first instant it reached each step of the status funnel, from its recorded status
 * changes. Sold and lost are the lead's outcome now (a reopened lead is neither), so the
 * funnel's last step always agrees with the pool and with its revenue.
 */
export type LeadFactRow = {
  lead_id: number; lead_type: string; source: string | null;
  /** The marketing funnel's campaign and source the lead came in with (LeadCreated); null when none said. */
  funnel_campaign_id: string | null;
  created_at: string; status: LeadStatus;
  /** The holder now (the seller of a sold lead); null while the lead is in the pool. */
  agent_id: number | null;
  first_claimed_at: string | null; first_claimed_by: number | null;
  /** First reached contacted, or beyond it (a claimed lead may go straight to qualified or sold). */
  contacted_at: string | null;
  qualified_at: string | null;
  sold_at: string | null; lost_at: string | null;
  stage: LeadStage;
  /** Its sales not rejected, in cents: kept by the sale events (lead-analytics.ts), carried as is by the lead's own. */
  revenue_cents: number;
  version: number;
  funnel_source: string | null;
};

/** One stay of a lead in a pipeline stage; `entered_version` is the stream version of the event that put it there. */
export type StageIntervalRow = { lead_id: number; entered_version: number; stage: LeadStage; entered_at: string; left_at: string | null };

export type FactState = { row: LeadFactRow | null; openStage: StageIntervalRow | null };
/** What one event changed: the fact row and any stage intervals written (closed or opened). */
export type FactChange = FactState & { intervals: StageIntervalRow[] };

const RANK: Record<LeadStatus, number> = { available: 0, claimed: 1, contacted: 2, qualified: 3, sold: 4, lost: -1 };

/**
 * Folds one lead event (at stream `version`) into its facts. Pure; trusts the log as the lead fold
 * does. A withdrawn lead has no facts (row null): its rows are deleted.
 */
export function evolveLeadFacts(s: FactState, e: LeadEvent, version: number): FactChange {
  if (e.type === 'LeadCreated') {
    const d = e.data;
    const open: StageIntervalRow = { lead_id: d.leadId, entered_version: version, stage: 'new', entered_at: d.at, left_at: null };
    return {
      row: {
        lead_id: d.leadId, lead_type: d.leadType, source: d.source, funnel_campaign_id: d.funnelCampaignId ?? null, created_at: d.at, status: 'available',
        agent_id: null, first_claimed_at: null, first_claimed_by: null, contacted_at: null, qualified_at: null, sold_at: null,
        lost_at: null, stage: 'new', revenue_cents: 0, version, funnel_source: d.funnelSource ?? null,
      },
      openStage: open,
      intervals: [open],
    };
  }
  const row = s.row;
  if (!row) return { ...s, intervals: [] };
  const at = e.data.at;
  const next = (r: LeadFactRow): FactChange => ({ row: { ...r, version }, openStage: s.openStage, intervals: [] });
  switch (e.type) {
    case 'LeadClaimed':
      return next({
        ...row, status: 'claimed', agent_id: e.data.userId,
        first_claimed_at: row.first_claimed_at ?? at, first_claimed_by: row.first_claimed_by ?? e.data.userId,
      });
    case 'LeadReleased':
      return next({ ...row, status: 'available', agent_id: null, sold_at: null, lost_at: null });
    case 'LeadReassigned':
      return next({ ...row, agent_id: e.data.to });
    case 'LeadStatusChanged': {
      const to = e.data.to;
      const rank = RANK[to];
      return next({
        ...row, status: to,
        contacted_at: row.contacted_at ?? (rank >= RANK.contacted ? at : null),
        qualified_at: row.qualified_at ?? (rank >= RANK.qualified ? at : null),
        sold_at: to === 'sold' ? at : null,
        lost_at: to === 'lost' ? at : null,
      });
    }
    case 'LeadDetailsEdited':
      return next(e.data.changes.source === undefined ? row : { ...row, source: e.data.changes.source });
    case 'LeadWithdrawn':
      // Taken back (an import's undo): gone from every count, like from the pool.
      return { row: null, openStage: null, intervals: [] };
    case 'LeadStageMoved': {
      const closed = s.openStage ? { ...s.openStage, left_at: at } : null;
      const open: StageIntervalRow = { lead_id: row.lead_id, entered_version: version, stage: e.data.to, entered_at: at, left_at: null };
      return { row: { ...row, stage: e.data.to, version }, openStage: open, intervals: closed ? [closed, open] : [open] };
    }
    default:
      return next(row);
  }
}
