import { Bar, BarChart as Chart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type Series<Row> = { key: keyof Row & string; label: string; color: string };

/** Series colours from the theme, so charts follow light and dark. */
export const CHART_COLORS = { primary: 'var(--color-primary)', success: 'var(--color-success)', muted: 'var(--color-muted)', destructive: 'var(--color-destructive)' };

/**
 * Bars of one or more series over categories (recharts). Drawn as an image whose label reads
 * every figure; the card's table view has them too. Clicking a bar opens that figure's
 * explanation, as its figure in the table does.
 */
export function BarChart<Row extends Record<string, unknown>>({ rows, category, series, format = String, layout = 'columns', height = 240, describe, onSelect }: {
  rows: Row[]; category: keyof Row & string; series: Series<Row>[]; format?: (v: number) => string; layout?: 'columns' | 'bars';
  height?: number; describe: string; onSelect?: (row: Row, series: Series<Row>) => void;
}) {
  const label = `${describe}. ${rows.map((r) => `${String(r[category])}: ${series.map((s) => `${s.label} ${r[s.key] === null ? 'none' : format(Number(r[s.key]))}`).join(', ')}`).join('; ')}.`;
  const bars = layout === 'bars';
  // recharts types a data key against the row's value types; ours are plain property names.
  const key = (k: keyof Row & string) => k as never;
  return (
    <div role="img" aria-label={label} className="w-full text-xs" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={rows} layout={bars ? 'vertical' : 'horizontal'} margin={{ top: 4, right: 12, bottom: 4, left: bars ? 8 : -8 }}>
          <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" horizontal={!bars} vertical={bars} />
          {bars ? (
            <>
              <XAxis type="number" tickFormatter={format} stroke="var(--color-muted)" fontSize={11} allowDecimals={false} />
              <YAxis type="category" dataKey={key(category)} width={124} stroke="var(--color-muted)" fontSize={11} />
            </>
          ) : (
            <>
              <XAxis dataKey={key(category)} stroke="var(--color-muted)" fontSize={11} />
              <YAxis tickFormatter={format} stroke="var(--color-muted)" fontSize={11} allowDecimals={false} />
            </>
          )}
          <Tooltip formatter={(v) => format(Number(v))} cursor={{ fill: 'var(--color-surface-muted)' }}
            contentStyle={{ background: 'var(--color-surface)', border: '1px solid var(--color-border)', borderRadius: 8, color: 'var(--color-foreground)' }} />
          {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
          {series.map((s) => (
            <Bar key={s.key} dataKey={key(s.key)} name={s.label} fill={s.color} radius={bars ? [0, 4, 4, 0] : [4, 4, 0, 0]} isAnimationActive={false}
              cursor={onSelect ? 'pointer' : undefined} onClick={onSelect ? (_d, i) => onSelect(rows[i]!, s) : undefined} />
          ))}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
