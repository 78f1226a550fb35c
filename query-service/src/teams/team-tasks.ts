import type { TeamTask, TeamTaskCounts, TeamTaskFilter, TeamTasksResponse } from '@leadfloor/contracts';
import { ApiError } from '@leadfloor/infra/http/api-error';
import type { Pool } from '@leadfloor/infra/postgres/pool';

export type TeamTasksQuery = { filter: TeamTaskFilter; limit: number; cursor?: string };

type TaskRow = {
  id: number; team_id: number; title: string; completed: boolean; completed_at: Date | null; assigned_user_id: number;
  assigned_name: string | null; assigned_avatar: string | null; created_by: number; creator_name: string | null; due_at: Date | null;
  lead_id: number | null; lead_name: string | null; source_message_id: number | null; created_at: Date; version: number;
};

// A page's last task, as the next page starts after it: [due time or 'infinity', created, id] for
// open lists (due first, undated last), [completed, id] for the done list (newest first).
const encode = (key: (string | number)[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
const badCursor = () => new ApiError(400, 'invalid_cursor', 'This cursor is not one of ours.', { field: 'cursor' });
function decode(cursor: string, done: boolean): (string | number)[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const instant = (v: unknown) => typeof v === 'string' && !Number.isNaN(Date.parse(v));
  const id = (v: unknown) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;
  const ok = Array.isArray(key) && (done
    ? key.length === 2 && instant(key[0]) && id(key[1])
    : key.length === 3 && (key[0] === 'infinity' || instant(key[0])) && instant(key[1]) && id(key[2]));
  if (!ok) throw badCursor();
  return key as (string | number)[];
}

/**
 * One page of a team's task list, with every list's count. Open lists run by due time (undated
 * last), then by when made; the done list runs newest completed first. `overdue` is read against
 * `now`, the same instant for the list and the flag on each task.
 */
export async function readTeamTasks(pool: Pool, teamId: number, me: number, now: Date, { filter, limit, cursor }: TeamTasksQuery): Promise<TeamTasksResponse> {
  const done = filter === 'done';
  const params: unknown[] = [teamId];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where = {
    mine: () => `not t.completed and t.assigned_user_id = ${p(me)}`,
    team: () => 'not t.completed',
    done: () => 't.completed',
    overdue: () => `not t.completed and t.due_at < ${p(now)}`,
  }[filter]();
  let after = '';
  if (cursor !== undefined) {
    const key = decode(cursor, done);
    after = done
      ? `and (t.completed_at, t.id) < (${p(key[0])}::timestamptz, ${p(key[1])}::int)`
      : `and (coalesce(t.due_at, 'infinity'::timestamptz), t.created_at, t.id) > (${p(key[0])}::timestamptz, ${p(key[1])}::timestamptz, ${p(key[2])}::int)`;
  }
  const order = done ? 't.completed_at desc, t.id desc' : `coalesce(t.due_at, 'infinity'::timestamptz), t.created_at, t.id`;
  const [{ rows }, { rows: counts }] = await Promise.all([
    pool.query<TaskRow>(
      `select t.id, t.team_id, t.title, t.completed, t.completed_at, t.assigned_user_id, a.full_name as assigned_name, a.avatar_url as assigned_avatar,
              t.created_by, c.full_name as creator_name, t.due_at, t.lead_id, l.name as lead_name, t.source_message_id, t.created_at, t.version
       from team_tasks_v1 t
       left join users_v1 a on a.id = t.assigned_user_id
       left join users_v1 c on c.id = t.created_by
       left join lead_pool_v1 l on l.id = t.lead_id
       where t.team_id = $1 and t.deleted_at is null and ${where} ${after}
       order by ${order} limit ${p(limit + 1)}`, params),
    pool.query<TeamTaskCounts>(
      `select count(*) filter (where not completed and assigned_user_id = $2)::int as mine, count(*) filter (where not completed)::int as team,
              count(*) filter (where completed)::int as done, count(*) filter (where not completed and due_at < $3)::int as overdue
       from team_tasks_v1 where team_id = $1 and deleted_at is null`, [teamId, me, now]),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last
    ? encode(done ? [last.completed_at!.toISOString(), last.id] : [last.due_at?.toISOString() ?? 'infinity', last.created_at.toISOString(), last.id])
    : null;
  return { tasks: page.map((r) => taskOf(r, now)), nextCursor, counts: counts[0]! };
}

const taskOf = (r: TaskRow, now: Date): TeamTask => ({
  id: r.id, teamId: r.team_id, title: r.title, completed: r.completed, completedAt: r.completed_at?.toISOString() ?? null,
  assignedUserId: r.assigned_user_id, assignedUserName: r.assigned_name ?? `User ${r.assigned_user_id}`, assignedUserAvatarUrl: r.assigned_avatar,
  createdBy: r.created_by, createdByName: r.creator_name ?? `User ${r.created_by}`, dueAt: r.due_at?.toISOString() ?? null,
  overdue: !r.completed && r.due_at !== null && r.due_at.getTime() < now.getTime(),
  lead: r.lead_id === null ? null : { id: r.lead_id, name: r.lead_name ?? `Lead #${r.lead_id}` },
  sourceMessageId: r.source_message_id, createdAt: r.created_at.toISOString(), version: r.version,
});

/** Read-your-writes: waits (bounded) until the task's row reflects `minVersion`, the version a command answered. */
export async function awaitTaskVersion(pool: Pool, teamId: number, taskId: number, minVersion: number, waitMs: number) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await pool.query<{ version: number }>('select version from team_tasks_v1 where id = $1 and team_id = $2', [taskId, teamId]);
    if ((rows[0]?.version ?? 0) >= minVersion || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
