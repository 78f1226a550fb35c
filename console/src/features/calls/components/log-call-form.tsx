import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api';
import { useLogCall } from '../api/call-mutations';
import { EMPTY_LOG_CALL, LogCallFormSchema, type LogCallFormOutput, type LogCallFormValues } from '../log-call-schema';
import { HeldLeadField } from './held-lead-field';
import { ResultChoice } from './result-choice';

/** The API's field names that are the form's too ('durationSeconds' is typed as 'duration'). */
const FIELD_OF: Record<string, keyof LogCallFormValues> = {
  leadId: 'leadId', durationSeconds: 'duration', result: 'result', notes: 'notes', recordingUrl: 'recordingUrl', transcript: 'transcript',
};

function failure(error: unknown): string {
  if (isApiError(error, 403)) return 'You can log calls only on leads you hold.';
  if (isApiError(error, 404)) return 'This lead no longer exists.';
  if (isApiError(error, 409)) return error.body?.message ?? 'The call could not be logged.';
  return 'Failed to log the call. Please try again.';
}

/**
 * The Log call form, validated with the API's own schema (LogCallBodySchema) behind the
 * form's words. With a `lead` (a card or a lead's page) the call is about that lead;
 * otherwise the agent picks one of the leads they hold, as the server requires.
 */
export function LogCallForm({ lead, onLogged, onCancel }: { lead?: { id: number; name: string }; onLogged?: () => void; onCancel?: () => void }) {
  const logCall = useLogCall();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<LogCallFormValues, unknown, LogCallFormOutput>({
    resolver: zodResolver(LogCallFormSchema),
    defaultValues: { ...EMPTY_LOG_CALL, leadId: lead ? String(lead.id) : '' },
  });

  const handleLog = handleSubmit((body) =>
    logCall.mutate(body, {
      onSuccess: (call) => {
        const who = call.leadName ?? lead?.name ?? 'the lead';
        toast({
          title: 'Call logged',
          description: body.transcript ? `Your call with ${who} was saved. Its analysis follows shortly.` : `Your call with ${who} was saved.`,
          variant: 'success',
        });
        onLogged?.();
      },
      onError: (error) => {
        toast({ title: 'Error', description: failure(error), variant: 'destructive' });
        if (isApiError(error)) {
          for (const { field, message } of error.body?.errors ?? []) {
            const name = FIELD_OF[field];
            if (name) setError(name, { message });
          }
        }
      },
    }),
  );

  return (
    <form onSubmit={handleLog} noValidate aria-label="Log call" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {lead ? (
        <input type="hidden" {...register('leadId')} />
      ) : (
        <HeldLeadField className="sm:col-span-2" error={errors.leadId?.message} registration={register('leadId')} />
      )}
      <FormField label="Duration" hint="Minutes and seconds: 4:05 or 4m 5s" error={errors.duration?.message}>
        {(c) => <Input {...c} {...register('duration')} inputMode="text" autoComplete="off" placeholder="4:05" />}
      </FormField>
      <FormField label="Recording URL" hint="Optional" error={errors.recordingUrl?.message}>
        {(c) => <Input {...c} {...register('recordingUrl')} type="url" autoComplete="off" placeholder="https://" />}
      </FormField>
      <ResultChoice className="sm:col-span-2" error={errors.result?.message} registration={register('result')} />
      <FormField label="Notes" hint="Optional" error={errors.notes?.message} className="sm:col-span-2">
        {(c) => <Textarea {...c} {...register('notes')} rows={2} />}
      </FormField>
      <FormField
        label="Transcript"
        hint="Optional. One line per turn, e.g. 'Agent: …' and 'Customer: …'. A transcript gets you sentiment, script adherence and buying signals."
        error={errors.transcript?.message}
        className="sm:col-span-2"
      >
        {(c) => <Textarea {...c} {...register('transcript')} rows={6} className="font-mono text-xs" />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && <Button variant="secondary" onClick={onCancel}>Cancel</Button>}
        <Button type="submit" disabled={logCall.isPending}>{logCall.isPending ? 'Saving...' : 'Log call'}</Button>
      </div>
    </form>
  );
}
