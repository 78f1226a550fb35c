import { parseEventData, type RecordedEvent } from '@leadfloor/events';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import { defineJobQueue, type Jobs } from '@leadfloor/infra/jobs/job-queue';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import type { Reactor, ReactorLogger } from '../reactors/reactor-runner';
import { teamTaskAggregate } from './decide-team-task';
import { teamTaskStream } from './team-task';

/**
 * A task's overdue timer: at `dueAt`, mark the task overdue. The payload says what to re-check;
 * the decider marks it only if the task is still open with that very due time.
 */
export const TeamTaskOverdueJob = defineJobQueue({
  name: 'team-task-overdue',
  payload: z.strictObject({ taskId: z.number().int().positive(), dueAt: z.iso.datetime({ offset: true }) }),
});

// BullMQ refuses ids with ':'; one timer per task and due time, whoever asks for it.
const timerId = (taskId: number, dueAt: string) => `task-overdue-${taskId}-${Date.parse(dueAt)}`;

async function setTimer(jobs: Jobs, taskId: number, dueAt: string, suffix = '') {
  await jobs.queue(TeamTaskOverdueJob).enqueue({ taskId, dueAt }, { jobId: `${timerId(taskId, dueAt)}${suffix}`, runAt: new Date(dueAt) });
}

/**
 * Sets each task's overdue timer from the log: when a task is made with a due time, gets a new
 * one, or is reopened (its timer may have fired while it was done). A due time changed again
 * leaves the old timer to fire as a no-op. Timer ids come from the task and due time (and, for a
 * reopening, the event), so a redelivered event sets no second timer.
 */
export function teamTaskReactor({ jobs }: { jobs: Jobs }): Reactor {
  return {
    name: 'team_task_timers_v1',
    handles: ['TeamTaskCreated', 'TeamTaskChanged', 'TeamTaskReopened'],
    async react(e: RecordedEvent) {
      if (e.type === 'TeamTaskCreated') {
        const d = parseEventData('TeamTaskCreated', e.data, e.metadata.schemaVersion);
        if (d.dueAt) await setTimer(jobs, d.taskId, d.dueAt);
      } else if (e.type === 'TeamTaskChanged') {
        const d = parseEventData('TeamTaskChanged', e.data, e.metadata.schemaVersion);
        if (d.changes.dueAt) await setTimer(jobs, d.taskId, d.changes.dueAt);
      } else {
        const d = parseEventData('TeamTaskReopened', e.data, e.metadata.schemaVersion);
        if (d.dueAt) await setTimer(jobs, d.taskId, d.dueAt, `-reopened-${e.eventId}`);
      }
    },
  };
}

export type TaskOverdueDeps = { pool: Pool; store: EventStore; handle: HandleCommand; now: () => Date; logger?: ReactorLogger };

/**
 * Works the overdue timers: each marks its task overdue through MarkTeamTaskOverdue (a timer
 * that fires a moment early is refused as not due, and retried). On start, sets the timers of
 * the open tasks the read model shows past or awaiting a due time they have not fallen overdue
 * at, in case the job store lost them (a Redis without persistence); those that exist are kept.
 */
export function workTeamTaskOverdue(jobs: Jobs, { pool, handle, now, logger }: TaskOverdueDeps): Promise<void> {
  jobs.work(TeamTaskOverdueJob, async ({ taskId, dueAt }, { jobId, correlationId }) => {
    await handle(teamTaskAggregate, teamTaskStream(taskId), { type: 'MarkTeamTaskOverdue', data: { dueAt }, meta: { now: now().toISOString() } }, {
      actorId: null, correlationId, commandId: `task-overdue:${jobId}`,
    });
  }, { concurrency: 2 });
  return reconcileTimers(jobs, pool).catch((err: unknown) => {
    // A fresh database has no read model yet: the reactor sets every timer from the log anyway.
    if ((err as { code?: string }).code !== '42P01') logger?.error({ err }, 'task timers not reconciled');
  });
}

async function reconcileTimers(jobs: Jobs, pool: Pool) {
  const { rows } = await pool.query<{ id: number; due_at: Date }>(
    `select id, due_at from team_tasks_v1
     where deleted_at is null and not completed and due_at is not null and overdue_for is distinct from due_at`);
  for (const r of rows) await setTimer(jobs, r.id, r.due_at.toISOString());
}
