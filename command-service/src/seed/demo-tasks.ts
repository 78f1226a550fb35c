import { foldLead, type LeadEvent } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { leadStream } from '../leads/lead-aggregate';
import { toDomainEvent, type HandleCommand } from '../shared/handle-command';
import { teamTaskAggregate } from '../team-tasks/decide-team-task';
import { teamTaskStream, type TaskTeam } from '../team-tasks/team-task';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import type { FloorMember } from './seed-leads';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The first leads (by id) `holder` works (claimed, contacted or qualified), with their names. */
async function leadsHeldBy(pool: Pool, store: EventStore, holder: number, count: number) {
  const { rows } = await pool.query<{ id: string }>(`select substr(stream_id, 6) as id from streams where stream_type = 'lead'`);
  const held: { id: number; name: string }[] = [];
  for (const id of rows.map((r) => Number(r.id)).sort((a, b) => a - b)) {
    const lead = foldLead((await store.readStream(leadStream(id))).map(toDomainEvent<LeadEvent>));
    if (lead.exists && lead.claimedBy === holder && ['claimed', 'contacted', 'qualified'].includes(lead.status)) held.push({ id, name: lead.name });
    if (held.length === count) break;
  }
  return held;
}

/**
 * The demo floor's task lists, made through the same commands as the API's: on the first team,
 * the demo agent has one due in a few hours and one overdue (each on a lead they work), one they
 * handed a teammate, and one done; others hold tasks too, and the second team has its own.
 */
export async function seedDemoTasks({ pool, store, handle, members, now }: {
  pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date;
}): Promise<number> {
  const by = (username: string) => members.find((m) => m.username === username)!;
  const [demo, lead, manager, jordan] = [by('demo'), by('lead'), by('manager'), by('jordan')];
  const teams = new Map<number, TaskTeam>();
  for (const m of members) {
    const team = teams.get(m.teamId) ?? { id: m.teamId, managerId: manager.id, teamLeadIds: [] };
    if (m.role === 'teamLead') team.teamLeadIds.push(m.id);
    teams.set(m.teamId, team);
  }
  const [first, second] = await leadsHeldBy(pool, store, demo.id, 2);
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  const plan: { from: FloorMember; to: FloorMember; title: string; due: number | null; lead?: { id: number; name: string }; done?: boolean }[] = [
    { from: lead, to: demo, title: `Call back ${first?.name ?? 'the Smiths'} about the viewing`, due: 3 * HOUR, lead: first },
    { from: manager, to: demo, title: `Send ${second?.name ?? 'the Garcias'} the pre-approval checklist`, due: -20 * HOUR, lead: second },
    { from: demo, to: by('sam'), title: 'Share the open-house flyer with the team', due: 50 * HOUR },
    { from: lead, to: by('riley'), title: 'Update the Maple Ave listing photos', due: null },
    { from: manager, to: lead, title: 'Prepare the weekly pipeline review', due: 26 * HOUR },
    { from: lead, to: demo, title: "Log yesterday's calls", due: -2 * HOUR, done: true },
    { from: jordan, to: by('avery'), title: 'Follow up on the refinance quotes', due: 5 * HOUR },
    { from: manager, to: by('quinn'), title: 'Check spreads with the forex desk', due: null, done: true },
  ];
  const ctx = { actorId: null, correlationId: DEMO_SEED_CORRELATION };
  for (const [i, t] of plan.entries()) {
    const taskId = await store.nextId('team_task');
    const team = teams.get(t.to.teamId)!;
    const actor = { id: t.from.id, role: t.from.role, teamId: t.from.teamId };
    const made = at(-(plan.length - i) * 37 * MINUTE);
    await handle(teamTaskAggregate, teamTaskStream(taskId), {
      type: 'CreateTeamTask',
      data: { taskId, title: t.title, assignedUserId: t.to.id, dueAt: t.due === null ? null : at(t.due), leadId: t.lead?.id ?? null, sourceMessageId: null },
      meta: { now: made, actor, team, assignee: { id: t.to.id, role: t.to.role, teamId: t.to.teamId }, leadExists: t.lead !== undefined, sourceMessage: null },
    }, { ...ctx, actorId: actor.id });
    if (t.done) {
      await handle(teamTaskAggregate, teamTaskStream(taskId), {
        type: 'UpdateTeamTask', data: { completed: true },
        meta: { now: at(-10 * MINUTE), actor: { id: t.to.id, role: t.to.role, teamId: t.to.teamId }, team },
      }, { ...ctx, actorId: t.to.id });
    }
  }
  return plan.length;
}
