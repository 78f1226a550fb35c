import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { teamTasks, type TeamTaskRow } from './team-tasks';

const at = (m: number) => new Date(Date.UTC(2026, 2, 2, 10, 0) + m * 60_000).toISOString();
const created = (taskId: number, title: string, dueAt: string | null): NewEvent => ({ type: 'TeamTaskCreated', data: {
  taskId, teamId: 10, title, assignedUserId: 3, dueAt, leadId: null, sourceMessageId: null, createdBy: 2, at: at(0) } });
// Task 1: renamed, reassigned, given a new due time and a lead, falls overdue, is done, then reopened.
// Task 2: made from a message and deleted. Task 3: made and left alone.
const appends: [string, NewEvent[]][] = [
  ['team_task-1', [created(1, 'Call the Smiths', at(60))]],
  ['team_task-2', [{ type: 'TeamTaskCreated', data: {
    taskId: 2, teamId: 10, title: 'From chat', assignedUserId: 2, dueAt: null, leadId: null, sourceMessageId: 7, createdBy: 2, at: at(1) } }]],
  ['team_task-1', [{ type: 'TeamTaskChanged', data: { taskId: 1, teamId: 10, changes: { title: 'Call the Smiths at 4', assignedUserId: 4, dueAt: at(90), leadId: 55 }, title: 'Call the Smiths at 4', at: at(2) } }]],
  ['team_task-3', [created(3, 'Order lunch', null)]],
  ['team_task-2', [{ type: 'TeamTaskDeleted', data: { taskId: 2, teamId: 10, at: at(3) } }]],
  ['team_task-1', [
    { type: 'TeamTaskFellOverdue', data: { taskId: 1, teamId: 10, assignedUserId: 4, title: 'Call the Smiths at 4', dueAt: at(90), at: at(90) } },
    { type: 'TeamTaskCompleted', data: { taskId: 1, teamId: 10, at: at(95) } },
    { type: 'TeamTaskReopened', data: { taskId: 1, teamId: 10, dueAt: at(90), at: at(96) } },
    { type: 'TeamTaskChanged', data: { taskId: 1, teamId: 10, changes: { leadId: null }, title: 'Call the Smiths at 4', at: at(97) } },
    { type: 'TeamTaskCompleted', data: { taskId: 1, teamId: 10, at: at(98) } },
  ]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, events]) => ({ streamId, events, actorId: 2 })), [teamTasks]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

describe('team_tasks_v1', () => {
  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await appliedHash(pool, teamTasks, events);
    expect(once.rows).toBe(3);
    expect(await appliedHash(pool, teamTasks, events)).toEqual(once);
    expect(await appliedHash(pool, teamTasks, events.slice(2), events.slice(5))).toEqual(once);
  });

  it('holds each task as its events leave it, a deleted one marked, with the version it reflects', async () => {
    await appliedHash(pool, teamTasks, events);
    const { rows } = await pool.query<TeamTaskRow>(
      `select id, title, assigned_user_id, due_at::text, lead_id, source_message_id, completed, completed_at is not null as done_at,
              deleted_at is not null as deleted, overdue_for::text, version from team_tasks_v1 order by id`);
    const pg = (iso: string) => new Date(iso).toISOString().replace('T', ' ').replace('.000Z', '+00');
    expect(rows).toEqual([
      { id: 1, title: 'Call the Smiths at 4', assigned_user_id: 4, due_at: pg(at(90)), lead_id: null, source_message_id: null, completed: true, done_at: true,
        deleted: false, overdue_for: pg(at(90)), version: 7 },
      { id: 2, title: 'From chat', assigned_user_id: 2, due_at: null, lead_id: null, source_message_id: 7, completed: false, done_at: false,
        deleted: true, overdue_for: null, version: 2 },
      { id: 3, title: 'Order lunch', assigned_user_id: 3, due_at: null, lead_id: null, source_message_id: null, completed: false, done_at: false,
        deleted: false, overdue_for: null, version: 1 },
    ]);
  });
});
