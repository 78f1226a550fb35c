import type { AnalyticsFilters } from '@leadfloor/contracts';
import type { LeadSource, LeadType } from '@leadfloor/events';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { BarChart, CHART_COLORS } from './bar-chart';
import { ChartCard } from './chart-card';
import { Figure, useExplain } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

export type WinRateRow = { label: string; sold: number; lost: number; winRate: number | null; filter: { source?: LeadSource | 'none'; leadType?: LeadType } };

/** Win rate (sold of the leads closed, sold or lost) by one dimension; its sold and lost figures explain themselves. */
export function WinRateCard({ title, rows, filters }: { title: string; rows: WinRateRow[]; filters: AnalyticsFilters }) {
  const explain = useExplain();
  const closed = rows.filter((r) => r.sold + r.lost > 0);
  return (
    <ChartCard
      title={title}
      description="Sold ÷ (sold + lost)"
      chart={closed.length === 0
        ? <p className="py-8 text-center text-sm text-muted">No lead has been sold or lost yet.</p>
        : <BarChart rows={closed.map((r) => ({ ...r, rate: r.winRate ?? 0 }))} category="label" layout="bars" describe={title}
            series={[{ key: 'rate', label: 'Win rate', color: CHART_COLORS.success }]} format={(v) => formatPercent(v)} height={Math.max(140, closed.length * 40)}
            onSelect={(r) => explain({ title: `${r.label}: sold leads`, request: { ...filters, ...r.filter, figure: 'sold' } })} />}
      table={
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">{title}</caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className={`${th} text-left`}>{title.replace('Win rate by ', '')}</th>
                <th scope="col" className={num}>Sold</th><th scope="col" className={num}>Lost</th><th scope="col" className={num}>Win rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row" className={rowHead}>{r.label}</th>
                  <td className={td}><Figure value={formatCount(r.sold)} title={`${r.label}: sold leads`} request={{ ...filters, ...r.filter, figure: 'sold' }} /></td>
                  <td className={td}><Figure value={formatCount(r.lost)} title={`${r.label}: lost leads`} request={{ ...filters, ...r.filter, figure: 'lost' }} /></td>
                  <td className={td}>{r.winRate === null ? '—' : formatPercent(r.winRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
