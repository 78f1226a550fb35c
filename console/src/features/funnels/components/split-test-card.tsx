import { useState } from 'react';
import { FunnelSplitWeightsSchema, type FunnelStepView, type FunnelVariant } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format-date';
import { useEndSplitTest, useSplitTest } from '../api/funnel-mutations';
import { evenWeights, stepVariants } from '../split-weights';

/**
 * A step's split test: which variants take part and each one's whole-number share of visitors
 * (adding up to 100). A visitor keeps the variant they first saw. Ending the test makes the
 * winner the step's page.
 */
export function SplitTestCard({ funnelId, step }: { funnelId: number; step: FunnelStepView }) {
  const variants = stepVariants(step);
  const running = step.splitTest;
  const start = useSplitTest(funnelId);
  const end = useEndSplitTest(funnelId);
  const initial = running ? running.weights : evenWeights(variants);
  const [weights, setWeights] = useState<Partial<Record<FunnelVariant, string>>>(
    () => Object.fromEntries(Object.entries(initial).map(([v, w]) => [v, String(w)])));
  const [problem, setProblem] = useState<string | null>(null);
  const [winner, setWinner] = useState<FunnelVariant>('A');
  const taking = variants.filter((v) => weights[v] !== undefined);
  const total = taking.reduce((sum, v) => sum + (Number(weights[v]) || 0), 0);

  const toggle = (v: FunnelVariant, on: boolean) => setWeights((w) => {
    const next = { ...w };
    if (on) next[v] = '0'; else delete next[v];
    return next;
  });
  const handleSubmit = () => {
    const parsed = FunnelSplitWeightsSchema.safeParse(Object.fromEntries(taking.map((v) => [v, Number(weights[v])])));
    if (!parsed.success) { setProblem(parsed.error.issues[0]?.message ?? 'Check the weights'); return; }
    setProblem(null);
    start.mutate({ stepId: step.id, running: running !== null, body: { weights: parsed.data } });
  };

  if (variants.length < 2) {
    return (
      <Card>
        <CardHeader title="Split test" description={`Compare pages of ${step.name} on real visitors.`} />
        <CardContent><p className="text-sm text-muted">Add a variant in the Page tab (“Add variant”), change what you want to test and publish, then come back to share visitors between them.</p></CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="Split test" description={`Share ${step.name}'s visitors between its pages. Each visitor keeps the page they first saw.`}
        action={running ? <Badge tone="success">Running since {formatDateTime(running.startedAt)}</Badge> : <Badge>Not running</Badge>} />
      <CardContent className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-foreground">Share of visitors (percent, adding up to 100)</legend>
          {variants.map((v) => (
            <div key={v} className="flex items-center gap-3">
              <label className="flex w-32 items-center gap-2 text-sm">
                <Checkbox checked={weights[v] !== undefined} disabled={v === 'A'} onChange={(e) => toggle(v, e.target.checked)} aria-label={`Variant ${v} takes part`} />
                Variant {v}{v === 'A' && <span className="text-xs text-muted">(current)</span>}
              </label>
              <Input className="w-24" inputMode="numeric" aria-label={`Variant ${v} share`} disabled={weights[v] === undefined}
                value={weights[v] ?? ''} onChange={(e) => setWeights((w) => ({ ...w, [v]: e.target.value.replace(/[^0-9]/g, '') }))} />
              <span className="text-sm text-muted">%</span>
            </div>
          ))}
          <p className={total === 100 ? 'text-sm text-muted' : 'text-sm font-medium text-warning-soft-foreground'}>Total: {total}%</p>
        </fieldset>
        {(problem || start.error) && <p role="alert" className="text-sm text-destructive-text">{problem ?? serverMessage(start.error) ?? 'Not saved. Try again.'}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={handleSubmit} disabled={start.isPending}>{running ? 'Change shares' : 'Start split test'}</Button>
          {!running && <p className="text-xs text-muted">A variant takes part once it has been published; the test starts serving at once.</p>}
        </div>
        {running && (
          <div className="flex flex-wrap items-end gap-2 border-t border-border pt-4">
            <label className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
              Winner
              <Select value={winner} onChange={(e) => setWinner(e.target.value as FunnelVariant)}>
                {Object.keys(running.weights).map((v) => <option key={v} value={v}>Variant {v}</option>)}
              </Select>
            </label>
            <Button variant="secondary" disabled={end.isPending} onClick={() => end.mutate({ stepId: step.id, winner })}>End test and keep the winner</Button>
            {end.error && <p role="alert" className="w-full text-sm text-destructive-text">{serverMessage(end.error) ?? 'The test did not end. Try again.'}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
