import { useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';

export type BarRow = { key: string | number; label: ReactNode; value: number; display: ReactNode; cells?: ReactNode[] };

/**
 * A report's chart as horizontal bars, with its table one click away (the same rows, every
 * figure written out). Bars are plain elements: no chart library for a handful of them.
 */
export function ReportBars({ title, description, rows, columns, empty }: {
  title: string; description?: string; rows: BarRow[]; columns: string[]; empty: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const max = Math.max(1, ...rows.map((r) => r.value));
  const toggle = (
    <div role="group" aria-label={`${title}: show as`} className="flex shrink-0 rounded-lg border border-border p-0.5">
      {(['chart', 'table'] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}
          className={cx('inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium',
            view === v ? 'bg-surface-muted text-foreground' : 'text-muted hover:text-foreground')}>
          {v === 'chart' ? <BarChart3 aria-hidden className="size-3.5" /> : <Table2 aria-hidden className="size-3.5" />}
          {v === 'chart' ? 'Chart' : 'Table'}
        </button>
      ))}
    </div>
  );
  return (
    <Card>
      <CardHeader title={title} description={description} action={toggle} />
      <CardContent>
        {rows.length === 0 ? <p className="py-6 text-center text-sm text-muted">{empty}</p>
          : view === 'chart' ? (
            <ul className="flex flex-col gap-3" aria-label={title}>
              {rows.map((r) => (
                <li key={r.key} className="grid grid-cols-[minmax(0,7rem)_1fr_5.5rem] items-center gap-3 text-sm sm:grid-cols-[minmax(0,11rem)_1fr_6rem]">
                  <span className="min-w-0 leading-snug break-words text-foreground">{r.label}</span>
                  <span aria-hidden className="h-3 overflow-hidden rounded-full bg-surface-muted">
                    <span className="block h-full rounded-full bg-primary" style={{ width: `${(r.value / max) * 100}%` }} />
                  </span>
                  <span className="text-right text-muted tabular-nums">{r.display}</span>
                </li>
              ))}
            </ul>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-border text-left text-xs text-muted">
                    {columns.map((c, i) => <th key={c} scope="col" className={cx('py-2 pr-3 font-medium', i > 0 && 'text-right')}>{c}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.key} className="border-b border-border last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-normal text-foreground">{r.label}</th>
                      {(r.cells ?? [r.display]).map((c, i) => <td key={i} className="py-2 pr-3 text-right text-muted tabular-nums">{c}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
      </CardContent>
    </Card>
  );
}
