import { Fragment, type ReactNode } from 'react';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FunnelFiguresSchema, FunnelSplitVerdict } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatCents } from '../../../lib/dollars';
import { formatDate } from '../../../lib/format-date';
import { formatCount, formatPercent } from '../../../lib/format-number';
import { funnelReportQuery, type FunnelReportParams } from '../api/funnel-report-queries';
import { headClass, num, rowHead, tableClass, td, th } from './table-styles';

type Figures = z.infer<typeof FunnelFiguresSchema>;
const FIGURES: [string, (f: Figures) => string][] = [
  ['Visits', (f) => formatCount(f.visits)],
  ['Unique visitors', (f) => formatCount(f.uniqueVisitors)],
  ['Submissions', (f) => formatCount(f.submissions)],
  ['Conversion', (f) => (f.conversionPercent === null ? '—' : formatPercent(f.conversionPercent))],
  ['Leads', (f) => formatCount(f.leads)],
  ['Sales', (f) => formatCount(f.sales)],
  ['Revenue', (f) => formatCents(f.revenueCents)],
];

function verdictText(v: FunnelSplitVerdict): string {
  const p = v.pValue === null ? '' : ` (p = ${v.pValue.toFixed(3)})`;
  if (v.verdict === 'not_enough_data') return `Split test: not enough data yet (${formatCount(v.minVisitors)} unique visitors per variant needed)`;
  if (v.verdict === 'winner') return `Split test: variant ${v.winner} converts better than A${p}`;
  return `Split test: no clear winner yet${p}`;
}

/**
 * /funnel-analytics' marketing funnels: visits, visitors, submissions, conversion, and the leads,
 * sales and revenue that came of them, per funnel, step and split-test variant, from LeadFloor's
 * own sales. Visits are counted per calendar day.
 */
export function MarketingFunnelsCard({ params }: { params: FunnelReportParams }) {
  const q = useQuery(funnelReportQuery(params));
  const report = q.data;
  return (
    <Card aria-labelledby="marketing-funnels-title">
      <CardHeader titleId="marketing-funnels-title" title="Marketing funnels"
        description={report ? `Per funnel, step and variant, ${formatDate(report.from)} to ${formatDate(report.to)}` : 'Per funnel, step and variant'} />
      <CardContent className="px-0 pb-0">
        {q.isPending ? (
          <div className="px-5 pb-4"><PanelLoading label="Loading marketing funnels" rows={3} /></div>
        ) : q.isError || !report ? (
          <div className="px-5 pb-4"><PanelError error={q.error} what="Marketing funnels" onRetry={() => void q.refetch()} /></div>
        ) : report.funnels.length === 0 ? (
          <div className="px-5 pb-4"><PanelEmpty>No marketing funnels yet. <Link to="/funnels" className="text-primary-soft-foreground underline">Build one</Link> and its figures show here.</PanelEmpty></div>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Marketing funnels by step and variant</caption>
              <thead className={headClass}>
                <tr><th scope="col" className={`${th} text-left`}>Funnel and step</th>{FIGURES.map(([label]) => <th key={label} scope="col" className={num}>{label}</th>)}</tr>
              </thead>
              <tbody className="divide-y divide-border">
                {report.funnels.map((f) => (
                  <Fragment key={f.funnelId}>
                    <FigureRow label={<Link to={`/funnels/${f.funnelId}`} className="hover:underline">{f.name}</Link>} row={f} level={0} />
                    {f.steps.map((s) => (
                      <Fragment key={s.stepId}>
                        <FigureRow label={<>{s.position + 1}. {s.name}{s.splitTest && <Badge tone={s.splitTest.verdict === 'winner' ? 'success' : 'neutral'} className="ml-2">{verdictText(s.splitTest)}</Badge>}</>} row={s} level={1} />
                        {s.variants.length > 1 && s.variants.map((v) => <FigureRow key={v.variant} label={`Variant ${v.variant}`} row={v} level={2} />)}
                      </Fragment>
                    ))}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function FigureRow({ label, row, level }: { label: ReactNode; row: Figures; level: 0 | 1 | 2 }) {
  const indent = ['', 'pl-7 font-normal', 'pl-11 font-normal text-muted'][level];
  return (
    <tr className={level === 0 ? 'bg-surface-muted/30' : undefined}>
      <th scope="row" className={`${rowHead} ${indent}`}>{label}</th>
      {FIGURES.map(([name, show]) => <td key={name} className={td}>{show(row)}</td>)}
    </tr>
  );
}
