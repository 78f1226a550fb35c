import type { AnalyticsFilters, LeadAnalytics } from '@leadfloor/contracts';
import { formatCount } from '../../../lib/format-number';
import { durationLabel } from '../duration-label';
import { BarChart, CHART_COLORS } from './bar-chart';
import { ChartCard } from './chart-card';
import { Figure, useExplain } from './explain-context';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

const STAGE_LABELS = { new: 'New', discovery: 'Discovery', proposal: 'Proposal', negotiation: 'Negotiation', closed: 'Closed' } as const;
const hours = (s: number | null) => (s === null ? null : Math.round((s / 3600) * 10) / 10);

/** Time in each pipeline stage: median and p90 of the finished stays, and how many leads sit there now. */
export function StageTimesCard({ data, filters }: { data: LeadAnalytics; filters: AnalyticsFilters }) {
  const explain = useExplain();
  const rows = data.stageTimes.map((s) => ({ ...s, label: STAGE_LABELS[s.stage], medianHours: hours(s.medianSeconds), p90Hours: hours(s.p90Seconds) }));
  const open = (r: (typeof rows)[number]) => explain({ title: `Stays in ${r.label}`, request: { ...filters, figure: 'stage', stage: r.stage } });
  return (
    <ChartCard
      title="Time in each stage"
      description="Finished stays: median and 90th percentile, in hours"
      chart={
        <BarChart rows={rows} category="label" describe="Hours in each stage" format={(v) => `${v}h`} onSelect={open}
          series={[{ key: 'medianHours', label: 'Median', color: CHART_COLORS.primary }, { key: 'p90Hours', label: '90th percentile', color: CHART_COLORS.muted }]} />
      }
      table={
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Time in each stage</caption>
            <thead className={headClass}>
              <tr>
                <th scope="col" className={`${th} text-left`}>Stage</th><th scope="col" className={num}>Median</th><th scope="col" className={num}>p90</th>
                <th scope="col" className={num}>Stays</th><th scope="col" className={num}>There now</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.stage}>
                  <th scope="row" className={rowHead}>{r.label}</th>
                  <td className={td}>{durationLabel(r.medianSeconds)}</td>
                  <td className={td}>{durationLabel(r.p90Seconds)}</td>
                  <td className={td}><Figure value={formatCount(r.count + r.current)} title={`Stays in ${r.label}`} request={{ ...filters, figure: 'stage', stage: r.stage }} /></td>
                  <td className={td}>{formatCount(r.current)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
