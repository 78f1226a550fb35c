import { Link } from 'react-router';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Clock, Link2, MessageSquareText, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { TeamTask } from '@leadfloor/contracts';
import { Checkbox } from '../../../components/ui/checkbox';
import { popoverItemClasses } from '../../../components/ui/popover';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format-date';
import { dueLabel } from '../task-due';

type TaskRowProps = {
  task: TeamTask;
  meId: number;
  now: Date;
  /** What the signed-in user may do with it (the server's rules, task-permissions.ts). */
  may: { complete: boolean; edit: boolean; delete: boolean };
  /** The completed state being sent for it, shown until the list has it; null when nothing is under way. */
  sending: boolean | null;
  onToggle: (completed: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
};

const itemClasses = cx(popoverItemClasses, 'data-focus:bg-surface-muted');

/** One task: its checkbox, title, assignee, due time (red once late), linked lead, whether it came from the chat, and its menu. */
export function TaskRow({ task, meId, now, may, sending, onToggle, onEdit, onDelete }: TaskRowProps) {
  const due = dueLabel(task, now);
  const stamp = task.completed ? task.completedAt : task.dueAt;
  return (
    <li aria-label={task.title} className="flex items-start gap-3 py-3">
      <Checkbox
        checked={sending ?? task.completed}
        disabled={!may.complete || sending !== null}
        onChange={(e) => onToggle(e.target.checked)}
        aria-label={task.completed ? `Reopen ${task.title}` : `Complete ${task.title}`}
        title={may.complete ? undefined : 'Only its assignee, its creator, the team leads and the manager can tick it off'}
        className="mt-0.5 size-5 shrink-0 disabled:cursor-not-allowed disabled:opacity-50"
      />
      <div className="min-w-0 flex-1">
        <p className={cx('text-sm font-medium break-words', task.completed ? 'text-muted line-through' : 'text-foreground')}>{task.title}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <UserAvatar fullName={task.assignedUserName} avatarUrl={task.assignedUserAvatarUrl} className="size-5! text-[9px]!" />
            <span className="truncate">{task.assignedUserId === meId ? 'You' : task.assignedUserName}</span>
          </span>
          {due && stamp && (
            <span className={cx('inline-flex items-center gap-1', due.late && 'font-semibold text-destructive-text')}>
              <Clock aria-hidden className="size-3.5" />
              <time dateTime={stamp} title={formatDateTime(stamp)}>{due.text}</time>
            </span>
          )}
          {task.lead && (
            <Link to={`/leads/${task.lead.id}`} className="inline-flex min-w-0 items-center gap-1 text-primary-soft-foreground hover:underline">
              <Link2 aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{task.lead.name}</span>
            </Link>
          )}
          {task.sourceMessageId !== null && (
            <span className="inline-flex items-center gap-1" title="Made from a message in the team chat">
              <MessageSquareText aria-hidden className="size-3.5" />
              From chat
            </span>
          )}
        </div>
      </div>
      {(may.edit || may.delete) && (
        <Menu>
          <MenuButton aria-label={`Actions for ${task.title}`}
            className="-my-1 flex size-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-muted hover:text-foreground data-open:bg-surface-muted">
            <MoreHorizontal aria-hidden className="size-4" />
          </MenuButton>
          <MenuItems anchor="bottom end" modal={false}
            className="z-40 mt-1 w-40 rounded-xl border border-border bg-surface p-1.5 shadow-lg focus:outline-none">
            {may.edit && (
              <MenuItem>
                <button type="button" onClick={onEdit} className={itemClasses}>
                  <Pencil aria-hidden className="size-4 text-muted" />
                  Edit
                </button>
              </MenuItem>
            )}
            {may.delete && (
              <MenuItem>
                <button type="button" onClick={onDelete} className={cx(itemClasses, 'text-destructive-text')}>
                  <Trash2 aria-hidden className="size-4" />
                  Delete
                </button>
              </MenuItem>
            )}
          </MenuItems>
        </Menu>
      )}
    </li>
  );
}
