import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CreateFunnelBodySchema } from '@leadfloor/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useCreateFunnel } from '../api/funnel-mutations';

type Values = z.input<typeof CreateFunnelBodySchema>;

/** "New funnel": a blank funnel, opened in the builder to add its first step. */
export function NewFunnelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateFunnel();
  const form = useForm<Values, unknown, z.output<typeof CreateFunnelBodySchema>>({
    resolver: zodResolver(CreateFunnelBodySchema), defaultValues: { name: '', description: '', leadType: 'real_estate' },
  });
  const handleCreate = form.handleSubmit((values) => {
    const body = { name: values.name, leadType: values.leadType, ...(values.description ? { description: values.description } : {}), ...(values.slug ? { slug: values.slug } : {}) };
    create.mutate(body, { onSuccess: (out) => void navigate(`/funnels/${out.funnelId}`) });
  });
  const errors = form.formState.errors;
  return (
    <Dialog open={open} onClose={onClose} title="New funnel" description="Start blank; add its steps and pages in the builder.">
      <form onSubmit={handleCreate} noValidate className="flex flex-col gap-4" aria-label="New funnel">
        <FormField label="Name" error={errors.name?.message}>{(c) => <Input {...c} {...form.register('name')} autoFocus />}</FormField>
        <FormField label="Address" hint="Visitors open /p/your-address. Left empty, it is made from the name." error={errors.slug?.message}>
          {(c) => <Input {...c} {...form.register('slug', { setValueAs: (v: string) => (v.trim() === '' ? undefined : v) })} placeholder="home-valuation" />}
        </FormField>
        <FormField label="Lead type" hint="The type of the leads its forms make." error={errors.leadType?.message}>
          {(c) => <Select {...c} {...form.register('leadType')}>{Object.entries(LEAD_TYPE_LABELS).map(([v, l]) => <option key={v} value={v}>{l}</option>)}</Select>}
        </FormField>
        <FormField label="Description" error={errors.description?.message}>{(c) => <Textarea {...c} {...form.register('description')} rows={2} />}</FormField>
        {create.error && <p role="alert" className="text-sm text-destructive-text">{serverMessage(create.error) ?? 'The funnel was not created. Try again.'}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={create.isPending}>{create.isPending ? 'Creating…' : 'Create funnel'}</Button>
        </div>
      </form>
    </Dialog>
  );
}
