import { useId, useState, type ReactNode } from 'react';
import { BarChart3, Table2 } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';

/**
 * A card with a chart and the same figures as a table, one at a time: "Table" is the
 * accessible view of the chart (and the one whose figures open their explanation by keyboard).
 */
export function ChartCard({ title, description, chart, table, className }: {
  title: string; description?: ReactNode; chart: ReactNode; table: ReactNode; className?: string;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const toggle = view === 'chart'
    ? { label: 'Table', icon: <Table2 aria-hidden className="size-4" />, title: `Show ${title.toLowerCase()} as a table` }
    : { label: 'Chart', icon: <BarChart3 aria-hidden className="size-4" />, title: `Show ${title.toLowerCase()} as a chart` };
  return (
    <Card aria-labelledby={titleId} className={className}>
      <CardHeader titleId={titleId} title={title} description={description} action={
        <button type="button" onClick={() => setView(view === 'chart' ? 'table' : 'chart')} aria-label={toggle.title}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-border px-2.5 py-1.5 text-xs font-medium text-muted hover:bg-surface-muted hover:text-foreground">
          {toggle.icon}{toggle.label}
        </button>
      } />
      <CardContent className="min-w-0">{view === 'chart' ? chart : table}</CardContent>
    </Card>
  );
}
