import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import type { CallScriptSchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api';
import { useUpdateCallScript } from '../api/call-mutations';
import { ScriptFormSchema, toScriptForm, type ScriptFormOutput, type ScriptFormValues } from '../call-script-schema';

type CallScript = z.infer<typeof CallScriptSchema>;

/**
 * A manager's editor for their team's call script: each checkpoint is covered when the agent
 * says one of its phrases. Saving re-analyses the team's calls against it (in the background).
 */
export function CallScriptEditor({ script, teamId, teamName, onDone }: { script: CallScript; teamId: number; teamName: string; onDone: () => void }) {
  const update = useUpdateCallScript();
  const { register, control, handleSubmit, formState: { errors } } = useForm<ScriptFormValues, unknown, ScriptFormOutput>({
    resolver: zodResolver(ScriptFormSchema),
    defaultValues: toScriptForm(script.checkpoints),
  });
  const checkpoints = useFieldArray({ control, name: 'checkpoints' });

  const handleSave = handleSubmit((body) =>
    update.mutate({ ...body, teamId }, {
      onSuccess: () => {
        toast({ title: 'Call script saved', description: `${teamName}'s calls are being re-analysed against it.`, variant: 'success' });
        onDone();
      },
      onError: (error) => toast({
        title: 'Error',
        description: isApiError(error, 403) ? 'Only a manager of this team can edit its call script.' : 'Failed to save the call script. Please try again.',
        variant: 'destructive',
      }),
    }),
  );

  return (
    <form onSubmit={handleSave} noValidate aria-label="Edit call script" className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4">
        {checkpoints.fields.map((field, i) => (
          <li key={field.id} className="grid grid-cols-1 gap-3 rounded-xl border border-border p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto]">
            <FormField label={`Checkpoint ${i + 1}`} error={errors.checkpoints?.[i]?.label?.message}>
              {(c) => <Input {...c} {...register(`checkpoints.${i}.label`)} autoComplete="off" placeholder="e.g. Agree on next steps" />}
            </FormField>
            <FormField label="Phrases" hint="One per line; any of them covers the checkpoint" error={errors.checkpoints?.[i]?.phrases?.message}>
              {(c) => <Textarea {...c} {...register(`checkpoints.${i}.phrases`)} rows={3} />}
            </FormField>
            <Button
              variant="ghost"
              size="icon"
              className="self-start sm:mt-6"
              aria-label={`Remove checkpoint ${i + 1}`}
              title="Remove checkpoint"
              disabled={checkpoints.fields.length === 1}
              onClick={() => checkpoints.remove(i)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      {errors.checkpoints?.root?.message && <p className="text-xs font-medium text-destructive-text">{errors.checkpoints.root.message}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="secondary" size="sm" disabled={checkpoints.fields.length >= 20} onClick={() => checkpoints.append({ label: '', phrases: '' })}>
          <Plus aria-hidden />
          Add checkpoint
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
          <Button type="submit" disabled={update.isPending}>{update.isPending ? 'Saving...' : 'Save script'}</Button>
        </div>
      </div>
    </form>
  );
}
