import type { AnalyticsFilters, FunnelStep, LeadAnalytics } from '@leadfloor/contracts';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { BarChart, CHART_COLORS } from './bar-chart';
import { ChartCard } from './chart-card';
import { Figure, useExplain } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

export const STEP_LABELS: Record<FunnelStep, string> = {
  created: 'Created', claimed: 'Claimed', contacted: 'Contacted', qualified: 'Qualified', sold: 'Sold',
};

/** The status funnel: how many leads reached each step, and the share of the step before that went on. */
export function LeadFunnelCard({ data, filters }: { data: LeadAnalytics; filters: AnalyticsFilters }) {
  const explain = useExplain();
  const rows = data.funnel.map((s) => ({ step: STEP_LABELS[s.step], key: s.step, count: s.count, conversion: s.conversionPercent }));
  const lostRow = { step: 'Lost', key: 'lost' as const, count: data.lost, conversion: null };
  return (
    <ChartCard
      title="Status funnel"
      description="Leads that reached each step, from their recorded status changes"
      chart={
        <BarChart rows={[...rows, lostRow]} category="step" layout="bars" describe="Leads reaching each step"
          series={[{ key: 'count', label: 'Leads', color: CHART_COLORS.primary }]} format={formatCount}
          onSelect={(r) => explain({ title: `${r.step} leads`, request: { ...filters, figure: r.key } })} />
      }
      table={
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Status funnel</caption>
            <thead className={headClass}>
              <tr><th scope="col" className={`${th} text-left`}>Step</th><th scope="col" className={num}>Leads</th><th scope="col" className={num}>From the step before</th></tr>
            </thead>
            <tbody className="divide-y divide-border">
              {[...rows, lostRow].map((r) => (
                <tr key={r.key}>
                  <th scope="row" className={rowHead}>{r.step}</th>
                  <td className={td}><Figure value={formatCount(r.count)} title={`${r.step} leads`} request={{ ...filters, figure: r.key }} /></td>
                  <td className={td}>{r.conversion === null ? '—' : formatPercent(r.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
