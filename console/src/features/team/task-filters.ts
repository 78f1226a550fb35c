import type { TeamTaskFilter } from '@leadfloor/contracts';

/** The Tasks tab's lists, in the order its chips show them. */
export const TASK_FILTERS: { value: TeamTaskFilter; label: string; empty: string }[] = [
  { value: 'mine', label: 'Mine', empty: 'Nothing on your plate. Tasks given to you show here.' },
  { value: 'team', label: 'Team', empty: 'No open tasks on this team. Make one with New task, or from a message in the team chat.' },
  { value: 'overdue', label: 'Overdue', empty: 'Nothing is overdue. Open tasks past their due time show here.' },
  { value: 'done', label: 'Done', empty: 'No task is done yet. Tick one off and it moves here.' },
];

/**
 * The list the address names (`?list=`), else the one that suits me: my own tasks, or the
 * team's for a manager, who mostly hands tasks out.
 */
export function readTaskFilter(search: URLSearchParams, role: string): TeamTaskFilter {
  const asked = search.get('list');
  return TASK_FILTERS.find((f) => f.value === asked)?.value ?? (role === 'manager' ? 'team' : 'mine');
}

export function writeTaskFilter(search: URLSearchParams, filter: TeamTaskFilter): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('list', filter);
  return next;
}

