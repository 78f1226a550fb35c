import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, DollarSign, Inbox, Percent, PhoneCall, type LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import type { StatsSchema } from '@leadfloor/contracts';
import { Card } from '../../../components/ui/card';
import { formatCount, formatCurrency, formatPercent } from '../../../lib/format-number';
import { statsQuery } from '../api/dashboard-queries';

type Stats = z.infer<typeof StatsSchema>;
type StatCard = { key: keyof Stats; label: string; icon: LucideIcon; format: (n: number) => string; to: string; link: string; tint: string };

// Spec 2.5: the four cards and where each links.
const CARDS: StatCard[] = [
  { key: 'monthlyRevenue', label: 'Monthly Revenue', icon: DollarSign, format: formatCurrency, to: '/commissions', link: 'View details', tint: 'bg-success-soft text-success-soft-foreground' },
  { key: 'activeLeadsCount', label: 'Active Leads', icon: Inbox, format: formatCount, to: '/leads', link: 'View all', tint: 'bg-primary-soft text-primary-soft-foreground' },
  { key: 'callsThisWeek', label: 'Calls This Week', icon: PhoneCall, format: formatCount, to: '/calls', link: 'View logs', tint: 'bg-warning-soft text-warning-soft-foreground' },
  { key: 'conversionRate', label: 'Conversion Rate', icon: Percent, format: formatPercent, to: '/analytics', link: 'View analytics', tint: 'bg-destructive-soft text-destructive-soft-foreground' },
];

/** Spec 2.5's stat cards. Missing figures read 0; a failed load shows a dash, never a made-up 0. */
export function StatCards() {
  const { data, isPending, isError, refetch } = useQuery(statsQuery);
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, format, to, link, tint }) => (
        <li key={key}>
          <Card className="h-full">
            <div className="flex items-start justify-between gap-3 p-4 sm:p-5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-muted">{label}</p>
                {isPending ? (
                  <div aria-hidden className="mt-2 h-8 w-24 animate-pulse rounded bg-surface-muted" />
                ) : (
                  <p className="mt-1.5 text-xl font-semibold tracking-tight text-foreground sm:text-3xl">
                    {isError ? <span title="Could not be loaded">—</span> : format(data?.[key] ?? 0)}
                  </p>
                )}
              </div>
              <span className={`hidden size-10 shrink-0 items-center justify-center rounded-xl sm:flex ${tint}`}>
                <Icon aria-hidden className="size-5" />
              </span>
            </div>
            <div className="mt-auto flex items-center justify-between border-t border-border px-4 py-3 sm:px-5">
              <Link to={to} aria-label={`${link}: ${label}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-soft-foreground hover:underline">
                {link} <ArrowRight aria-hidden className="size-3.5" />
              </Link>
              {isError && (
                <button type="button" onClick={() => refetch()} className="text-xs font-medium text-muted hover:text-foreground">
                  Retry
                </button>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
