import type { Call } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { adherenceTone, RESULT_LABELS, resultTone, sentimentLabel, sentimentTone } from '../call-labels';

/** How a call ended, or that it is still going. */
export function CallResultBadge({ call, className }: { call: Pick<Call, 'status' | 'callResult'>; className?: string }) {
  if (call.status === 'in_progress' || call.callResult === null) return <Badge tone="primary" className={className}>In progress</Badge>;
  return <Badge tone={resultTone(call.callResult)} className={className}>{RESULT_LABELS[call.callResult]}</Badge>;
}

/** Customer sentiment, 0–10 to one decimal, coloured by its reading (positive, neutral, negative). */
export function SentimentBadge({ analytics }: { analytics: NonNullable<Call['analytics']> }) {
  return (
    <Badge tone={sentimentTone(analytics.sentiment)} title={`${sentimentLabel(analytics.sentiment)} sentiment`}>
      {analytics.sentimentScore.toFixed(1)}
      <span className="sr-only"> out of 10, {analytics.sentiment}</span>
    </Badge>
  );
}

export function AdherenceBadge({ percent }: { percent: number }) {
  return (
    <Badge tone={adherenceTone(percent)}>
      {percent}%<span className="sr-only"> of the script</span>
    </Badge>
  );
}

/** Why a call has no figures: still running, nothing to analyse, or the analysis is on its way. */
export const analysisState = (call: Pick<Call, 'status' | 'transcript' | 'analytics'>): 'analyzed' | 'pending' | 'in_progress' | 'no_transcript' =>
  call.analytics ? 'analyzed' : call.status === 'in_progress' ? 'in_progress' : call.transcript ? 'pending' : 'no_transcript';
