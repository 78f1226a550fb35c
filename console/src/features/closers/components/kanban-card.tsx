import { useDraggable } from '@dnd-kit/core';
import { Link } from 'react-router';
import { Clock, GripVertical, MessageSquare } from 'lucide-react';
import { ApplicationStatusSchema, type ApplicationStatus, type ApplicationSummary } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { UserAvatar } from '../../../components/user-avatar';
import { cx } from '../../../lib/cx';
import { formatDate } from '../../../lib/format-date';
import { daysInStatus } from '../application-progress';
import { APPLICATION_STAGE_LABELS, applicationStage } from '../closer-labels';

/** What a kanban card shows; also the floating copy under the pointer while dragging. */
export function KanbanCardFace({ application, now, handle }: { application: ApplicationSummary; now: Date; handle?: React.ReactNode }) {
  const withdrawn = applicationStage(application) === 'withdrawn';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-2">
        <UserAvatar fullName={application.closerName} avatarUrl={application.closerAvatarUrl} />
        <div className="min-w-0 flex-1">
          <Link to={`/applications/${application.id}`} className="block text-sm font-medium break-words text-foreground hover:underline">{application.closerName}</Link>
          <p className="text-xs text-muted">Applied {formatDate(application.createdAt)}</p>
        </div>
        {handle}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        {withdrawn ? <Badge tone="outline">Withdrawn</Badge> : (
          <span className="inline-flex items-center gap-1" title={`In this status since ${formatDate(application.statusChangedAt)}`}>
            <Clock aria-hidden className="size-3.5" />{daysInStatus(application.statusChangedAt, now)} in status
          </span>
        )}
        <span>{application.availableHoursPerWeek} h/week</span>
        {application.messageCount > 0 && (
          <span className="inline-flex items-center gap-1" title={`${application.messageCount} messages`}>
            <MessageSquare aria-hidden className="size-3.5" />{application.messageCount}<span className="sr-only"> messages</span>
          </span>
        )}
      </div>
    </div>
  );
}

type KanbanCardProps = {
  application: ApplicationSummary;
  now: Date;
  /** Moves it (the same as a drop on that column): the keyboard's and a phone's way to move a card. */
  onMove: (to: ApplicationStatus) => void;
};

/**
 * A card on the board. A pointer drags the whole card; the handle is the keyboard's way in
 * (Space to lift, arrows to change column, Space to drop), and the status menu does the same
 * in one step. A withdrawn application cannot be moved.
 */
export function KanbanCard({ application, now, onMove }: KanbanCardProps) {
  const movable = applicationStage(application) !== 'withdrawn';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `application-${application.id}`, data: { application }, disabled: !movable,
  });
  return (
    <li
      ref={setNodeRef}
      {...(movable ? listeners : {})}
      aria-label={application.closerName}
      data-application-id={application.id}
      className={cx('flex flex-col gap-2 rounded-lg border border-border bg-surface p-3 shadow-xs', movable && 'cursor-grab touch-pan-y active:cursor-grabbing', isDragging && 'opacity-40')}
    >
      <KanbanCardFace application={application} now={now} handle={movable && (
        <button ref={setActivatorNodeRef} type="button" {...attributes} aria-label={`Drag ${application.closerName}`}
          className="-mt-1 -mr-1 rounded-md p-1 text-muted hover:bg-surface-muted hover:text-foreground">
          <GripVertical aria-hidden className="size-4" />
        </button>
      )} />
      {movable && (
        <label className="flex items-center gap-2 text-xs text-muted" onPointerDown={(e) => e.stopPropagation()}>
          <span className="sr-only">Status of {application.closerName}</span>
          <span aria-hidden>Move to</span>
          <select value={application.status} onChange={(e) => onMove(ApplicationStatusSchema.parse(e.target.value))}
            className="h-7 min-w-0 flex-1 rounded-md border border-border bg-surface px-1.5 text-xs text-foreground">
            {ApplicationStatusSchema.options.map((s) => <option key={s} value={s}>{APPLICATION_STAGE_LABELS[s]}</option>)}
          </select>
        </label>
      )}
    </li>
  );
}
