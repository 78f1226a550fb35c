import { isEventType, parseEventData, type RecordedEvent, type TeamTaskEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

/** One row per team task, deleted ones kept (with `deleted_at`) so a read waiting for a delete's version sees it land. */
export type TeamTaskRow = {
  id: number; team_id: number; title: string; assigned_user_id: number; due_at: string | null; lead_id: number | null;
  source_message_id: number | null; created_by: number; created_at: string; completed: boolean; completed_at: string | null;
  deleted_at: string | null; overdue_for: string | null; updated_at: string; version: number;
};

const TASK_EVENTS = ['TeamTaskCreated', 'TeamTaskChanged', 'TeamTaskCompleted', 'TeamTaskReopened', 'TeamTaskDeleted', 'TeamTaskFellOverdue'] as const;

function reduce(row: TeamTaskRow | null, e: RecordedEvent): TeamTaskRow | null {
  if (!isEventType(e.type)) return row;
  const ev = { type: e.type, data: parseEventData(e.type, e.data, e.metadata.schemaVersion) } as TeamTaskEvent;
  if (ev.type === 'TeamTaskCreated') {
    const d = ev.data;
    return {
      id: d.taskId, team_id: d.teamId, title: d.title, assigned_user_id: d.assignedUserId, due_at: d.dueAt, lead_id: d.leadId,
      source_message_id: d.sourceMessageId, created_by: d.createdBy, created_at: d.at, completed: false, completed_at: null,
      deleted_at: null, overdue_for: null, updated_at: d.at, version: 0,
    };
  }
  if (!row) return null;
  const updated_at = ev.data.at;
  switch (ev.type) {
    case 'TeamTaskChanged': {
      const c = ev.data.changes;
      return {
        ...row, updated_at,
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.assignedUserId !== undefined ? { assigned_user_id: c.assignedUserId } : {}),
        ...(c.dueAt !== undefined ? { due_at: c.dueAt } : {}),
        ...(c.leadId !== undefined ? { lead_id: c.leadId } : {}),
      };
    }
    case 'TeamTaskCompleted': return { ...row, completed: true, completed_at: ev.data.at, updated_at };
    case 'TeamTaskReopened': return { ...row, completed: false, completed_at: null, updated_at };
    case 'TeamTaskDeleted': return { ...row, deleted_at: ev.data.at, updated_at };
    case 'TeamTaskFellOverdue': return { ...row, overdue_for: ev.data.dueAt };
  }
}

/**
 * Team tasks as the Tasks tab lists them (GET /api/teams/:id/tasks): open ones by due time,
 * done ones by when they were completed. `overdue_for` is the due time the task last fell
 * overdue at (the timers' reconciler reads it).
 */
export const teamTasks = rowProjection<TeamTaskRow>({
  name: 'team_tasks_v1',
  table: 'team_tasks_v1',
  keyColumn: 'id',
  handles: TASK_EVENTS,
  keyOf: (e) => (e.streamId.startsWith('team_task-') ? Number(e.streamId.slice('team_task-'.length)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, team_id int not null, title text not null, assigned_user_id int not null, due_at timestamptz,
        lead_id int, source_message_id int, created_by int not null, created_at timestamptz not null, completed boolean not null,
        completed_at timestamptz, deleted_at timestamptz, overdue_for timestamptz, updated_at timestamptz not null, version int not null
      );
      create index on "${t}" (team_id, completed) where deleted_at is null;
    `);
  },
});
