import type { ReactNode } from 'react';
import { CircleCheck, CircleX, Lightbulb, ListChecks } from 'lucide-react';
import type { CallAnalytics } from '@leadfloor/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cx } from '../../../lib/cx';
import { formatPreciseDateTime } from '../../../lib/format-date';
import { adherenceTone, sentimentLabel, sentimentTone } from '../call-labels';

const BAR_TONES: Record<BadgeTone, string> = {
  success: 'bg-success', warning: 'bg-warning-soft-foreground', destructive: 'bg-destructive', primary: 'bg-primary', neutral: 'bg-muted', outline: 'bg-muted',
};

/** A headline figure with a bar under it (the bar is decoration: the figure says it all). */
function Gauge({ label, value, unit, percent, tone, note }: { label: string; value: string; unit?: string; percent: number; tone: BadgeTone; note: ReactNode }) {
  return (
    <div className="rounded-xl bg-surface-muted/70 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-3xl font-semibold tracking-tight text-foreground tabular-nums">
        {value}
        {unit && <span className="ml-1 text-sm font-medium text-muted">{unit}</span>}
      </p>
      <div aria-hidden className="mt-2 h-1.5 overflow-hidden rounded-full bg-border">
        <div className={cx('h-full rounded-full', BAR_TONES[tone])} style={{ width: `${Math.max(0, Math.min(100, percent))}%` }} />
      </div>
      <div className="mt-2 text-xs text-muted">{note}</div>
    </div>
  );
}

function Section({ title, children, empty, count }: { title: string; children: ReactNode; empty?: string; count: number }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-foreground">{title}</h3>
      {count === 0 ? <p className="text-sm text-muted">{empty}</p> : children}
    </section>
  );
}

function Chips({ items, tone }: { items: string[]; tone: BadgeTone }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => <li key={item}><Badge tone={tone} className="px-2.5 py-1 text-xs">{item}</Badge></li>)}
    </ul>
  );
}

function Lines({ items, icon }: { items: string[]; icon: ReactNode }) {
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm text-foreground">
          <span aria-hidden className="mt-0.5 shrink-0 text-muted">{icon}</span>
          {item}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the analysis made of a call: customer sentiment (0–10, one decimal), script adherence
 * with each checkpoint covered or missed, buying signals, objections, topics, action items,
 * suggestions for the next call, and a summary.
 */
export function CallAnalysis({ analytics }: { analytics: CallAnalytics }) {
  const a = analytics;
  const covered = a.scriptAdherenceDetails.filter((d) => d.covered).length;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3">
        <Gauge
          label="Customer sentiment"
          value={a.sentimentScore.toFixed(1)}
          unit="/ 10"
          percent={a.sentimentScore * 10}
          tone={sentimentTone(a.sentiment)}
          note={<Badge tone={sentimentTone(a.sentiment)}>{sentimentLabel(a.sentiment)}</Badge>}
        />
        <Gauge
          label="Script adherence"
          value={`${a.scriptAdherence}%`}
          percent={a.scriptAdherence}
          tone={adherenceTone(a.scriptAdherence)}
          note={`${covered} of ${a.scriptAdherenceDetails.length} checkpoints covered`}
        />
      </div>
      <section className="flex flex-col gap-1.5">
        <h3 className="text-sm font-semibold text-foreground">Summary</h3>
        <p className="text-sm text-foreground">{a.summary}</p>
      </section>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Section title="Buying signals" count={a.buyingSignals.length} empty="None heard.">
          <Chips items={a.buyingSignals} tone="success" />
        </Section>
        <Section title="Objections" count={a.objections.length} empty="None heard.">
          <Chips items={a.objections} tone="warning" />
        </Section>
        <Section title="Key topics" count={a.keyTopics.length} empty="No clear topics.">
          <Chips items={a.keyTopics} tone="neutral" />
        </Section>
        <Section title="Action items" count={a.actionItems.length} empty="No commitments made on the call.">
          <Lines items={a.actionItems} icon={<ListChecks className="size-4" />} />
        </Section>
      </div>
      <Section title="Script checkpoints" count={a.scriptAdherenceDetails.length} empty="The script has no checkpoints.">
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {a.scriptAdherenceDetails.map((d) => (
            <li key={d.checkpoint} className="flex items-start gap-2.5 px-3 py-2.5 text-sm">
              {d.covered
                ? <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                : <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />}
              <div className="min-w-0">
                <p className="text-foreground">{d.checkpoint}<span className="sr-only">{d.covered ? ': covered' : ': missed'}</span></p>
                <p className="text-xs text-muted">{d.covered && d.matched ? `Said “${d.matched}”` : 'Not covered'}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      {a.scriptDeviations.length > 0 && (
        <Section title="Script deviations" count={a.scriptDeviations.length}>
          <Lines items={a.scriptDeviations} icon={<CircleX className="size-4" />} />
        </Section>
      )}
      <Section title="Suggestions for the next call" count={a.suggestions.length} empty="Nothing to add: a well-run call.">
        <Lines items={a.suggestions} icon={<Lightbulb className="size-4" />} />
      </Section>
      {a.insights.length > 0 && (
        <Section title="Insights" count={a.insights.length}>
          <ul className="list-disc pl-5 text-sm text-foreground marker:text-muted">
            {a.insights.map((i) => <li key={i}>{i}</li>)}
          </ul>
        </Section>
      )}
      <p className="border-t border-border pt-3 text-xs text-muted">
        Analysed on {formatPreciseDateTime(a.analyzedAt)}, against {a.scriptVersion === 0 ? 'the default call script' : `version ${a.scriptVersion} of the team's call script`}.
      </p>
    </div>
  );
}
