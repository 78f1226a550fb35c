import type { LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { analyzeCall } from '../calls/analysis-jobs';
import { callAggregate, callStream } from '../calls/call-aggregate';
import { commissionPlanAggregate, commissionPlanStream } from '../sales/commission-plan';
import { saleAggregate, saleStream } from '../sales/sale-aggregate';
import type { SaleCommand } from '../sales/commands';
import type { HandleCommand } from '../shared/handle-command';
import { loadState } from '../shared/load-state';
import type { PlannedCall } from './demo-calls';
import type { FloorMember } from './seed-leads';

type Review = { action: 'approve' | 'pay' | 'reject'; at: number; reason?: string };
export type ActivityPlan = {
  calls: (PlannedCall & { leadId: number; by: FloorMember; startedAt: number })[];
  sales: { leadId: number; leadType: LeadType; by: FloorMember; at: number; amountCents: number; review: Review[] }[];
};

const iso = (ms: number) => new Date(ms).toISOString();
const actorOf = (m: FloorMember) => ({ id: m.id, role: m.role, teamId: m.teamId });

/**
 * Runs a drawn plan through the same commands the API runs. Ids are reserved up front in plan
 * order, so the floor is the same whatever order the concurrent workers finish in. Calls with
 * a transcript are analysed at once (the same analyzer and command the analysis job uses; the
 * job, when it runs later, finds nothing new to record).
 */
export async function runActivity({ pool, store, handle, members, now, plan }: {
  pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date; plan: ActivityPlan;
}) {
  const manager = members.find((m) => m.role === 'manager')!;
  const ctx = (by: { id: number }) => ({ actorId: by.id, correlationId: 'demo-seed' });
  const teamOf = (m: FloorMember) => ({ id: m.teamId, managerId: manager.id });
  // The Finance & Forex desk has its own plan; the other team keeps the default rates.
  const desk = members.find((m) => m.teamIndex === 1)!.teamId;
  await handle(commissionPlanAggregate, commissionPlanStream(desk), {
    type: 'SetCommissionRates', data: { rates: { real_estate: 300, finance: 450, forex: 750 } },
    meta: { now: iso(now.getTime() - 69 * 86_400_000), actor: actorOf(manager), team: { id: desk, managerId: manager.id } },
  }, ctx(manager));

  const firstCall = await store.reserveIds('call', Math.max(plan.calls.length, 1));
  const firstSale = await store.reserveIds('sale', Math.max(plan.sales.length, 1));
  const logCall = async (i: number) => {
    const c = plan.calls[i]!;
    const callId = firstCall + i;
    await handle(callAggregate, callStream(callId), {
      type: 'LogCall',
      data: { callId, leadId: c.leadId, startedAt: iso(c.startedAt), durationSeconds: c.durationSeconds, result: c.result, notes: c.notes, recordingUrl: null, transcript: c.transcript },
      meta: { now: now.toISOString(), actor: actorOf(c.by), lead: { exists: true, claimedBy: c.by.id } },
    }, ctx(c.by));
    const analysedAt = new Date(c.startedAt + (c.durationSeconds + 30) * 1000);
    if (c.transcript) await analyzeCall({ pool, store, handle, now: () => analysedAt }, callId);
  };
  const recordSale = async (i: number) => {
    const s = plan.sales[i]!;
    const saleId = firstSale + i;
    const { state: rates } = await loadState(store, commissionPlanAggregate, commissionPlanStream(s.by.teamId));
    await handle(saleAggregate, saleStream(saleId), {
      type: 'RecordSale', data: { saleId, leadId: s.leadId, amountCents: s.amountCents, notes: null, rateBasisPoints: null },
      meta: {
        now: iso(s.at), actor: actorOf(s.by), sellerTeam: teamOf(s.by),
        plan: { teamId: rates.version === 0 ? null : s.by.teamId, version: rates.version, rates: rates.rates },
        lead: { exists: true, claimedBy: s.by.id, leadType: s.leadType, status: null },
      },
    }, ctx(s.by));
    for (const r of s.review) {
      const meta = { now: iso(r.at), actor: actorOf(manager), sellerTeam: teamOf(s.by) };
      const command: SaleCommand = r.action === 'reject' ? { type: 'RejectCommission', data: { reason: r.reason! }, meta }
        : { type: r.action === 'approve' ? 'ApproveCommission' : 'PayCommission', data: {}, meta };
      await handle(saleAggregate, saleStream(saleId), command, ctx(manager));
    }
  };
  await inParallel(plan.calls.length, logCall);
  await inParallel(plan.sales.length, recordSale);
}

async function inParallel(count: number, work: (i: number) => Promise<void>, concurrency = 8) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await work(next++);
  }));
}
