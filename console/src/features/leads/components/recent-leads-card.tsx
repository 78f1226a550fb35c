import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Inbox, MapPin } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { relativeTime } from '../../../lib/relative-time';
import { leadListQuery } from '../api/lead-queries';
import { leadTypeCode, LEAD_TYPE_LABELS, statusLabel, statusTone } from '../lead-labels';

// Spec 2.5: these three filters (no Finance button), the 3 newest leads.
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'real_estate', label: 'Real Estate' },
  { value: 'forex', label: 'Forex' },
] as const;
const RECENT = 3;

/** The panel's read, for a filter ('all' when it opens: what the dashboard prefetches). */
export const recentLeadsQuery = (filter: (typeof FILTERS)[number]['value'] = 'all') =>
  leadListQuery({ limit: RECENT, sort: 'newest', typeFilter: filter });

/**
 * Spec 2.5's Recent Leads. The original filtered every lead in the browser; here the server
 * filters and counts (typeFilter, limit, total), which gives the same 'Showing X of Y' at any
 * pool size.
 */
export function RecentLeadsCard() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]['value']>('all');
  const { data, isPending, error, refetch, isPlaceholderData } = useQuery(recentLeadsQuery(filter));
  const now = new Date();

  return (
    <Card aria-labelledby="recent-leads-title" className="h-full">
      <CardHeader
        titleId="recent-leads-title"
        title="Recent Leads"
        description={data ? `Showing ${data.leads.length} of ${data.total} leads` : 'The newest leads in the pool'}
        action={
          <div role="group" aria-label="Filter by lead type" className="flex shrink-0 rounded-lg bg-surface-muted p-1">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => setFilter(f.value)}
                className={cx(
                  'rounded-md px-2.5 py-1 text-xs font-medium whitespace-nowrap transition-colors sm:px-3',
                  filter === f.value ? 'bg-surface text-foreground shadow-xs' : 'text-muted hover:text-foreground',
                )}
              >
                {f.label}
              </button>
            ))}
          </div>
        }
        className="flex-wrap"
      />
      <CardContent aria-busy={isPlaceholderData}>
        {isPending ? (
          <PanelLoading label="Loading recent leads" rows={RECENT} />
        ) : error ? (
          <PanelError error={error} what="Recent leads" onRetry={() => refetch()} />
        ) : data.leads.length === 0 ? (
          <PanelEmpty icon={<Inbox aria-hidden className="size-5" />}>No leads found. Try changing the filter or adding new leads.</PanelEmpty>
        ) : (
          <ul className={cx('flex flex-col divide-y divide-border transition-opacity', isPlaceholderData && 'opacity-60')}>
            {data.leads.map((lead) => (
              <li key={lead.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  title={LEAD_TYPE_LABELS[lead.leadType]}
                  className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-xs font-bold text-primary-soft-foreground"
                >
                  {leadTypeCode(lead.leadType)}
                </span>
                <div className="min-w-0 flex-1">
                  <Link to={`/leads/${lead.id}?from=dashboard`} className="block truncate text-sm font-medium text-foreground hover:underline">
                    {lead.name}
                  </Link>
                  <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted">
                    <MapPin aria-hidden className="size-3 shrink-0" />
                    <span>{lead.city}, {lead.state} · {LEAD_TYPE_LABELS[lead.leadType]}</span>
                    <span>· Added {relativeTime(lead.createdAt, now)}</span>
                  </p>
                </div>
                <Badge tone={statusTone(lead.status)}>{statusLabel(lead.status)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CardFooter>
        <Link to="/leads" className="inline-flex items-center gap-1 font-medium text-primary-soft-foreground hover:underline">
          View all leads <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </CardFooter>
    </Card>
  );
}
