import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ListPlus } from 'lucide-react';
import { CustomFieldTypeSchema, LeadTypeSchema, type CustomField, type CreateCustomFieldBody } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useCreateCustomField, useUpdateCustomField } from '../api/import-mutations';
import { customFieldsQuery } from '../api/import-queries';

const TYPE_LABELS: Record<CustomField['fieldType'], string> = { text: 'Text', number: 'Number', date: 'Date', select: 'Choice', boolean: 'Yes / no' };

/** The floor's custom fields per lead type: define, relabel, require, and switch off (never delete: leads keep their values). */
export function CustomFieldsCard() {
  const titleId = useId();
  const query = useQuery(customFieldsQuery);
  const update = useUpdateCustomField();
  const [adding, setAdding] = useState(false);
  const fields = query.data ?? [];
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title="Custom fields" description="Extra fields on leads of each type: the add form, the lead card, filters and imports use them."
        action={<Button size="sm" variant="secondary" onClick={() => setAdding(true)}><ListPlus aria-hidden /> Add field</Button>} />
      <CardContent className="px-0 py-2">
        {query.error && !query.data ? <PanelError error={query.error} what="Custom fields" onRetry={() => void query.refetch()} />
          : !query.data ? <div className="px-5"><PanelLoading label="Loading custom fields" rows={2} /></div>
          : fields.length === 0 ? <PanelEmpty icon={<ListPlus aria-hidden className="size-5" />}>No custom fields yet. Add one for what your leads need beyond the usual details.</PanelEmpty>
          : (
            <ul className="divide-y divide-border">
              {fields.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5">
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">{f.label} <span className="font-mono text-xs text-muted">{f.name}</span></p>
                    <p className="text-xs text-muted">
                      {LEAD_TYPE_LABELS[f.leadType]} · {TYPE_LABELS[f.fieldType]}{f.options.length > 0 && `: ${f.options.join(', ')}`}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {f.required && <Badge tone="primary">Required</Badge>}
                    {!f.active && <Badge tone="outline">Off</Badge>}
                    <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => update.mutate({ id: f.id, body: { active: !f.active } })}>
                      {f.active ? 'Switch off' : 'Switch on'}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        {update.error && <p role="alert" className="px-5 text-sm text-destructive">{serverMessage(update.error) ?? 'The field could not be changed.'}</p>}
      </CardContent>
      {adding && <AddFieldDialog onClose={() => setAdding(false)} />}
    </Card>
  );
}

function AddFieldDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateCustomField();
  const [body, setBody] = useState<CreateCustomFieldBody & { optionsText: string }>({
    name: '', label: '', leadType: 'real_estate', fieldType: 'text', required: false, optionsText: '',
  });
  const name = body.label.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^[^a-z]+|_+$/g, '').slice(0, 40);
  const submit = async () => {
    const { optionsText, ...rest } = body;
    await create.mutateAsync({ ...rest, name: rest.name || name, options: body.fieldType === 'select' ? optionsText.split(',') : [] });
    onClose();
  };
  const error = create.error ? serverMessage(create.error) ?? 'The field could not be added.' : undefined;
  return (
    <Dialog open onClose={onClose} title="Add a custom field" description="Leads of the chosen type get this field. It can be switched off later, not deleted.">
      <form className="flex flex-col gap-4" onSubmit={(e) => { e.preventDefault(); void submit().catch(() => {}); }}>
        <FormField label="Label">
          {(c) => <Input {...c} value={body.label} maxLength={80} required placeholder="Budget" onChange={(e) => setBody((b) => ({ ...b, label: e.target.value }))} />}
        </FormField>
        <FormField label="Name" hint="The key values are stored and imported under: lowercase letters, digits and _.">
          {(c) => <Input {...c} value={body.name || name} maxLength={40} pattern="[a-z][a-z0-9_]*" required className="font-mono"
            onChange={(e) => setBody((b) => ({ ...b, name: e.target.value }))} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Lead type">
            {(c) => (
              <Select {...c} value={body.leadType} onChange={(e) => setBody((b) => ({ ...b, leadType: e.target.value as CreateCustomFieldBody['leadType'] }))}>
                {LeadTypeSchema.options.map((t) => <option key={t} value={t}>{LEAD_TYPE_LABELS[t]}</option>)}
              </Select>
            )}
          </FormField>
          <FormField label="Kind">
            {(c) => (
              <Select {...c} value={body.fieldType} onChange={(e) => setBody((b) => ({ ...b, fieldType: e.target.value as CustomField['fieldType'] }))}>
                {CustomFieldTypeSchema.options.map((t) => <option key={t} value={t}>{TYPE_LABELS[t]}</option>)}
              </Select>
            )}
          </FormField>
        </div>
        {body.fieldType === 'select' && (
          <FormField label="Choices" hint="Separated by commas.">
            {(c) => <Input {...c} value={body.optionsText} required placeholder="1, 2, 3, 4+" onChange={(e) => setBody((b) => ({ ...b, optionsText: e.target.value }))} />}
          </FormField>
        )}
        <label className="flex items-center gap-2 text-sm text-foreground">
          <Checkbox checked={body.required} onChange={(e) => setBody((b) => ({ ...b, required: e.target.checked }))} /> Required on new leads
        </label>
        {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={create.isPending || !body.label.trim()}>Add field</Button>
        </div>
      </form>
    </Dialog>
  );
}
