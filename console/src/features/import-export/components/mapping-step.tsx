import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  IMPORT_LEAD_FIELDS, LeadTypeSchema, type CustomField, type Import, type ImportMatchOn, type ImportMode, type ImportTarget,
} from '@leadfloor/contracts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { useSaveMapping } from '../api/import-mutations';
import { customFieldsQuery, mappingsQuery } from '../api/import-queries';
import { applySaved, guessMapping } from '../column-guess';
import { LEAD_FIELD_LABELS, MODE_LABELS, targetLabel } from '../import-labels';

type Settings = { columns: Record<string, ImportTarget>; mode: ImportMode; matchOn: ImportMatchOn; leadType: z.infer<typeof LeadTypeSchema> };

/**
 * Step 2: what each column fills (a lead field, a custom field, or nothing), guessed from the
 * headers or taken from a saved mapping; the mode, what to match on, the lead type of rows
 * without one; optionally saved under a name for the next file.
 */
export function MappingStep({ imp, onMapped }: { imp: Import; onMapped: (imp: Import) => void }) {
  const fields = useQuery(customFieldsQuery).data ?? [];
  const saved = useQuery(mappingsQuery).data ?? [];
  const save = useSaveMapping();
  const [settings, setSettings] = useState<Settings>(() => ({
    columns: imp.mapping ?? guessMapping(imp.columns, fields),
    mode: imp.mode ?? 'create', matchOn: imp.matchOn ?? 'email', leadType: imp.leadType ?? 'real_estate',
  }));
  const [saveAs, setSaveAs] = useState<string | null>(null);
  const setTarget = (column: string, target: ImportTarget) => setSettings((s) => ({ ...s, columns: { ...s.columns, [column]: target } }));
  const useSaved = (id: string) => {
    const m = saved.find((x) => String(x.id) === id);
    if (m) setSettings({ columns: applySaved(imp.columns, m.columns, fields), mode: m.mode, matchOn: m.matchOn, leadType: m.leadType });
  };
  const targets = Object.values(settings.columns);
  const submit = async () => {
    onMapped(await save.mutateAsync({ id: imp.id, body: { ...settings, ...(saveAs?.trim() ? { saveAs: saveAs.trim() } : {}) } }));
  };
  return (
    <form className="flex flex-col gap-5" onSubmit={(e) => { e.preventDefault(); void submit().catch(() => {}); }}>
      {saved.length > 0 && (
        <FormField label="Use a saved mapping">
          {(control) => (
            <Select {...control} defaultValue="" onChange={(e) => useSaved(e.target.value)}>
              <option value="" disabled>Choose one...</option>
              {saved.map((m) => <option key={m.id} value={m.id}>{m.name}</option>)}
            </Select>
          )}
        </FormField>
      )}
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Columns of {imp.fileName} and what they fill</caption>
          <thead className="bg-surface-muted text-xs text-muted">
            <tr><th scope="col" className="px-3 py-2 font-medium">Column</th><th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">First rows</th><th scope="col" className="px-3 py-2 font-medium">Imports into</th></tr>
          </thead>
          <tbody>
            {imp.columns.map((column, i) => (
              <tr key={column} className="border-t border-border align-top">
                <th scope="row" className="px-3 py-2 font-medium break-words text-foreground">{column}</th>
                <td className="hidden max-w-48 px-3 py-2 text-muted sm:table-cell"><span className="line-clamp-2 break-all">{imp.sample.map((r) => r[i]).filter(Boolean).slice(0, 2).join(' · ') || '—'}</span></td>
                <td className="px-3 py-2">
                  <TargetSelect column={column} value={settings.columns[column] ?? 'ignore'} fields={fields} taken={targets} onChange={(t) => setTarget(column, t)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Mode" className="sm:col-span-2">
          {(control) => (
            <Select {...control} value={settings.mode} onChange={(e) => setSettings((s) => ({ ...s, mode: e.target.value as ImportMode }))}>
              {Object.entries(MODE_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </Select>
          )}
        </FormField>
        <FormField label="Match existing leads on" hint="Emails ignore case; phones compare digits only.">
          {(control) => (
            <Select {...control} value={settings.matchOn} onChange={(e) => setSettings((s) => ({ ...s, matchOn: e.target.value as ImportMatchOn }))}>
              <option value="email">Email</option>
              <option value="phone">Phone</option>
            </Select>
          )}
        </FormField>
        <FormField label="Lead type of rows without one">
          {(control) => (
            <Select {...control} value={settings.leadType} onChange={(e) => setSettings((s) => ({ ...s, leadType: e.target.value as Settings['leadType'] }))}>
              {LeadTypeSchema.options.map((t) => <option key={t} value={t}>{LEAD_TYPE_LABELS[t]}</option>)}
            </Select>
          )}
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-foreground">
        <Checkbox checked={saveAs !== null} onChange={(e) => setSaveAs(e.target.checked ? '' : null)} />
        Save this mapping for later files
      </label>
      {saveAs !== null && (
        <FormField label="Mapping name">
          {(control) => <Input {...control} value={saveAs} maxLength={80} required placeholder="Monthly broker sheet" onChange={(e) => setSaveAs(e.target.value)} />}
        </FormField>
      )}
      {!targets.includes(settings.matchOn) && <p className="text-sm text-warning-soft-foreground">Map a column to {LEAD_FIELD_LABELS[settings.matchOn]} to match on it.</p>}
      {save.error && <p role="alert" className="text-sm text-destructive">{serverMessage(save.error) ?? 'The mapping could not be saved.'}</p>}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !targets.includes(settings.matchOn)}>{save.isPending ? 'Saving...' : 'Continue to dry run'}</Button>
      </div>
    </form>
  );
}

function TargetSelect({ column, value, fields, taken, onChange }: {
  column: string; value: ImportTarget; fields: CustomField[]; taken: ImportTarget[]; onChange: (t: ImportTarget) => void;
}) {
  // A target another column fills is offered still, marked, so a mapping can be rearranged in any order.
  const label = (t: ImportTarget) => `${targetLabel(t, fields)}${t !== value && taken.includes(t) ? ' (in use)' : ''}`;
  const active = [...new Map(fields.filter((f) => f.active).map((f) => [f.name, f])).values()];
  return (
    <Select aria-label={`Import ${column} into`} value={value} onChange={(e) => onChange(e.target.value as ImportTarget)}>
      <option value="ignore">{"Don't import"}</option>
      <optgroup label="Lead fields">
        {IMPORT_LEAD_FIELDS.map((f) => <option key={f} value={f}>{label(f)}</option>)}
      </optgroup>
      {active.length > 0 && (
        <optgroup label="Custom fields">
          {active.map((f) => <option key={f.name} value={`custom:${f.name}`}>{label(`custom:${f.name}`)}</option>)}
        </optgroup>
      )}
    </Select>
  );
}
