import { useState } from 'react';
import { cx } from '../../../lib/cx';
import { averageDuration, connectedRate, MEASURES, type AgentTrend, type Measure } from '../call-trends';
import { formatDuration } from '../call-duration';

const th = 'px-3 py-2 text-xs font-medium tracking-wide text-muted uppercase';
const td = 'px-3 py-2.5 tabular-nums';
const show = (v: number | null, format: (v: number) => string) => (v === null ? '—' : format(v));

/**
 * Agents side by side: bars for the chosen measure (calls, connected rate, sentiment,
 * adherence), highest first, each with its figure written out; then every figure in a table.
 */
export function AgentComparison({ agents, meId }: { agents: AgentTrend[]; meId: number | undefined }) {
  const [key, setKey] = useState<Measure['key']>('calls');
  const measure: Measure = MEASURES[key];
  const ranked = agents
    .map((a) => ({ agent: a, value: measure.value(a) }))
    .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.agent.fullName.localeCompare(b.agent.fullName));
  const top = measure.max ?? Math.max(1, ...ranked.map((r) => r.value ?? 0));
  const name = (a: AgentTrend) => (a.userId === meId ? `${a.fullName} (you)` : a.fullName);

  return (
    <div className="flex flex-col gap-5">
      <div role="group" aria-label="Compare by" className="flex flex-wrap gap-1.5">
        {Object.values(MEASURES).map((m: Measure) => (
          <button
            key={m.key}
            type="button"
            aria-pressed={m.key === key}
            onClick={() => setKey(m.key)}
            className={cx(
              'h-8 rounded-md border px-2.5 text-xs font-medium transition-colors',
              m.key === key ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-surface text-foreground hover:bg-surface-muted',
            )}
          >
            {m.label}
          </button>
        ))}
      </div>
      <ol aria-label={`Agents by ${measure.label.toLowerCase()}`} className="flex flex-col gap-2.5">
        {ranked.map(({ agent, value }) => (
          <li key={agent.userId} className="grid grid-cols-[minmax(0,9rem)_1fr_3.5rem] items-center gap-3 text-sm sm:grid-cols-[minmax(0,12rem)_1fr_4rem]">
            <span className="truncate text-foreground" title={agent.fullName}>{name(agent)}</span>
            <span aria-hidden className="h-3 overflow-hidden rounded-full bg-surface-muted">
              <span className="block h-full rounded-full bg-primary" style={{ width: `${((value ?? 0) / top) * 100}%` }} />
            </span>
            <span className="text-right font-medium text-foreground tabular-nums">{show(value, measure.format)}</span>
          </li>
        ))}
      </ol>
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Every agent's figures over the period</caption>
          <thead className="border-b border-border bg-surface-muted/60">
            <tr>
              <th scope="col" className={`${th} text-left`}>Agent</th>
              <th scope="col" className={`${th} text-right`}>Calls</th>
              <th scope="col" className={`${th} text-right`}>Connected</th>
              <th scope="col" className={`${th} text-right`}>Sentiment</th>
              <th scope="col" className={`${th} text-right`}>Adherence</th>
              <th scope="col" className={`${th} text-right max-sm:hidden`}>Avg. talk time</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {agents.map((a) => (
              <tr key={a.userId}>
                <th scope="row" className="px-3 py-2.5 text-left font-medium text-foreground">{name(a)}</th>
                <td className={`${td} text-right`}>{a.calls}</td>
                <td className={`${td} text-right`}>{show(connectedRate(a), (v) => `${v}%`)}</td>
                <td className={`${td} text-right`}>{show(a.averageSentimentScore, (v) => v.toFixed(1))}</td>
                <td className={`${td} text-right`}>{show(a.averageScriptAdherence, (v) => `${v}%`)}</td>
                <td className={`${td} text-right max-sm:hidden`}>{formatDuration(averageDuration(a))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
