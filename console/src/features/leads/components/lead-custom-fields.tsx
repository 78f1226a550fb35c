import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { ApiError, serverMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatCustomFieldValue } from '../../../lib/custom-fields';
import { useSetCustomValues } from '../api/custom-value-mutations';
import { leadCustomValuesQuery } from '../api/custom-value-queries';
import { customFieldOf, draftOf, readDraft, type CustomFieldDraft, type CustomFieldErrors } from '../custom-field-draft';
import { CustomFieldInputs } from './custom-field-inputs';

/**
 * The lead's custom fields (the floor's extra fields for its type), each value as its type reads:
 * numbers grouped, dates as days, yes/no. Its holder and managers edit them here; the server
 * checks them again. Nothing shows for a type without fields.
 */
export function LeadCustomFields({ lead }: { lead: Lead }) {
  const titleId = useId();
  const { user } = useCurrentUser();
  const query = useQuery(leadCustomValuesQuery(lead.id));
  const [editing, setEditing] = useState(false);
  const canEdit = user !== null && (user.role === 'manager' || (lead.claimedBy !== null && lead.claimedBy === user.id));

  if (query.isPending) return <PanelLoading label="Loading the custom fields" rows={1} />;
  if (query.error) return <p role="alert" className="text-sm text-destructive-text">{serverMessage(query.error) ?? 'The custom fields could not be loaded.'}</p>;
  const { fields, values } = query.data;
  if (fields.length === 0) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 border-t border-border pt-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-xs font-semibold tracking-wide text-muted uppercase">Custom fields</h3>
        {canEdit && !editing && (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}><Pencil aria-hidden /> Edit</Button>
        )}
      </div>
      {editing ? (
        <EditValues lead={lead} fields={fields} draft={draftOf(fields, values)} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2.5 text-sm">
          {fields.map((f) => (
            <div key={f.name} className="min-w-0">
              <dt className="text-xs font-medium text-muted">{f.label}</dt>
              <dd className={values[f.name] === undefined ? 'mt-0.5 text-muted' : 'mt-0.5 break-words text-foreground'}>
                {formatCustomFieldValue(f, values[f.name])}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

type EditProps = { lead: Lead; fields: Parameters<typeof readDraft>[0]; draft: CustomFieldDraft; onDone: () => void };

function EditValues({ lead, fields, draft: initial, onDone }: EditProps) {
  const save = useSetCustomValues(lead.id);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<CustomFieldErrors>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readDraft(fields, draft);
    if (!read.ok) return setErrors(read.errors);
    setErrors({});
    save.mutate(read.values, {
      onSuccess: onDone,
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const { field, message } of error.body?.errors ?? []) {
          const name = customFieldOf(field);
          if (name) setErrors((x) => ({ ...x, [name]: message }));
        }
      },
    });
  };
  const failed = save.error && !(save.error instanceof ApiError && (save.error.body?.errors ?? []).some((x) => customFieldOf(x.field)));
  return (
    <form noValidate onSubmit={submit} aria-label="Edit custom fields" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <CustomFieldInputs fields={fields} draft={draft} errors={errors} onChange={(name, value) => setDraft((d) => ({ ...d, [name]: value }))} />
      {failed && <p role="alert" className="text-sm text-destructive-text sm:col-span-2">{serverMessage(save.error) ?? 'The values could not be saved.'}</p>}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button size="sm" variant="secondary" onClick={onDone}>Cancel</Button>
        <Button size="sm" type="submit" disabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save'}</Button>
      </div>
    </form>
  );
}
