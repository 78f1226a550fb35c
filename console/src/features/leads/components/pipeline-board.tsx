import { useState } from 'react';
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent,
} from '@dnd-kit/core';
import { Info } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { useReadOnly } from '../../../lib/read-only';
import type { LeadListParams } from '../api/lead-queries';
import { STAGE_LABELS } from '../lead-labels';
import { columnKeyboardCoordinates } from '../pipeline-keyboard';
import { useStageMove } from '../use-stage-move';
import { PipelineCardFace } from './pipeline-card';
import { PipelineColumn } from './pipeline-column';

const STAGES = Object.keys(STAGE_LABELS) as Lead['stage'][];

type DragData = { lead?: Lead; stage?: Lead['stage'] };
const leadOf = (data: unknown) => (data as DragData | undefined)?.lead;
const stageOf = (data: unknown) => (data as DragData | undefined)?.stage;

// The pointer decides where a card lands; when it is between columns, the nearest overlap does.
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${leadOf(active.data.current)?.name ?? 'lead'}. Use the left and right arrow keys to choose a stage.`,
  onDragOver: ({ over }) => (over ? `Over the ${STAGE_LABELS[stageOf(over.data.current) ?? 'new']} stage.` : 'Not over a stage.'),
  onDragEnd: ({ active, over }) =>
    over ? `${leadOf(active.data.current)?.name ?? 'Lead'} dropped in ${STAGE_LABELS[stageOf(over.data.current) ?? 'new']}.` : 'Dropped outside the board.',
  onDragCancel: ({ active }) => `Moving ${leadOf(active.data.current)?.name ?? 'the lead'} was cancelled.`,
};

type PipelineBoardProps = {
  /** The pool's current list parameters; each column adds its stage. */
  params: LeadListParams;
  /** The stage the filter panel narrows to, if any: other columns stay empty. */
  stageFilter: Lead['stage'] | 'all';
  meId: number | undefined;
};

/** Spec 2.6 and 4's pipeline: five stage columns; the holder drags a lead to move its stage. */
export function PipelineBoard({ params, stageFilter, meId }: PipelineBoardProps) {
  const columnParams = (stage: Lead['stage']): LeadListParams => ({ ...params, stageFilter: stage });
  const move = useStageMove(columnParams);
  const [dragging, setDragging] = useState<Lead | null>(null);
  const readOnly = useReadOnly();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the lead's name still opens it.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const handleDragStart = ({ active }: DragStartEvent) => setDragging(leadOf(active.data.current) ?? null);
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const lead = leadOf(active.data.current);
    const to = stageOf(over?.data.current);
    if (lead && to) void move(lead, to);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 rounded-xl border border-primary/30 bg-primary-soft px-4 py-3 text-sm text-primary-soft-foreground">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
        {readOnly ?? 'Drag and drop leads between stages to update their progress. Changes are saved automatically.'}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{ announcements }}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <div className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0 xl:grid xl:grid-cols-5 xl:overflow-visible">
          {STAGES.map((stage) => (
            <PipelineColumn
              key={stage}
              stage={stage}
              params={stageFilter === 'all' || stageFilter === stage ? columnParams(stage) : null}
              meId={meId}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging && (
            <div className="w-64 cursor-grabbing rounded-lg border border-primary bg-surface p-3 shadow-xl">
              <PipelineCardFace lead={dragging} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
