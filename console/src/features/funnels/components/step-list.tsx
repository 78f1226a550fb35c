import { useState } from 'react';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type DragEndEvent,
} from '@dnd-kit/core';
import { ArrowDown, ArrowUp, GripVertical, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AddFunnelStepBodySchema, type FunnelStepView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { cx } from '../../../lib/cx';
import { serverMessage } from '../../../lib/api';
import { useAddFunnelStep, useMoveFunnelStep } from '../api/funnel-mutations';

type StepListProps = { funnelId: number; steps: FunnelStepView[]; selectedId: number | null; onSelect: (stepId: number) => void };

const stepName = (steps: FunnelStepView[], id: string | number) => steps.find((s) => `step-${s.id}` === id)?.name ?? 'the step';

/** The funnel's steps in order: pick one to edit, drag (or the arrows) to reorder, add one at the end. */
export function StepList({ funnelId, steps, selectedId, onSelect }: StepListProps) {
  const move = useMoveFunnelStep(funnelId);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${stepName(steps, active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${stepName(steps, active.id)} is over ${stepName(steps, over.id)}.` : `${stepName(steps, active.id)} is over no step.`),
    onDragEnd: ({ active, over }) => (over ? `${stepName(steps, active.id)} moved to the place of ${stepName(steps, over.id)}.` : `${stepName(steps, active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${stepName(steps, active.id)} was cancelled.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || over.id === active.id) return;
    const stepId = Number(String(active.id).slice('step-'.length));
    const position = steps.findIndex((s) => `step-${s.id}` === over.id);
    if (position >= 0) move.mutate({ stepId, position });
  };
  return (
    <Card>
      <CardHeader title="Steps" description="Visitors go through them in this order." />
      <CardContent className="flex flex-col gap-3">
        {steps.length === 0 ? (
          <p className="text-sm text-muted">No steps yet. Add the first page visitors land on.</p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements }}>
            <ol aria-label="Steps" className="flex flex-col gap-1.5">
              {steps.map((step, i) => (
                <StepRow key={step.id} step={step} index={i} last={i === steps.length - 1} selected={step.id === selectedId}
                  onSelect={() => onSelect(step.id)} onMove={(position) => move.mutate({ stepId: step.id, position })} />
              ))}
            </ol>
          </DndContext>
        )}
        {move.error && <p role="alert" className="text-xs text-destructive-text">{serverMessage(move.error) ?? 'The step did not move. Try again.'}</p>}
        <AddStepForm funnelId={funnelId} onAdded={onSelect} />
      </CardContent>
    </Card>
  );
}

type StepRowProps = { step: FunnelStepView; index: number; last: boolean; selected: boolean; onSelect: () => void; onMove: (position: number) => void };

function StepRow({ step, index, last, selected, onSelect, onMove }: StepRowProps) {
  const id = `step-${step.id}`;
  const drag = useDraggable({ id });
  const drop = useDroppable({ id });
  const style = drag.transform ? { transform: `translate3d(0, ${drag.transform.y}px, 0)` } : undefined;
  return (
    <li ref={drop.setNodeRef} className={cx('rounded-lg', drop.isOver && !drag.isDragging && 'ring-2 ring-primary/50')}>
      <div ref={drag.setNodeRef} style={style}
        className={cx('flex items-center gap-1 rounded-lg border px-1.5 py-1.5', selected ? 'border-primary bg-primary-soft' : 'border-border bg-surface', drag.isDragging && 'relative z-10 shadow-lg')}>
        <button type="button" ref={drag.setActivatorNodeRef} {...drag.listeners} {...drag.attributes}
          aria-label={`Drag ${step.name} to reorder`} className="cursor-grab touch-none rounded p-1 text-muted hover:bg-surface-muted">
          <GripVertical aria-hidden className="size-4" />
        </button>
        <button type="button" onClick={onSelect} aria-current={selected ? 'true' : undefined} className="min-w-0 flex-1 text-left">
          <span className="block truncate text-sm font-medium text-foreground">{index + 1}. {step.name}</span>
          <span className="block truncate text-xs text-muted">/{step.path}{step.unpublishedChanges ? ' · unpublished changes' : ''}</span>
        </button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${step.name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}><ArrowUp aria-hidden /></Button>
        <Button variant="ghost" size="icon" className="size-7" aria-label={`Move ${step.name} down`} disabled={last} onClick={() => onMove(index + 1)}><ArrowDown aria-hidden /></Button>
      </div>
    </li>
  );
}

type AddValues = z.input<typeof AddFunnelStepBodySchema>;

function AddStepForm({ funnelId, onAdded }: { funnelId: number; onAdded: (stepId: number) => void }) {
  const [open, setOpen] = useState(false);
  const add = useAddFunnelStep(funnelId);
  const form = useForm<AddValues, unknown, z.output<typeof AddFunnelStepBodySchema>>({ resolver: zodResolver(AddFunnelStepBodySchema), defaultValues: { name: '', path: '' } });
  if (!open) return <Button variant="secondary" size="sm" onClick={() => setOpen(true)}><Plus aria-hidden />Add step</Button>;
  const handleAdd = form.handleSubmit((body) => add.mutate(body, {
    onSuccess: (out) => { form.reset(); setOpen(false); if (out.stepId) onAdded(out.stepId); },
  }));
  const errors = form.formState.errors;
  return (
    <form onSubmit={handleAdd} noValidate aria-label="Add step" className="flex flex-col gap-3 rounded-lg border border-border p-3">
      <FormField label="Step name" error={errors.name?.message}>{(c) => <Input {...c} {...form.register('name')} placeholder="Opt-in" autoFocus />}</FormField>
      <FormField label="Path" hint="Its address after the funnel's: /p/funnel/path" error={errors.path?.message}>
        {(c) => <Input {...c} {...form.register('path')} placeholder="opt-in" />}
      </FormField>
      {add.error && <p role="alert" className="text-xs text-destructive-text">{serverMessage(add.error) ?? 'The step was not added. Try again.'}</p>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>Cancel</Button>
        <Button type="submit" size="sm" disabled={add.isPending}>{add.isPending ? 'Adding…' : 'Add step'}</Button>
      </div>
    </form>
  );
}
