import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CreateFunnelBodySchema, FunnelMetadataSchema, type FunnelDetail, type FunnelMetadata } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useEditFunnel, useSaveFunnelMetadata } from '../api/funnel-mutations';

const EMPTY_METADATA: FunnelMetadata = {
  businessName: '', industry: '', targetAudience: '', productFeatures: '', valueProposition: '', specialOffers: '', brandVoice: '', ctaGoals: '',
};
const METADATA_FIELDS: { name: keyof FunnelMetadata; label: string; hint?: string; long?: boolean }[] = [
  { name: 'businessName', label: 'Business' },
  { name: 'industry', label: 'Industry' },
  { name: 'targetAudience', label: 'Audience', hint: 'Who the funnel speaks to', long: true },
  { name: 'productFeatures', label: 'Product features', long: true },
  { name: 'valueProposition', label: 'Value proposition', hint: 'Why they should act', long: true },
  { name: 'specialOffers', label: 'Offers', long: true },
  { name: 'brandVoice', label: 'Brand voice', hint: 'E.g. warm, plain-spoken, expert' },
  { name: 'ctaGoals', label: 'Call-to-action goals', hint: 'What a visitor should do: book a call, get a valuation…' },
];

type DetailsValues = z.input<typeof CreateFunnelBodySchema>;

/** The funnel's name, address and description, and what copy suggestions are written from. */
export function FunnelDetailsForm({ funnel }: { funnel: FunnelDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <DetailsCard funnel={funnel} />
      <MetadataCard funnel={funnel} />
    </div>
  );
}

function DetailsCard({ funnel }: { funnel: FunnelDetail }) {
  const edit = useEditFunnel(funnel.id);
  const form = useForm<DetailsValues, unknown, z.output<typeof CreateFunnelBodySchema>>({
    resolver: zodResolver(CreateFunnelBodySchema), values: { name: funnel.name, description: funnel.description, slug: funnel.slug, leadType: funnel.leadType },
  });
  const handleSave = form.handleSubmit((v) => {
    const body = {
      ...(v.name !== funnel.name ? { name: v.name } : {}),
      ...((v.description ?? '') !== funnel.description ? { description: v.description ?? '' } : {}),
      ...(v.slug && v.slug !== funnel.slug ? { slug: v.slug } : {}),
      ...(v.leadType !== funnel.leadType ? { leadType: v.leadType } : {}),
    };
    if (Object.keys(body).length === 0) return;
    edit.mutate(body, { onSuccess: () => toast({ title: 'Funnel saved', variant: 'success' }) });
  });
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Funnel" description="Changing the address moves the live pages at the next publish." />
      <CardContent>
        <form onSubmit={handleSave} noValidate aria-label="Funnel details" className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>{(c) => <Input {...c} {...form.register('name')} />}</FormField>
          <FormField label="Address" hint={`/p/${form.watch('slug') || funnel.slug}`} error={errors.slug?.message}>{(c) => <Input {...c} {...form.register('slug')} />}</FormField>
          <FormField label="Lead type" hint="The type of the leads its forms make." error={errors.leadType?.message}>
            {(c) => <Select {...c} {...form.register('leadType')}>{Object.entries(LEAD_TYPE_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}</Select>}
          </FormField>
          <FormField label="Description" className="sm:col-span-2" error={errors.description?.message}>{(c) => <Textarea {...c} {...form.register('description')} rows={2} />}</FormField>
          {edit.error && <p role="alert" className="text-sm text-destructive-text sm:col-span-2">{serverMessage(edit.error) ?? 'Not saved. Try again.'}</p>}
          <div className="sm:col-span-2"><Button type="submit" disabled={edit.isPending}>{edit.isPending ? 'Saving…' : 'Save funnel'}</Button></div>
        </form>
      </CardContent>
    </Card>
  );
}

function MetadataCard({ funnel }: { funnel: FunnelDetail }) {
  const save = useSaveFunnelMetadata(funnel.id);
  const form = useForm<FunnelMetadata>({ resolver: zodResolver(FunnelMetadataSchema), values: funnel.metadata ?? EMPTY_METADATA });
  const handleSave = form.handleSubmit((body) => save.mutate(body, { onSuccess: () => toast({ title: 'Business details saved', variant: 'success' }) }));
  const errors = form.formState.errors;
  return (
    <Card>
      <CardHeader title="Business details" description="What copy suggestions for this funnel are written from." />
      <CardContent>
        <form onSubmit={handleSave} noValidate aria-label="Business details" className="grid gap-4 sm:grid-cols-2">
          {METADATA_FIELDS.map((f) => (
            <FormField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message} className={f.long ? 'sm:col-span-2' : undefined}>
              {(c) => (f.long ? <Textarea {...c} {...form.register(f.name)} rows={2} /> : <Input {...c} {...form.register(f.name)} />)}
            </FormField>
          ))}
          {save.error && <p role="alert" className="text-sm text-destructive-text sm:col-span-2">{serverMessage(save.error) ?? 'Not saved. Try again.'}</p>}
          <div className="sm:col-span-2"><Button type="submit" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save business details'}</Button></div>
        </form>
      </CardContent>
    </Card>
  );
}
