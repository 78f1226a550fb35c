import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link2, Search, X } from 'lucide-react';
import { LeadListResponseSchema } from '@leadfloor/contracts';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { taskKeys } from '../api/task-queries';

export type PickedLead = { id: number; name: string };

type LeadPickerProps = {
  id: string;
  value: PickedLead | null;
  onChange: (lead: PickedLead | null) => void;
  'aria-describedby'?: string;
};

const SEARCH_DELAY_MS = 250;

/** A lead of the pool to link to a task: search by name, email or phone (the pool's own search), pick one, or unlink it. */
export function LeadPicker({ id, value, onChange, 'aria-describedby': describedBy }: LeadPickerProps) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = useQuery({
    queryKey: [...taskKeys.all, 'lead-search', query],
    queryFn: ({ signal }) => api.get('/api/leads', LeadListResponseSchema, { signal, params: { search: query, limit: 6, sort: 'name_asc' } }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
  });
  const handleType = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
  };

  if (value) {
    return (
      <div className="flex h-10 items-center gap-2 rounded-lg border border-border bg-surface-muted px-3 text-sm">
        <Link2 aria-hidden className="size-4 shrink-0 text-muted" />
        <span id={id} className="min-w-0 flex-1 truncate font-medium text-foreground">{value.name}</span>
        <button type="button" aria-label={`Unlink ${value.name}`} onClick={() => onChange(null)}
          className="rounded-md p-1 text-muted hover:bg-surface hover:text-foreground">
          <X aria-hidden className="size-4" />
        </button>
      </div>
    );
  }
  const leads = query.length >= 2 ? search.data?.leads ?? [] : [];
  return (
    <div className="flex flex-col gap-1.5">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <Input id={id} type="search" value={typed} onChange={(e) => handleType(e.target.value)} aria-describedby={describedBy}
          placeholder="Search leads by name, email or phone" autoComplete="off" className="pl-9" />
        {search.isFetching && <Spinner label="Searching leads" className="absolute top-1/2 right-3 -translate-y-1/2" />}
      </div>
      {query.length >= 2 && !search.isPending && (
        leads.length === 0 ? (
          <p className="px-1 text-xs text-muted">{search.isError ? 'The lead search failed. Try again.' : `No lead matches “${query}”.`}</p>
        ) : (
          <ul aria-label="Matching leads" className="max-h-48 overflow-y-auto rounded-lg border border-border">
            {leads.map((lead) => (
              <li key={lead.id}>
                <button type="button" onClick={() => onChange({ id: lead.id, name: lead.name })}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-surface-muted focus-visible:bg-surface-muted">
                  <span className="min-w-0 truncate font-medium text-foreground">{lead.name}</span>
                  <span className="shrink-0 text-xs text-muted">{LEAD_TYPE_LABELS[lead.leadType]} · {lead.status}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      )}
    </div>
  );
}
