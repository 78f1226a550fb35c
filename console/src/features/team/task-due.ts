import type { TeamTask } from '@leadfloor/contracts';

const MINUTE = 60_000;
/** Past two weeks away, a date says more than a count of days. */
const FAR = 14 * 24 * 60 * MINUTE;
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const span = (ms: number) => {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
};

/**
 * When a task is due, read against `now`: 'Due in 3h', 'Due Mar 20', 'Due now', '2d overdue' (`late` then
 * marks it red), or for a done task 'Done 5m ago'. Null for an open task with no due time.
 */
export function dueLabel(task: Pick<TeamTask, 'dueAt' | 'completed' | 'completedAt'>, now: Date): { text: string; late: boolean } | null {
  if (task.completed && task.completedAt) {
    const ago = now.getTime() - Date.parse(task.completedAt);
    return { text: ago < MINUTE ? 'Done just now' : `Done ${span(ago)} ago`, late: false };
  }
  if (task.dueAt === null) return null;
  const left = Date.parse(task.dueAt) - now.getTime();
  if (left >= FAR) return { text: `Due ${(new Date(task.dueAt).getFullYear() === now.getFullYear() ? dayFormat : yearFormat).format(new Date(task.dueAt))}`, late: false };
  if (left >= MINUTE) return { text: `Due in ${span(left)}`, late: false };
  if (left > -MINUTE) return { text: 'Due now', late: left < 0 };
  return { text: `${span(-left)} overdue`, late: true };
}
