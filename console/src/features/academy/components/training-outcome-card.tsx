import type { CallFigures, TrainingOutcome } from '@leadfloor/contracts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';

const calls = (n: number) => `${n} call${n === 1 ? '' : 's'}`;

function Figure({ label, value, basis }: { label: string; value: string; basis: string }) {
  return (
    <div className="rounded-lg border border-border p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-foreground">{value}</dd>
      <dd className="text-xs text-muted">{basis}</dd>
    </div>
  );
}

function Side({ title, f }: { title: string; f: CallFigures }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-foreground">{title}</h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <Figure label="Script adherence" value={f.scriptAdherence === null ? '—' : `${f.scriptAdherence}%`} basis={`from ${calls(f.analyzedCalls)} analysed`} />
        <Figure label="Sentiment" value={f.sentiment === null ? '—' : `${f.sentiment} / 10`} basis={`from ${calls(f.analyzedCalls)} analysed`} />
        <Figure label="Conversion" value={f.conversion === null ? '—' : `${f.conversion}%`} basis={`${f.convertedCalls} of ${calls(f.calls)} sold`} />
      </dl>
    </div>
  );
}

/**
 * Whether the training shows in how the closer sells: their calls before and after
 * certification, each figure with the calls behind it (computed on the server).
 */
export function TrainingOutcomeCard({ outcome }: { outcome: TrainingOutcome }) {
  return (
    <Card>
      <CardHeader
        title="Training outcome in calls"
        description={outcome.certifiedAt ? `Before and after certification on ${formatDate(outcome.certifiedAt)}` : 'Calls so far; the after side starts at certification'}
      />
      <CardContent className="flex flex-col gap-4">
        <Side title={outcome.certifiedAt ? 'Before certification' : 'Calls so far'} f={outcome.before} />
        {outcome.after && <Side title="After certification" f={outcome.after} />}
      </CardContent>
    </Card>
  );
}
