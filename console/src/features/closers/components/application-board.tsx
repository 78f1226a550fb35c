import { useState } from 'react';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { ApplicationStatusSchema, type ApplicationStatus, type ApplicationSummary } from '@leadfloor/contracts';
import { useNow } from '../../../lib/use-now';
import { columnQuery } from '../api/application-queries';
import { APPLICATION_STAGE_LABELS } from '../closer-labels';
import { countsOf } from '../kanban-cache';
import { useApplicationMove } from '../use-application-move';
import { DecisionDialog, type PendingDecision } from './decision-dialog';
import { KanbanCardFace } from './kanban-card';
import { KanbanColumn } from './kanban-column';

type DragData = { application?: ApplicationSummary; status?: ApplicationStatus };
const applicationOf = (data: unknown) => (data as DragData | undefined)?.application;
const statusOf = (data: unknown) => (data as DragData | undefined)?.status;

// The pointer decides where a card lands; between columns, the nearest overlap does.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** Left and Right jump a whole column with the keyboard (the default creeps 25 px a press). */
const columnKeys: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  const rect = context.collisionRect;
  if (!rect) return undefined;
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const centre = rect.left + rect.width / 2;
  const here = columns.findIndex((c) => centre >= c.left && centre <= c.left + c.width);
  const target = columns[here === -1 ? 0 : here + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!target) return undefined;
  event.preventDefault();
  return { x: currentCoordinates.x + (target.left + target.width / 2 - centre), y: currentCoordinates.y };
};

const label = (s: ApplicationStatus | undefined) => (s ? APPLICATION_STAGE_LABELS[s] : 'no');
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${applicationOf(active.data.current)?.closerName ?? 'the application'}. Use the left and right arrow keys to choose a status.`,
  onDragOver: ({ over }) => (over ? `Over ${label(statusOf(over.data.current))}.` : 'Not over a status.'),
  onDragEnd: ({ active, over }) => (over ? `${applicationOf(active.data.current)?.closerName ?? 'Application'} dropped in ${label(statusOf(over.data.current))}.` : 'Dropped outside the board.'),
  onDragCancel: ({ active }) => `Moving ${applicationOf(active.data.current)?.closerName ?? 'the application'} was cancelled.`,
};

/**
 * A job's applications as a kanban by status (issue 14): drag a card to move it. The move shows
 * at once and is undone if the server refuses it (409 when another reviewer decided first).
 * Accepting or rejecting asks for feedback first.
 */
export function ApplicationBoard({ jobId }: { jobId: number }) {
  const move = useApplicationMove(jobId);
  const now = useNow(60_000);
  const [dragging, setDragging] = useState<ApplicationSummary | null>(null);
  const [deciding, setDeciding] = useState<PendingDecision | null>(null);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the name still opens the application.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeys }),
  );
  const columns = {
    pending: useInfiniteQuery(columnQuery(jobId, 'pending')),
    reviewing: useInfiniteQuery(columnQuery(jobId, 'reviewing')),
    accepted: useInfiniteQuery(columnQuery(jobId, 'accepted')),
    rejected: useInfiniteQuery(columnQuery(jobId, 'rejected')),
  };
  const counts = countsOf(Object.values(columns).map((c) => c.data));

  const handleMove = (application: ApplicationSummary, to: ApplicationStatus) => {
    if (application.status === to) return;
    if (to === 'accepted' || to === 'rejected') setDeciding({ application, to });
    else void move(application, to);
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const application = applicationOf(active.data.current);
    const to = statusOf(over?.data.current);
    if (application && to) handleMove(application, to);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-xl border border-primary/30 bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        Drag applications between columns (or use a card&apos;s Move to menu). Accepting or rejecting asks for feedback the applicant will read.
      </p>
      <DndContext sensors={sensors} collisionDetection={collision} accessibility={{ announcements }}
        onDragStart={({ active }: DragStartEvent) => setDragging(applicationOf(active.data.current) ?? null)}
        onDragEnd={handleDragEnd} onDragCancel={() => setDragging(null)}>
        <div className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0 lg:grid lg:grid-cols-4 lg:overflow-visible">
          {ApplicationStatusSchema.options.map((status) => (
            <KanbanColumn key={status} status={status} query={columns[status]} now={now} count={counts?.[status]} onMove={handleMove} />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging && (
            <div className="w-64 cursor-grabbing rounded-lg border border-primary bg-surface p-3 shadow-xl">
              <KanbanCardFace application={dragging} now={now} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
      <DecisionDialog decision={deciding} onCancel={() => setDeciding(null)}
        onConfirm={(feedback) => {
          if (deciding) void move(deciding.application, deciding.to, feedback);
          setDeciding(null);
        }} />
    </div>
  );
}
