import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { APPLICATION_FILES_MAX, APPLICATION_TEXT_MAX, WeekdaySchema, type Job } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { isoDay } from '../../../lib/format-date';
import { useApply } from '../api/application-mutations';
import { ApplyFormSchema, emptyApplyForm, type ApplyFormValues } from '../apply-form';
import { WEEKDAY_LABELS } from '../closer-labels';
import { refusal } from '../closer-errors';
import { FileUploadField } from './file-upload-field';

/** Apply to a job: experience, a message to the employer, availability and a resume or other files. */
export function ApplyDialog({ job, open, onClose }: { job: Job; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={`Apply: ${job.title}`} description={`${job.companyName} sees your application and can write to you about it.`} maxWidth="max-w-[640px]">
      <ApplyForm job={job} onDone={onClose} />
    </Dialog>
  );
}

function ApplyForm({ job, onDone }: { job: Job; onDone: () => void }) {
  const apply = useApply();
  const navigate = useNavigate();
  const form = useForm<ApplyFormValues, unknown, z.output<typeof ApplyFormSchema>>({ resolver: zodResolver(ApplyFormSchema), defaultValues: emptyApplyForm() });
  const { errors } = form.formState;
  const handleApply = form.handleSubmit((body) =>
    apply.mutate({ jobId: job.id, body }, {
      onSuccess: (application) => {
        toast({ title: 'Application sent', description: `${job.companyName} will review it. You can follow it here.`, variant: 'success' });
        onDone();
        void navigate(`/applications/${application.id}`);
      },
    }));
  return (
    <form onSubmit={handleApply} noValidate aria-label="Application" className="flex flex-col gap-4">
      <FormField label="Your experience" error={errors.experience?.message} hint="What you have sold, to whom, and how it went.">
        {(c) => <Textarea {...c} rows={4} maxLength={APPLICATION_TEXT_MAX} {...form.register('experience')} />}
      </FormField>
      <FormField label="Message to the employer" error={errors.message?.message}>
        {(c) => <Textarea {...c} rows={3} maxLength={APPLICATION_TEXT_MAX} {...form.register('message')} />}
      </FormField>
      <FormField label="LinkedIn profile (optional)" error={errors.linkedinProfile?.message}>
        {(c) => <Input {...c} type="url" inputMode="url" placeholder="https://www.linkedin.com/in/you" {...form.register('linkedinProfile')} />}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Hours a week" error={errors.availableHoursPerWeek?.message}>
          {(c) => <Input {...c} inputMode="numeric" placeholder="e.g. 30" {...form.register('availableHoursPerWeek')} />}
        </FormField>
        <FormField label="Available from" error={errors.availableStartDate?.message}>
          {(c) => <Input {...c} type="date" min={isoDay(new Date())} className="dark:[color-scheme:dark]" {...form.register('availableStartDate')} />}
        </FormField>
      </div>
      <Controller control={form.control} name="availableDays" render={({ field }) => (
        <fieldset aria-describedby={errors.availableDays ? 'apply-days-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium text-foreground">Days you can work</legend>
          <div className="flex flex-wrap gap-1.5">
            {WeekdaySchema.options.map((day) => {
              const on = field.value.includes(day);
              return (
                <label key={day} className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-ring/60 ${on ? 'border-primary bg-primary-soft text-primary-soft-foreground' : 'border-border text-muted hover:text-foreground'}`}>
                  <input type="checkbox" className="sr-only" checked={on}
                    onChange={(e) => field.onChange(e.target.checked ? WeekdaySchema.options.filter((d) => d === day || field.value.includes(d)) : field.value.filter((d) => d !== day))} />
                  {WEEKDAY_LABELS[day]}
                </label>
              );
            })}
          </div>
          {errors.availableDays && <p id="apply-days-error" className="mt-1.5 text-xs font-medium text-destructive-text">{errors.availableDays.message}</p>}
        </fieldset>
      )} />
      <Controller control={form.control} name="fileUploads" render={({ field }) => (
        <FileUploadField label="Resume and attachments (optional)" files={field.value} max={APPLICATION_FILES_MAX} onChange={field.onChange} error={errors.fileUploads?.message} />
      )} />
      {apply.error && <p role="alert" className="text-sm font-medium text-destructive-text">{refusal(apply.error)}</p>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={apply.isPending}>{apply.isPending ? 'Sending...' : 'Send application'}</Button>
      </div>
    </form>
  );
}
