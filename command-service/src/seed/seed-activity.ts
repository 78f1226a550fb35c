import { foldLead, type LeadEvent, type LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { leadStream } from '../leads/lead-aggregate';
import { toDomainEvent, type HandleCommand } from '../shared/handle-command';
import { planCall, rejectionReasons, saleAmountCents, type PlannedCall } from './demo-calls';
import { demoPeople } from './demo-people';
import type { Random } from './random';
import type { FloorMember } from './seed-leads';
import { runActivity, type ActivityPlan } from './run-activity';

const MINUTE = 60_000;
const DAY = 86_400_000;

type LeadFacts = { id: number; leadType: LeadType; name: string; status: string; claimedBy: number | null; claimedAt: number; contactedAt: number | null; soldAt: number | null; endAt: number };

async function leadFacts(pool: Pool, store: EventStore): Promise<LeadFacts[]> {
  const { rows } = await pool.query<{ id: string }>(`select substr(stream_id, 6) as id from streams where stream_type = 'lead'`);
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const facts: LeadFacts[] = [];
  for (const id of ids) {
    const events = (await store.readStream(leadStream(id))).map(toDomainEvent<LeadEvent>);
    const lead = foldLead(events);
    if (!lead.exists) continue;
    const sold = events.findLast((e) => e.type === 'LeadStatusChanged' && e.data.to === 'sold');
    facts.push({
      id, leadType: lead.leadType, name: lead.name, status: lead.status, claimedBy: lead.claimedBy,
      claimedAt: lead.claimedAt ? Date.parse(lead.claimedAt) : 0, contactedAt: lead.lastContactedAt ? Date.parse(lead.lastContactedAt) : null,
      soldAt: sold ? Date.parse(sold.data.at) : null, endAt: Date.parse(lead.updatedAt),
    });
  }
  return facts;
}

/**
 * Draws every call and sale of the demo floor from `r`, in lead order, before anything runs:
 * calls on worked leads (an unanswered attempt, then the conversation that made contact),
 * a sale on each sold lead with its commission approved, paid or rejected by the manager
 * depending on its age, and, for the demo agent, calls minutes ago and two fresh sales, so
 * "this week" and "this month" show figures whenever the floor is seeded.
 */
function planActivity(leads: LeadFacts[], members: FloorMember[], r: Random, now: number): ActivityPlan {
  const byId = new Map(members.map((m) => [m.id, m]));
  const firstName = (m: FloorMember) => (demoPeople.find((p) => p.username === m.username)?.fullName ?? m.username).split(' ')[0]!;
  const latest = now - 2 * MINUTE;
  const plan: ActivityPlan = { calls: [], sales: [] };
  const call = (lead: LeadFacts, by: FloorMember, startedAt: number, c: PlannedCall) =>
    plan.calls.push({ leadId: lead.id, by, startedAt: Math.min(startedAt, latest - c.durationSeconds * 1000), ...c });
  const demo = members.find((m) => m.username === 'demo');
  const fresh = { calls: 0, sales: 0 };
  for (const lead of leads) {
    const holder = lead.claimedBy === null ? undefined : byId.get(lead.claimedBy);
    if (!holder) continue;
    const talk = { leadType: lead.leadType, agent: firstName(holder), customer: lead.name.split(' ')[0]! };
    const outcome = lead.status === 'sold' ? 'won' as const : lead.status === 'lost' ? 'lost' as const : 'working' as const;
    if (lead.status === 'claimed' && holder.id === demo?.id && fresh.calls < 3) {
      fresh.calls += 1;
      call(lead, holder, now - (3 + fresh.calls * 2) * MINUTE, planCall(r, { ...talk, outcome: 'working', reached: true }));
      continue;
    }
    if (r.chance(0.35)) call(lead, holder, lead.claimedAt + r.int(1, 20) * 60 * MINUTE, planCall(r, { ...talk, outcome, reached: false }));
    if (lead.contactedAt !== null) {
      const conversation = planCall(r, { ...talk, outcome, reached: true });
      call(lead, holder, lead.contactedAt - conversation.durationSeconds * 1000, conversation);
    }
    if (lead.status === 'qualified' && holder.id === demo?.id && fresh.sales < 2) {
      fresh.sales += 1;
      plan.sales.push({ leadId: lead.id, leadType: lead.leadType, by: holder, at: now - fresh.sales * MINUTE, amountCents: saleAmountCents(r, lead.leadType), review: [] });
    }
    if (lead.status !== 'sold' || lead.soldAt === null) continue;
    const at = lead.soldAt;
    const age = (now - at) / DAY;
    const when = (days: number) => Math.min(at + days * DAY, latest);
    const review = r.chance(0.12) ? [{ action: 'reject' as const, at: when(2), reason: r.pick(rejectionReasons) }]
      : age > 21 ? [{ action: 'approve' as const, at: when(3) }, { action: 'pay' as const, at: when(r.int(8, 14)) }]
        : age > 6 ? [{ action: 'approve' as const, at: when(r.int(2, 5)) }] : [];
    plan.sales.push({ leadId: lead.id, leadType: lead.leadType, by: holder, at, amountCents: saleAmountCents(r, lead.leadType), review });
  }
  return plan;
}

/** Calls (with transcripts and their analyses) and sales (in every commission status) for the seeded leads. */
export async function seedActivity(o: {
  pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date; random: Random;
}): Promise<{ calls: number; sales: number }> {
  const plan = planActivity(await leadFacts(o.pool, o.store), o.members, o.random, o.now.getTime());
  await runActivity({ ...o, plan });
  return { calls: plan.calls.length, sales: plan.sales.length };
}
