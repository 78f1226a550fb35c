import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreateLeadFormSchema, type CreateLeadForm } from '@leadfloor/contracts';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { activeFieldsOf, customFieldsQuery } from '../../../lib/custom-fields';
import { useCreateLead } from '../api/lead-mutations';
import { customFieldOf, readDraft, type CustomFieldDraft, type CustomFieldErrors } from '../custom-field-draft';
import { LEAD_SOURCE_LABELS, LEAD_TYPE_LABELS } from '../lead-labels';
import { CustomFieldInputs } from './custom-field-inputs';

type Output = z.output<typeof CreateLeadFormSchema>;
const EMPTY: CreateLeadForm = { name: '', email: '', phone: '', address: '', city: '', state: '', leadType: '', source: '', notes: '' };
const isField = (f: string): f is keyof CreateLeadForm => f in EMPTY;

/**
 * Spec 2.8's Add New Lead form, validated with the schema the server validates. Used in the
 * dashboard's dialog and, by the lead pool, as a card. Once a lead type is chosen, the floor's
 * active custom fields of that type follow, checked as the server checks them (required ones too).
 */
export function AddLeadForm({ onCreated, onCancel }: { onCreated?: () => void; onCancel?: () => void }) {
  const createLead = useCreateLead();
  const { register, handleSubmit, reset, setError, watch, formState: { errors } } = useForm<CreateLeadForm, unknown, Output>({
    resolver: zodResolver(CreateLeadFormSchema),
    defaultValues: EMPTY,
  });
  const leadType = watch('leadType');
  const typeFields = activeFieldsOf(useQuery(customFieldsQuery).data ?? [], leadType ?? '');
  const [draft, setDraft] = useState<CustomFieldDraft>({});
  const [customErrors, setCustomErrors] = useState<CustomFieldErrors>({});

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    // Both parts are checked at once, so every mistake shows on the first try.
    const custom = readDraft(typeFields, draft);
    setCustomErrors(custom.ok ? {} : custom.errors);
    return handleSubmit((values) => {
      if (!custom.ok) return;
      const customFields = Object.fromEntries(Object.entries(custom.values).filter(([, v]) => v !== null));
      createLead.mutate({ ...values, ...(Object.keys(customFields).length > 0 ? { customFields } : {}) }, {
        onSuccess: () => {
          toast({ title: 'Lead created', description: 'The lead has been added to the lead pool', variant: 'success' });
          reset(EMPTY);
          setDraft({});
          onCreated?.();
        },
        onError: (error) => {
          toast({ title: 'Error', description: 'Failed to create lead. Please try again.', variant: 'destructive' });
          if (error instanceof ApiError) {
            for (const { field, message } of error.body?.errors ?? []) {
              const name = customFieldOf(field);
              if (name) setCustomErrors((e) => ({ ...e, [name]: message }));
              else if (isField(field)) setError(field, { message });
            }
          }
        },
      });
    })(event);
  };

  return (
    <form onSubmit={handleCreate} noValidate className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Add New Lead">
      <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
        {(c) => <Input {...c} {...register('name')} autoComplete="off" placeholder="Full name" />}
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        {(c) => <Input {...c} {...register('email')} type="email" autoComplete="off" placeholder="name@example.com" />}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        {(c) => <Input {...c} {...register('phone')} type="tel" autoComplete="off" placeholder="(555) 123-4567" />}
      </FormField>
      <FormField label="Address" hint="Optional" error={errors.address?.message} className="sm:col-span-2">
        {(c) => <Input {...c} {...register('address')} autoComplete="off" />}
      </FormField>
      <FormField label="City" error={errors.city?.message}>
        {(c) => <Input {...c} {...register('city')} autoComplete="off" />}
      </FormField>
      <FormField label="State" error={errors.state?.message}>
        {(c) => <Input {...c} {...register('state')} autoComplete="off" />}
      </FormField>
      <FormField label="Lead type" error={errors.leadType?.message}>
        {(c) => (
          <Select {...c} {...register('leadType')}>
            <option value="">Select a type</option>
            {Object.entries(LEAD_TYPE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </Select>
        )}
      </FormField>
      <FormField label="Source" hint="Optional" error={errors.source?.message}>
        {(c) => (
          <Select {...c} {...register('source')}>
            <option value="">Not specified</option>
            {Object.entries(LEAD_SOURCE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </Select>
        )}
      </FormField>
      {typeFields.length > 0 && (
        <>
          <p className="border-t border-border pt-3 text-xs font-semibold tracking-wide text-muted uppercase sm:col-span-2">
            {LEAD_TYPE_LABELS[leadType as keyof typeof LEAD_TYPE_LABELS]} details
          </p>
          <CustomFieldInputs fields={typeFields} draft={draft} errors={customErrors} onChange={(name, value) => setDraft((d) => ({ ...d, [name]: value }))} />
        </>
      )}
      <FormField label="Notes" hint="Optional" error={errors.notes?.message} className="sm:col-span-2">
        {(c) => <Textarea {...c} {...register('notes')} rows={3} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        {onCancel && <Button variant="secondary" onClick={onCancel}>Cancel</Button>}
        <Button type="submit" disabled={createLead.isPending}>{createLead.isPending ? 'Creating...' : 'Create Lead'}</Button>
      </div>
    </form>
  );
}
