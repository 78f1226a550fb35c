import type { LeadType } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { HandleCommand } from '../shared/handle-command';
import type { HolderMeta, LeadCommand } from '../leads/commands';
import { leadAggregate, leadStream } from '../leads/lead-aggregate';
import { cities, firstNames, lastNames, notesByType, quickTags, streets } from './demo-people';
import type { Random } from './random';

export type FloorMember = { id: number; role: 'agent' | 'teamLead' | 'manager'; teamId: number; username: string; teamIndex: number };
type Step = { at: Date; by: FloorMember; commands: (meta: HolderMeta, leadId: number) => LeadCommand[] };
type Plan = { leadId: number; steps: Step[] };

const HOUR = 3_600_000;
const types: LeadType[] = ['real_estate', 'finance', 'forex'];
const sources = ['website', 'referral', 'advertisement', 'cold_call', 'social_media', 'other'] as const;

/**
 * The marketing funnels the demo's advertised leads came in through (funnel analytics groups by
 * them). Drawn from the lead's id, not the random source, so the rest of the floor stays as it is.
 */
const funnelOf = (source: (typeof sources)[number] | null, leadId: number) => {
  if (source === 'advertisement') return { funnelSource: 'google_ads', funnelCampaignId: leadId % 2 === 0 ? 'spring-open-house' : 'refinance-rates' };
  if (source === 'social_media') return { funnelSource: 'facebook', ...(leadId % 3 === 0 ? {} : { funnelCampaignId: 'first-time-buyers' }) };
  return {};
};

/** One lead's life, drawn from the seeded random source: who creates, claims and works it, and when. */
function planLead(leadId: number, r: Random, members: FloorMember[], now: Date): Plan {
  const leadType = types[leadId % 3]!;
  const team = members.filter((m) => m.teamIndex === (leadType === 'real_estate' ? 0 : 1));
  const agents = team.filter((m) => m.role !== 'manager');
  const demo = members.find((m) => m.username === 'demo');
  const manager = members.find((m) => m.role === 'manager')!;
  let t = now.getTime() - r.int(1, 60 * 24) * HOUR;
  const step = (by: FloorMember, commands: Step['commands']): Step => {
    t = Math.min(t + r.int(1, 30) * HOUR, now.getTime() - 5 * 60_000);
    return { at: new Date(t), by, commands };
  };
  const [first, last] = [r.pick(firstNames), r.pick(lastNames)];
  const [city, state] = r.pick(cities);
  // every random draw happens here, in plan order; the closures only read the drawn values
  const details = {
    name: `${first} ${last}`, email: `${first}.${last}${leadId}@example.com`.toLowerCase(),
    phone: `(${r.int(200, 989)}) 555-${String(r.int(0, 9999)).padStart(4, '0')}`,
    address: r.chance(0.8) ? `${r.int(10, 9999)} ${r.pick(streets)}` : null, city, state, leadType,
    source: r.chance(0.9) ? r.pick(sources) : null, notes: r.chance(0.7) ? r.pick(notesByType[leadType]) : null,
  };
  const funnel = funnelOf(details.source, leadId);
  const steps: Step[] = [{ at: new Date(t), by: r.pick(members), commands: (meta, id) => [{
    type: 'CreateLead', meta, data: { leadId: id, ...details, ...funnel } }] }];
  if (r.chance(0.22)) return { leadId, steps };

  let holder = demo && leadType === 'real_estate' && r.chance(0.35) ? demo : r.pick(agents);
  const edit = (cmds: (m: HolderMeta, id: number) => LeadCommand[]) => steps.push(step(holder, cmds));
  edit((meta, id) => [{ type: 'ClaimLead', data: { leadId: id }, meta }]);
  if (r.chance(0.08)) {
    edit((meta, id) => [{ type: 'ReleaseLead', data: { leadId: id }, meta }]);
    if (r.chance(0.5)) return { leadId, steps };
    holder = r.pick(agents);
    edit((meta, id) => [{ type: 'ClaimLead', data: { leadId: id }, meta }]);
  }
  if (r.chance(0.8)) {
    const score = r.int(5, 98);
    edit((meta, id) => [{ type: 'ScoreLead', data: { leadId: id, score }, meta }]);
  }
  if (r.chance(0.6)) {
    const tags = [r.pick(quickTags), r.pick(quickTags), ...(r.chance(0.3) ? [r.pick(quickTags)] : [])];
    edit((meta, id) => [{ type: 'SetLeadTags', data: { leadId: id, tags }, meta }]);
  }
  if (r.chance(0.4)) {
    const priority = r.pick(['low', 'high'] as const);
    edit((meta, id) => [{ type: 'ChangeLeadPriority', data: { leadId: id, priority }, meta }]);
  }
  const progress: [number, LeadCommand['type'], string, string][] = [
    [0.7, 'ChangeLeadStatus', 'contacted', 'discovery'], [0.65, 'ChangeLeadStatus', 'qualified', 'proposal'],
  ];
  let reached = 'claimed';
  for (const [p, , status, stage] of progress) {
    if (!r.chance(p)) break;
    edit((meta, id) => [{ type: 'ChangeLeadStatus', data: { leadId: id, status: status as 'contacted' }, meta }]);
    edit((meta, id) => [{ type: 'MoveLeadStage', data: { leadId: id, stage: stage as 'discovery' }, meta }]);
    reached = status;
  }
  if (reached === 'qualified' && r.chance(0.7)) {
    edit((meta, id) => [{ type: 'MoveLeadStage', data: { leadId: id, stage: 'negotiation' }, meta }]);
    if (r.chance(0.75)) {
      const won = r.chance(0.6);
      edit((meta, id) => [{ type: 'ChangeLeadStatus', data: { leadId: id, status: won ? 'sold' : 'lost' }, meta },
        { type: 'MoveLeadStage', data: { leadId: id, stage: 'closed' }, meta }]);
      reached = won ? 'sold' : 'lost';
    }
  }
  if (reached !== 'sold' && reached !== 'lost' && r.chance(0.45)) {
    const due = new Date(now.getTime() + r.int(-3 * 24, 14 * 24) * HOUR).toISOString();
    edit((meta, id) => [{ type: 'ScheduleFollowUp', data: { leadId: id, due }, meta }]);
  }
  if (holder.teamIndex === 0 && reached !== 'sold' && r.chance(0.05)) {
    const to = r.pick(agents.filter((a) => a.id !== holder.id));
    steps.push(step(manager, (meta, id) => [{ type: 'ReassignLead', data: { leadId: id, toUserId: to.id }, meta: { ...meta, assigneeTeamId: to.teamId } }]));
  }
  return { leadId, steps };
}

/** Creates `count` leads with their histories, a few at a time (plans are drawn in order first). */
export async function seedLeads({ store, handle, members, now, random, count, concurrency = 8, onProgress }: {
  store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date; random: Random; count: number;
  concurrency?: number; onProgress?(done: number, total: number): void;
}) {
  const firstId = await store.reserveIds('lead', count);
  const plans = Array.from({ length: count }, (_, i) => planLead(firstId + i, random, members, now));
  const byId = new Map(members.map((m) => [m.id, m]));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next++]!;
      let holder: FloorMember | undefined;
      for (const s of plan.steps) {
        const meta: HolderMeta = {
          now: s.at.toISOString(), actor: { id: s.by.id, role: s.by.role, teamId: s.by.teamId },
          claimer: holder ? { id: holder.id, teamId: holder.teamId } : undefined,
        };
        const out = await handle(leadAggregate, leadStream(plan.leadId), s.commands(meta, plan.leadId),
          { actorId: s.by.id, correlationId: 'demo-seed' });
        const claimedBy = out.state.exists ? out.state.claimedBy : null;
        holder = claimedBy === null ? undefined : byId.get(claimedBy);
      }
      done++;
      if (done % 500 === 0 || done === plans.length) onProgress?.(done, plans.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count;
}
