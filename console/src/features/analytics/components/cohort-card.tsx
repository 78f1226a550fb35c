import type { AnalyticsFilters, LeadAnalytics } from '@leadfloor/contracts';
import { formatCents } from '../../../lib/dollars';
import { formatLongDate } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { BarChart, CHART_COLORS } from './bar-chart';
import { ChartCard } from './chart-card';
import { Figure, useExplain } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

const STEPS = ['created', 'claimed', 'contacted', 'qualified', 'sold', 'lost'] as const;
const weekLabel = (weekStart: string) => formatLongDate(`${weekStart}T12:00:00Z`).replace(/, \d{4}$/, '');

/** Cohorts by created week: how far each week's leads have got. Each cell explains itself for that week. */
export function CohortCard({ data, filters }: { data: LeadAnalytics; filters: AnalyticsFilters }) {
  const explain = useExplain();
  const rows = data.cohorts.map((c) => ({ ...c, week: weekLabel(c.weekStart) }));
  const inWeek = (c: (typeof rows)[number]) => ({ ...filters, from: c.from, to: c.to });
  return (
    <ChartCard
      title="Cohorts by created week"
      description={`Weeks start on Monday (${data.timeZone})`}
      chart={rows.length === 0
        ? <p className="py-8 text-center text-sm text-muted">No leads were created in this period.</p>
        : <BarChart rows={rows} category="week" describe="Leads created and sold per created week" format={formatCount}
            series={[{ key: 'created', label: 'Created', color: CHART_COLORS.primary }, { key: 'sold', label: 'Sold', color: CHART_COLORS.success }]}
            onSelect={(c, s) => explain({ title: `Week of ${c.week}: ${s.label.toLowerCase()}`, request: { ...inWeek(c), figure: s.key === 'sold' ? 'sold' : 'created' } })} />}
      table={
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Cohorts by created week, latest first</caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className={`${th} text-left`}>Week of</th>
                {STEPS.map((s) => <th key={s} scope="col" className={num}>{s}</th>)}
                <th scope="col" className={num}>Revenue</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {[...rows].reverse().map((c) => (
                <tr key={c.weekStart}>
                  <th scope="row" className={rowHead}>{c.week}</th>
                  {STEPS.map((s) => (
                    <td key={s} className={td}>
                      <Figure value={formatCount(c[s])} title={`Week of ${c.week}: ${s}`} request={{ ...inWeek(c), figure: s }} />
                    </td>
                  ))}
                  <td className={td}>{formatCents(c.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
