import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  JOB_FILES_MAX, JOB_LONG_TEXT_MAX, JOB_SHORT_TEXT_MAX, JOB_TITLE_MAX, JobTypeSchema, commissionPerCloseCents, jobTypeLabels,
} from '@leadfloor/contracts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { dollarsToCents, formatCents } from '../../../lib/dollars';
import type { JobFormSchema, JobFormValues } from '../job-form';
import { FileUploadField } from './file-upload-field';

export type JobForm = UseFormReturn<JobFormValues, unknown, z.output<typeof JobFormSchema>>;

/** What a close pays, worked out as the server does, while the price and rate are typed. */
function CommissionPreview({ form }: { form: JobForm }) {
  const [price, rate] = form.watch(['salesPrice', 'commissionRate']);
  const cents = dollarsToCents(price);
  const percent = Number(rate);
  const known = cents !== null && rate.trim() !== '' && Number.isFinite(percent) && percent >= 0 && percent <= 100;
  return (
    <p aria-live="polite" className="rounded-lg bg-surface-muted px-3 py-2 text-sm text-muted sm:col-span-2">
      Commission per close: <span className="font-semibold text-foreground tabular-nums">{known ? formatCents(commissionPerCloseCents(cents, percent)) : '—'}</span>
    </p>
  );
}

/** Every field of a job (spec job_opportunities), grouped as an employer thinks of them. */
export function JobFormFields({ form }: { form: JobForm }) {
  const { errors } = form.formState;
  const { register } = form;
  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="job-form-role">
        <CardHeader titleId="job-form-role" title="The role" />
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Title" error={errors.title?.message} className="sm:col-span-2">
            {(c) => <Input {...c} maxLength={JOB_TITLE_MAX} placeholder="e.g. Closer for residential solar" {...register('title')} />}
          </FormField>
          <FormField label="Type" error={errors.type?.message}>
            {(c) => <Select {...c} {...register('type')}>{JobTypeSchema.options.map((t) => <option key={t} value={t}>{jobTypeLabels[t]}</option>)}</Select>}
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            {(c) => <Input {...c} maxLength={JOB_SHORT_TEXT_MAX} placeholder="City, state or Remote" {...register('location')} />}
          </FormField>
          <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
            {(c) => <Textarea {...c} rows={5} maxLength={JOB_LONG_TEXT_MAX} {...register('description')} />}
          </FormField>
          <FormField label="Requirements (optional)" error={errors.requirements?.message} className="sm:col-span-2">
            {(c) => <Textarea {...c} rows={3} maxLength={JOB_LONG_TEXT_MAX} {...register('requirements')} />}
          </FormField>
          <FormField label="Skills (optional)" error={errors.skillsRequired?.message} hint="Separated by commas, e.g. Cold calling, CRM, Spanish" className="sm:col-span-2">
            {(c) => <Input {...c} {...register('skillsRequired')} />}
          </FormField>
          <FormField label="Compensation (optional)" error={errors.compensation?.message} hint="Anything beyond the commission, e.g. a base or a bonus" className="sm:col-span-2">
            {(c) => <Input {...c} maxLength={JOB_SHORT_TEXT_MAX} {...register('compensation')} />}
          </FormField>
        </CardContent>
      </Card>
      <Card aria-labelledby="job-form-money">
        <CardHeader titleId="job-form-money" title="The product and the commission" />
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Product" error={errors.productName?.message} className="sm:col-span-2">
            {(c) => <Input {...c} maxLength={JOB_SHORT_TEXT_MAX} {...register('productName')} />}
          </FormField>
          <FormField label="Sales price ($)" error={errors.salesPrice?.message}>
            {(c) => <Input {...c} inputMode="decimal" placeholder="e.g. 25000" {...register('salesPrice')} />}
          </FormField>
          <FormField label="Commission rate (%)" error={errors.commissionRate?.message}>
            {(c) => <Input {...c} inputMode="decimal" placeholder="e.g. 8" {...register('commissionRate')} />}
          </FormField>
          <CommissionPreview form={form} />
          <FormField label="Target market (optional)" error={errors.targetMarket?.message} className="sm:col-span-2">
            {(c) => <Textarea {...c} rows={3} maxLength={JOB_LONG_TEXT_MAX} {...register('targetMarket')} />}
          </FormField>
          <FormField label="Tips and tricks (optional)" error={errors.tipsAndTricks?.message} className="sm:col-span-2">
            {(c) => <Textarea {...c} rows={3} maxLength={JOB_LONG_TEXT_MAX} {...register('tipsAndTricks')} />}
          </FormField>
        </CardContent>
      </Card>
      <Card aria-labelledby="job-form-company">
        <CardHeader titleId="job-form-company" title="The company" />
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="Company" error={errors.companyName?.message}>
            {(c) => <Input {...c} maxLength={JOB_SHORT_TEXT_MAX} {...register('companyName')} />}
          </FormField>
          <FormField label="Website (optional)" error={errors.companyWebsite?.message}>
            {(c) => <Input {...c} type="url" inputMode="url" placeholder="https://" {...register('companyWebsite')} />}
          </FormField>
          <FormField label="Annual sales ($, optional)" error={errors.annualSales?.message}>
            {(c) => <Input {...c} inputMode="decimal" {...register('annualSales')} />}
          </FormField>
          <FormField label="Years trading (optional)" error={errors.yearsTrading?.message}>
            {(c) => <Input {...c} inputMode="numeric" {...register('yearsTrading')} />}
          </FormField>
          <FormField label="Product video (optional)" error={errors.videoUrl?.message} hint="An https:// address, e.g. a YouTube or Vimeo link" className="sm:col-span-2">
            {(c) => <Input {...c} type="url" inputMode="url" placeholder="https://" {...register('videoUrl')} />}
          </FormField>
          <div className="sm:col-span-2">
            <Controller control={form.control} name="fileUploads" render={({ field }) => (
              <FileUploadField label="Files: brochures, price lists, scripts (optional)" files={field.value} max={JOB_FILES_MAX} onChange={field.onChange} error={errors.fileUploads?.message} />
            )} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
