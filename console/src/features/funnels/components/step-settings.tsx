import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AddFunnelStepBodySchema, type FunnelStepView } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { serverMessage } from '../../../lib/api';
import { useEditFunnelStep, useRemoveFunnelStep } from '../api/funnel-mutations';

/** The same name and path rules as adding a step. */
const StepFormSchema = AddFunnelStepBodySchema;
type Values = z.input<typeof StepFormSchema>;

/** Rename a step, give it another path, or remove it (its pages go with it at the next publish). */
export function StepSettings({ funnelId, step, onRemoved }: { funnelId: number; step: FunnelStepView; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const edit = useEditFunnelStep(funnelId);
  const remove = useRemoveFunnelStep(funnelId);
  const form = useForm<Values, unknown, z.output<typeof StepFormSchema>>({ resolver: zodResolver(StepFormSchema), values: { name: step.name, path: step.path } });
  const handleSave = form.handleSubmit((v) => {
    const body = { ...(v.name !== step.name ? { name: v.name } : {}), ...(v.path !== step.path ? { path: v.path } : {}) };
    if (Object.keys(body).length > 0) edit.mutate({ stepId: step.id, body });
  });
  const errors = form.formState.errors;
  return (
    <details className="rounded-lg border border-border bg-surface px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-foreground">Step settings: {step.name}</summary>
      <form onSubmit={handleSave} noValidate aria-label="Step settings" className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <FormField label="Step name" error={errors.name?.message}>{(c) => <Input {...c} {...form.register('name')} />}</FormField>
        <FormField label="Path" error={errors.path?.message}>{(c) => <Input {...c} {...form.register('path')} />}</FormField>
        <div className="flex gap-2 sm:pt-6">
          <Button type="submit" variant="secondary" disabled={edit.isPending}>{edit.isPending ? 'Saving…' : 'Save'}</Button>
          <Button variant="ghost" className="text-destructive-text" onClick={() => setConfirming(true)}>Remove step</Button>
        </div>
        {edit.error && <p role="alert" className="text-xs text-destructive-text sm:col-span-3">{serverMessage(edit.error) ?? 'Not saved. Try again.'}</p>}
      </form>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Remove ${step.name}?`}
        description="Its pages and split test go with it. The live funnel keeps it until you publish again.">
        {remove.error && <p role="alert" className="mb-3 text-sm text-destructive-text">{serverMessage(remove.error) ?? 'The step was not removed. Try again.'}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>Keep it</Button>
          <Button variant="destructive" disabled={remove.isPending}
            onClick={() => remove.mutate(step.id, { onSuccess: () => { setConfirming(false); onRemoved(); } })}>
            {remove.isPending ? 'Removing…' : 'Remove step'}
          </Button>
        </div>
      </Dialog>
    </details>
  );
}
