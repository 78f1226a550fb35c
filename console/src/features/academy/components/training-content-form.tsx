import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PitchDeckUrlSchema, TrainingContentBodySchema, trainingSectionTitles, type TrainingDraft } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { serverMessage } from '../../../lib/api';
import { toast } from '../../../components/ui/toast-store';
import { useSaveTraining } from '../api/academy-mutations';

// The address field is text: empty means no pitch deck.
const ContentFormSchema = TrainingContentBodySchema.extend({
  pitchDeckUrl: z.string().trim().transform((v) => v || null).pipe(PitchDeckUrlSchema.nullable()),
});
type FormValues = z.input<typeof ContentFormSchema>;

const textSections = ['companyInfo', 'productDetails', 'questionsAndAnswers', 'negotiationAnalysis', 'callScripts', 'desiredOutcome'] as const;
const hints: Record<(typeof textSections)[number], string> = {
  companyInfo: 'Who the company is, and why people buy from it.',
  productDetails: 'What is sold: features, prices, guarantees.',
  questionsAndAnswers: 'Questions buyers ask, with the answers.',
  negotiationAnalysis: 'Objections and how to handle them; what can be offered.',
  callScripts: 'How a call goes, line by line.',
  desiredOutcome: 'What a good call ends with.',
};

/** The training's content, saved whole; empty sections are left out for learners. */
export function TrainingContentForm({ draft }: { draft: TrainingDraft }) {
  const save = useSaveTraining();
  const form = useForm<FormValues, unknown, z.output<typeof ContentFormSchema>>({
    resolver: zodResolver(ContentFormSchema),
    defaultValues: { ...draft.content, pitchDeckUrl: draft.content.pitchDeckUrl ?? '', previewOpen: draft.previewOpen },
  });
  const previewOpen = form.watch('previewOpen');
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Content" description="Sections read in this order. Leave a section empty to skip it." />
      <CardContent>
        <form
          aria-label="Training content"
          onSubmit={form.handleSubmit((body) => save.mutate({ jobId: draft.jobId, body }, {
            onSuccess: () => toast({ title: 'Training saved', variant: 'success' }),
          }))}
          className="flex flex-col gap-4"
        >
          {textSections.map((s) => (
            <FormField key={s} label={trainingSectionTitles[s]} hint={hints[s]} error={errors[s]?.message}>
              {(control) => <Textarea {...control} rows={5} {...form.register(s)} />}
            </FormField>
          ))}
          <FormField label="Pitch deck address" hint="A link to the deck (https://…); optional." error={errors.pitchDeckUrl?.message}>
            {(control) => <Input {...control} type="url" inputMode="url" placeholder="https://" {...form.register('pitchDeckUrl')} />}
          </FormField>
          <div className="flex items-start gap-3">
            <Switch
              id="preview-open" checked={Boolean(previewOpen)} onCheckedChange={(on) => form.setValue('previewOpen', on, { shouldDirty: true })}
              aria-describedby="preview-open-hint"
            />
            <div>
              <label htmlFor="preview-open" className="text-sm font-medium text-foreground">Open a preview to everyone</label>
              <p id="preview-open-hint" className="text-xs text-muted">Anyone signed in may read it; assessments stay with your accepted closers.</p>
            </div>
          </div>
          {save.isError && <p role="alert" className="text-sm text-destructive-text">{serverMessage(save.error) ?? 'The training could not be saved. Try again.'}</p>}
          <div>
            <Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : draft.exists ? 'Save training' : 'Create training'}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
