import { averageDuration, connectedRate, weekLabel, type WeekTrend } from '../call-trends';
import { formatDuration } from '../call-duration';

const th = 'px-3 py-2 text-xs font-medium tracking-wide text-muted uppercase';
const num = `${th} text-right`;
const td = 'px-3 py-2.5 text-right tabular-nums';
const show = (v: number | null, format: (v: number) => string) => (v === null ? '—' : format(v));

/** The weekly charts' figures as a table, latest week first: what a screen reader reads, and what a manager copies. */
export function WeekTable({ weeks }: { weeks: WeekTrend[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Calls week by week, latest first</caption>
        <thead className="border-b border-border bg-surface-muted/60">
          <tr>
            <th scope="col" className={`${th} text-left`}>Week of</th>
            <th scope="col" className={num}>Calls</th>
            <th scope="col" className={num}>Connected</th>
            <th scope="col" className={num}>Analysed</th>
            <th scope="col" className={num}>Sentiment</th>
            <th scope="col" className={num}>Adherence</th>
            <th scope="col" className={`${num} max-md:hidden`}>Avg. talk time</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {[...weeks].reverse().map((w) => (
            <tr key={w.weekStart}>
              <th scope="row" className="px-3 py-2.5 text-left font-medium whitespace-nowrap text-foreground">{weekLabel(w.weekStart)}</th>
              <td className={td}>{w.calls}</td>
              <td className={td}>{show(connectedRate(w), (v) => `${v}%`)}</td>
              <td className={td}>{w.analyzedCalls}</td>
              <td className={td}>{show(w.averageSentimentScore, (v) => v.toFixed(1))}</td>
              <td className={td}>{show(w.averageScriptAdherence, (v) => `${v}%`)}</td>
              <td className={`${td} max-md:hidden`}>{formatDuration(averageDuration(w))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
