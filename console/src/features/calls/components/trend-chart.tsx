import { useId, useRef } from 'react';
import { bands, linearScale, linePath, yAxis } from '../chart-scale';
import { weekLabel, type Measure, type WeekTrend } from '../call-trends';
import { useElementWidth } from '../use-element-width';

const HEIGHT = 180;
const M = { top: 10, right: 8, bottom: 24, left: 34 };

type TrendChartProps = {
  weeks: WeekTrend[];
  measure: Measure;
  /** Bars for counts (with the connected share darker), a line for rates and averages. */
  kind: 'bars' | 'line';
};

/**
 * One measure week by week, as plain SVG. The chart is an image to assistive technology; its
 * label reads every week's figure, and the page's "Week by week" table has them all too.
 */
export function TrendChart({ weeks, measure, kind }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = Math.max(useElementWidth(box), 240);
  const titleId = useId();
  const values = weeks.map((w) => measure.value(w));
  const axis = yAxis(Math.max(0, ...values.map((v) => v ?? 0)), measure.max);
  const plotW = width - M.left - M.right;
  const y = linearScale([0, axis.top], [HEIGHT - M.bottom, M.top]);
  const slots = bands(weeks.length, plotW, 0.35);
  // Week labels counted back from the latest week, which always has one.
  const labelEvery = Math.max(1, Math.ceil(weeks.length / Math.max(1, Math.floor(plotW / 52))));
  const described = weeks.map((w, i) => `${weekLabel(w.weekStart)}: ${values[i] === null ? 'no figure' : measure.format(values[i]!)}`).join(', ');
  const points = slots.map((s, i) => (values[i] === null ? null : { x: M.left + s.center, y: y(values[i]!) }));

  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2">
      <figcaption id={titleId} className="text-sm font-medium text-foreground">{measure.label}</figcaption>
      <div ref={box} className="w-full">
        <svg role="img" aria-label={`${measure.label} by week. ${described}.`} width={width} height={HEIGHT} className="block overflow-visible text-[11px]">
          {axis.ticks.map((t) => (
            <g key={t}>
              <line x1={M.left} x2={width - M.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeDasharray={t === 0 ? undefined : '3 3'} />
              <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-muted tabular-nums">{(measure.tick ?? measure.format)(t)}</text>
            </g>
          ))}
          {kind === 'bars' && slots.map((s, i) => {
            const w = weeks[i]!;
            const total = values[i] ?? 0;
            return (
              <g key={w.weekStart}>
                <rect x={M.left + s.start} width={s.width} y={y(total)} height={y(0) - y(total)} rx={2} className="fill-primary/30" />
                <rect x={M.left + s.start} width={s.width} y={y(w.connectedCalls)} height={y(0) - y(w.connectedCalls)} rx={2} className="fill-primary" />
                <title>{`${weekLabel(w.weekStart)}: ${total} calls, ${w.connectedCalls} connected`}</title>
              </g>
            );
          })}
          {kind === 'line' && (
            <>
              <path d={linePath(points)} fill="none" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" className="stroke-primary" />
              {points.map((p, i) => p && (
                <circle key={weeks[i]!.weekStart} cx={p.x} cy={p.y} r={3.5} strokeWidth={2} className="fill-surface stroke-primary">
                  <title>{`${weekLabel(weeks[i]!.weekStart)}: ${measure.format(values[i]!)}`}</title>
                </circle>
              ))}
            </>
          )}
          {slots.map((s, i) => (weeks.length - 1 - i) % labelEvery === 0 && (
            <text key={weeks[i]!.weekStart} x={M.left + s.center} y={HEIGHT - 6} textAnchor="middle" className="fill-muted">
              {weekLabel(weeks[i]!.weekStart)}
            </text>
          ))}
        </svg>
      </div>
      {kind === 'bars' && (
        <p aria-hidden className="flex gap-4 text-xs text-muted">
          <span className="inline-flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-primary" />Connected</span>
          <span className="inline-flex items-center gap-1.5"><span className="size-2.5 rounded-sm bg-primary/30" />Other results</span>
        </p>
      )}
    </figure>
  );
}
