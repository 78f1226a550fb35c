import { useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ListChecks, Plus } from 'lucide-react';
import type { TeamStructure, TeamTask, TeamTaskCounts, TeamTaskFilter, User } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { cx } from '../../../lib/cx';
import { useNow } from '../../../lib/use-now';
import { useUpdateTask } from '../api/task-mutations';
import { teamTasksQuery } from '../api/task-queries';
import { readTaskFilter, TASK_FILTERS, writeTaskFilter } from '../task-filters';
import { mayCompleteTask, mayDeleteTask, mayEditTask } from '../task-permissions';
import { errorMessage } from '../team-permissions';
import { CreateTaskDialog } from './create-task-dialog';
import { DeleteTaskDialog } from './delete-task-dialog';
import { EditTaskDialog } from './edit-task-dialog';
import { TaskRow } from './task-row';
import { TeamChoiceGate } from './team-choice-gate';

type Team = TeamStructure['teams'][number];

/** /team's Tasks tab: my team's tasks (a manager of several chooses the team), by list. */
export function TeamTasksTab({ me }: { me: User }) {
  return (
    <TeamChoiceGate me={me} icon={<ListChecks aria-hidden className="size-5" />} nothing="there are no tasks to show" comes="its tasks appear here">
      {({ team, teams, switcher }) => <TeamTasks key={team.id} team={team} me={me} switcher={switcher} single={teams.length < 2} />}
    </TeamChoiceGate>
  );
}

function FilterChips({ filter, counts, onChange }: { filter: TeamTaskFilter; counts: TeamTaskCounts | undefined; onChange: (f: TeamTaskFilter) => void }) {
  return (
    // Two by two on a phone, where four chips and their counts would not fit one row; one row from `sm` up.
    <div role="group" aria-label="Task lists" className="grid grid-cols-2 gap-1 rounded-xl bg-surface-muted p-1 sm:inline-flex sm:self-start">
      {TASK_FILTERS.map((f) => {
        const count = counts?.[f.value];
        const alarming = f.value === 'overdue' && (count ?? 0) > 0;
        return (
          <button key={f.value} type="button" aria-pressed={f.value === filter} onClick={() => onChange(f.value)}
            className={cx('inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
              f.value === filter ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground')}>
            {f.label}
            {count !== undefined && (
              <span className={cx('min-w-5 rounded-full px-1.5 text-center text-xs tabular-nums',
                alarming ? 'bg-destructive-soft text-destructive-soft-foreground' : 'bg-surface-muted text-muted')}>
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function TeamTasks({ team, me, switcher, single }: { team: Team; me: User; switcher: ReactNode; single: boolean }) {
  const [search, setSearch] = useSearchParams();
  const filter = readTaskFilter(search, me.role);
  const tasks = useInfiniteQuery({ ...teamTasksQuery(team.id, filter), placeholderData: keepPreviousData });
  const now = useNow();
  const toggle = useUpdateTask();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TeamTask | null>(null);
  const [deleting, setDeleting] = useState<TeamTask | null>(null);
  const counts = tasks.data?.pages[0]?.counts;
  const list = tasks.isPlaceholderData ? undefined : tasks.data?.pages.flatMap((p) => p.tasks);
  const empty = TASK_FILTERS.find((f) => f.value === filter)!.empty;

  // Each tick shows at once, from the click itself, until its list has it (or it is refused).
  const [sending, setSending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const handleToggle = (task: TeamTask, completed: boolean) => {
    setSending((m) => new Map(m).set(task.id, completed));
    toggle.mutateAsync({ taskId: task.id, body: { completed } })
      .catch((error: unknown) => toast({ title: completed ? 'Could not complete the task' : 'Could not reopen the task', description: errorMessage(error), variant: 'destructive' }))
      .finally(() => setSending((m) => {
        const next = new Map(m);
        next.delete(task.id);
        return next;
      }));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {single ? <h2 className="text-base font-semibold text-foreground">{team.name}</h2> : switcher}
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden className="size-4" />
          New task
        </Button>
      </div>
      <FilterChips filter={filter} counts={counts} onChange={(f) => setSearch(writeTaskFilter(search, f), { replace: true })} />
      <Card aria-label={`${TASK_FILTERS.find((f) => f.value === filter)!.label} tasks`}>
        <CardContent className="py-1">
          {tasks.error && !tasks.data ? (
            <PanelError error={tasks.error} what="Tasks" onRetry={() => tasks.refetch()} />
          ) : !list ? (
            <div className="py-3"><PanelLoading label="Loading tasks" rows={3} /></div>
          ) : list.length === 0 ? (
            <div className="py-4"><PanelEmpty icon={<ListChecks aria-hidden className="size-5" />}>{empty}</PanelEmpty></div>
          ) : (
            <ul aria-label="Tasks" className="divide-y divide-border">
              {list.map((task) => (
                <TaskRow key={task.id} task={task} meId={me.id} now={now}
                  may={{ complete: mayCompleteTask(me, team, task), edit: mayEditTask(me, team, task), delete: mayDeleteTask(me, team, task) }}
                  sending={sending.get(task.id) ?? null}
                  onToggle={(completed) => handleToggle(task, completed)} onEdit={() => setEditing(task)} onDelete={() => setDeleting(task)} />
              ))}
            </ul>
          )}
          {tasks.hasNextPage && (
            <div className="flex justify-center border-t border-border py-3">
              <Button variant="ghost" size="sm" disabled={tasks.isFetchingNextPage} onClick={() => tasks.fetchNextPage()}>
                {tasks.isFetchingNextPage ? 'Loading...' : 'Load more tasks'}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <CreateTaskDialog teamId={team.id} open={creating} onClose={() => setCreating(false)} />
      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
