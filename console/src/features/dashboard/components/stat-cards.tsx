import { AvailableLink } from '../../../components/available-link';
import { isUpcoming } from '../../../lib/upcoming-routes';
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, DollarSign, Inbox, Percent, PhoneCall, SearchCheck, type LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import type { StatsSchema } from '@leadfloor/contracts';
import { Card } from '../../../components/ui/card';
import { formatCount, formatCurrency, formatPercent } from '../../../lib/format-number';
import { statsQuery } from '../api/dashboard-queries';

// The explanation's dialog (and the dialog library) loads on first use; hovering or focusing an
// "Explain" starts the download, so the dashboard's first load carries only the buttons.
const loadDialog = () => import('./stat-explain-dialog');
const StatExplainDialog = lazy(() => loadDialog().then((m) => ({ default: m.StatExplainDialog })));
const prefetch = () => void loadDialog();

type Stats = z.infer<typeof StatsSchema>;
type StatCard = { key: keyof Stats; label: string; icon: LucideIcon; format: (n: number) => string; to: string; link: string; tint: string };

// Spec 2.5: the four cards and where each links.
const CARDS: StatCard[] = [
  { key: 'monthlyRevenue', label: 'Monthly Revenue', icon: DollarSign, format: formatCurrency, to: '/commissions', link: 'View details', tint: 'bg-success-soft text-success-soft-foreground' },
  { key: 'activeLeadsCount', label: 'Active Leads', icon: Inbox, format: formatCount, to: '/leads', link: 'View all', tint: 'bg-primary-soft text-primary-soft-foreground' },
  { key: 'callsThisWeek', label: 'Calls This Week', icon: PhoneCall, format: formatCount, to: '/calls', link: 'View logs', tint: 'bg-warning-soft text-warning-soft-foreground' },
  { key: 'conversionRate', label: 'Conversion Rate', icon: Percent, format: formatPercent, to: '/analytics', link: 'View analytics', tint: 'bg-destructive-soft text-destructive-soft-foreground' },
];

/**
 * Spec 2.5's stat cards. Missing figures read 0; a failed load shows a dash, never a made-up 0.
 * "Explain" opens the rows behind a figure (GET /api/dashboard/stats/explain).
 */
export function StatCards() {
  const { data, isPending, isError, refetch } = useQuery(statsQuery);
  const [explaining, setExplaining] = useState<keyof Stats | null>(null);
  const [used, setUsed] = useState(false);
  return (
    <>
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, format, to, link, tint }) => (
        <li key={key}>
          {/* A container: the figure's size follows the card's width, so a long one never spills out. */}
          <Card className="@container h-full">
            <div className="p-4 sm:p-5">
              <div className="flex items-center justify-between gap-3">
                <p className="min-w-0 text-sm font-medium text-muted">{label}</p>
                <span className={`hidden size-9 shrink-0 items-center justify-center rounded-xl sm:flex ${tint}`}>
                  <Icon aria-hidden className="size-5" />
                </span>
              </div>
              {isPending ? (
                <div aria-hidden className="mt-2 h-8 w-24 animate-pulse rounded bg-surface-muted" />
              ) : (
                <p className="mt-1.5 text-xl font-semibold tracking-tight text-foreground tabular-nums [overflow-wrap:anywhere] @min-[11rem]:text-2xl @min-[15rem]:text-3xl">
                  {isError ? <span title="Could not be loaded">—</span> : format(data?.[key] ?? 0)}
                </p>
              )}
            </div>
            {(!isUpcoming(to) || isError || !isPending) && (
              <div className="mt-auto flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-border px-4 py-3 sm:px-5">
                <AvailableLink to={to} aria-label={`${link}: ${label}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-soft-foreground hover:underline">
                  {link} <ArrowRight aria-hidden className="size-3.5" />
                </AvailableLink>
                {isError ? (
                  <button type="button" onClick={() => refetch()} className="text-xs font-medium text-muted hover:text-foreground">
                    Retry
                  </button>
                ) : !isPending && (
                  <button type="button" onPointerEnter={prefetch} onFocus={prefetch} onClick={() => { setUsed(true); setExplaining(key); }} aria-label={`Explain ${label}`}
                    className="inline-flex items-center gap-1 text-xs font-medium text-muted hover:text-foreground">
                    <SearchCheck aria-hidden className="size-3.5" />Explain
                  </button>
                )}
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
    {used && <Suspense fallback={null}><StatExplainDialog metric={explaining} onClose={() => setExplaining(null)} /></Suspense>}
    </>
  );
}
