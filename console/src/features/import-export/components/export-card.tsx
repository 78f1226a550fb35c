import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { LeadStatusSchema, LeadTypeSchema } from '@leadfloor/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { customFieldsQuery } from '../api/import-queries';

const STATUS_LABELS: Record<string, string> = {
  available: 'Available', claimed: 'Claimed', contacted: 'Contacted', qualified: 'Qualified', sold: 'Sold', lost: 'Lost',
};

/**
 * Export: the pool's filters (type, status, search, a custom field's value) as the download's
 * query, CSV or Excel, streamed by the server; formula-looking cells come out as text.
 */
export function ExportCard() {
  const titleId = useId();
  const fields = useQuery(customFieldsQuery).data ?? [];
  const [filters, setFilters] = useState({ typeFilter: '', statusFilter: '', search: '', field: '', value: '' });
  const set = (k: keyof typeof filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [k]: e.target.value }));
  const params = new URLSearchParams();
  if (filters.typeFilter) params.set('typeFilter', filters.typeFilter);
  if (filters.statusFilter) params.set('statusFilter', filters.statusFilter);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.field && filters.value.trim()) params.set('customField', `${filters.field}=${filters.value.trim()}`);
  const query = params.toString() ? `?${params}` : '';
  const names = [...new Map(fields.map((f) => [f.name, f])).values()];
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader titleId={titleId} title="Export leads" description="Every lead matching these filters, as a spreadsheet." />
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Lead type">
            {(c) => (
              <Select {...c} value={filters.typeFilter} onChange={set('typeFilter')}>
                <option value="">All types</option>
                {LeadTypeSchema.options.map((t) => <option key={t} value={t}>{LEAD_TYPE_LABELS[t]}</option>)}
              </Select>
            )}
          </FormField>
          <FormField label="Status">
            {(c) => (
              <Select {...c} value={filters.statusFilter} onChange={set('statusFilter')}>
                <option value="">All statuses</option>
                {LeadStatusSchema.options.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
              </Select>
            )}
          </FormField>
          <FormField label="Search" className="sm:col-span-2">
            {(c) => <Input {...c} value={filters.search} maxLength={200} placeholder="Name, email, phone or notes" onChange={set('search')} />}
          </FormField>
          {names.length > 0 && (
            <>
              <FormField label="Custom field">
                {(c) => (
                  <Select {...c} value={filters.field} onChange={set('field')}>
                    <option value="">Any</option>
                    {names.map((f) => <option key={f.name} value={f.name}>{f.label}</option>)}
                  </Select>
                )}
              </FormField>
              <FormField label="Has the value">
                {(c) => <Input {...c} value={filters.value} maxLength={200} disabled={!filters.field} onChange={set('value')} />}
              </FormField>
            </>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <a className={buttonClasses('secondary')} href={`/api/leads/export.csv${query}`} download><Download aria-hidden /> Download CSV</a>
          <a className={buttonClasses('primary')} href={`/api/leads/export.xlsx${query}`} download><Download aria-hidden /> Download Excel</a>
        </div>
      </CardContent>
    </Card>
  );
}
