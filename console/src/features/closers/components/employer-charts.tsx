import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EmployerDashboard } from '@leadfloor/contracts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { formatPercent } from '../../../lib/format-number';
import { applicationRows, decisionRows, jobRows, weekRows, type FigureRow } from '../employer-figures';

// Theme colours, so the charts follow light and dark.
const COLOR = { primary: 'var(--color-primary)', success: 'var(--color-success)', destructive: 'var(--color-destructive)', muted: 'var(--color-muted)' };
const APPLICATION_COLORS = [COLOR.muted, COLOR.primary, COLOR.success, COLOR.destructive, 'var(--color-border)'];
const tooltip = { background: 'var(--color-surface)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-foreground)' };
const described = (what: string, rows: FigureRow[]) => `${what}. ${rows.map((r) => `${r.label}: ${r.value}`).join(', ')}.`;

/** A chart with its figures as a table a click away: what a screen reader reads and what someone copies. */
function ChartCard({ id, title, description, rows, valueLabel, children }: {
  id: string; title: string; description: string; rows: FigureRow[]; valueLabel: string; children: ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader titleId={`${id}-title`} title={title} description={description}
        action={
          <div role="group" aria-label={`${title}: view`} className="inline-flex shrink-0 rounded-lg border border-border p-0.5">
            {(['chart', 'table'] as const).map((v) => (
              <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}
                className={cx('rounded-md px-2.5 py-1 text-xs font-medium', view === v ? 'bg-surface-muted text-foreground' : 'text-muted hover:text-foreground')}>
                {v === 'chart' ? 'Chart' : 'Table'}
              </button>
            ))}
          </div>
        } />
      <CardContent>
        {view === 'chart' ? children : (
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-border text-xs text-muted uppercase">
              <tr><th scope="col" className="py-2 text-left font-medium">{title.split(' ')[0]}</th><th scope="col" className="py-2 text-right font-medium">{valueLabel}</th></tr>
            </thead>
            <tbody className="divide-y divide-border">
              {rows.map((r) => (
                <tr key={r.label}><th scope="row" className="py-2 text-left font-medium text-foreground">{r.label}</th><td className="py-2 text-right tabular-nums">{r.value}</td></tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function Columns({ rows, describe, colors, height = 220 }: { rows: FigureRow[]; describe: string; colors?: string[]; height?: number }) {
  return (
    <div role="img" aria-label={described(describe, rows)} className="w-full text-xs" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" stroke="var(--color-muted)" fontSize={11} interval="preserveStartEnd" minTickGap={16} />
          <YAxis stroke="var(--color-muted)" fontSize={11} allowDecimals={false} />
          <Tooltip cursor={{ fill: 'var(--color-surface-muted)' }} contentStyle={tooltip} />
          <Bar dataKey="value" name="Count" fill={COLOR.primary} radius={[4, 4, 0, 0]} isAnimationActive={false}>
            {colors && rows.map((r, i) => <Cell key={r.label} fill={colors[i % colors.length]} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function AcceptanceDonut({ dashboard }: { dashboard: EmployerDashboard }) {
  const rows = decisionRows(dashboard);
  if (dashboard.acceptanceRate === null) {
    return <p className="flex h-[220px] items-center justify-center px-6 text-center text-sm text-muted">No decisions yet: accept or reject an application and the rate shows here.</p>;
  }
  return (
    <div role="img" aria-label={described(`Acceptance rate ${formatPercent(dashboard.acceptanceRate)}`, rows)} className="relative h-[220px] w-full">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={rows} dataKey="value" nameKey="label" innerRadius="62%" outerRadius="88%" paddingAngle={2} stroke="none" isAnimationActive={false}>
            <Cell fill={COLOR.success} />
            <Cell fill={COLOR.destructive} />
          </Pie>
          <Tooltip contentStyle={tooltip} />
        </PieChart>
      </ResponsiveContainer>
      <div aria-hidden className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-2xl font-semibold text-foreground tabular-nums">{formatPercent(dashboard.acceptanceRate)}</span>
        <span className="text-xs text-muted">accepted</span>
      </div>
    </div>
  );
}

/** The dashboard's charts (recharts, loaded with this route only): jobs, applications, weeks and the acceptance rate. */
export function EmployerCharts({ dashboard }: { dashboard: EmployerDashboard }) {
  const decided = dashboard.decidedCount;
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <ChartCard id="chart-jobs" title="Jobs by status" description={`${dashboard.openJobs} open now`} rows={jobRows(dashboard)} valueLabel="Jobs">
        <Columns rows={jobRows(dashboard)} describe="Jobs by status" colors={[COLOR.muted, COLOR.success, 'var(--color-border)', COLOR.primary]} />
      </ChartCard>
      <ChartCard id="chart-applications" title="Applications by status" description={`${dashboard.totalApplications} in all`} rows={applicationRows(dashboard)} valueLabel="Applications">
        <Columns rows={applicationRows(dashboard)} describe="Applications by status" colors={APPLICATION_COLORS} />
      </ChartCard>
      <ChartCard id="chart-weeks" title="Applications per week" description="The last 12 weeks" rows={weekRows(dashboard)} valueLabel="Applications">
        <Columns rows={weekRows(dashboard)} describe="Applications received per week" />
      </ChartCard>
      <ChartCard id="chart-acceptance" title="Acceptance rate" rows={decisionRows(dashboard)} valueLabel="Decisions"
        description={decided === 0 ? 'Of your decisions' : `Of ${decided} decision${decided === 1 ? '' : 's'}; withdrawals are not counted`}>
        <AcceptanceDonut dashboard={dashboard} />
      </ChartCard>
    </div>
  );
}
