import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { formatCount } from '../../../lib/format-number';
import { callSummaryQuery } from '../api/dashboard-queries';

function Figure({ label, value, unit }: { label: string; value: string; unit?: string }) {
  return (
    <div className="rounded-xl bg-surface-muted/70 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-foreground">
        {value}
        {unit && <span className="ml-1 text-sm font-medium text-muted">{unit}</span>}
      </p>
    </div>
  );
}

/**
 * Spec 2.5's Call Analytics card: the average sentiment (one decimal) and script adherence
 * (whole percent) over the calls that have analytics. The original's change indicators,
 * "AI insights" and weekly chart were fixed sample text; they are deliberately left out, and
 * no figure shows before a call has actually been analysed.
 */
export function CallAnalyticsCard() {
  const { data, isPending, error, refetch } = useQuery(callSummaryQuery);
  return (
    <Card aria-labelledby="call-analytics-title">
      <CardHeader
        titleId="call-analytics-title"
        title="Call Analytics"
        description="Sentiment and script adherence of your analysed calls"
        action={<PhoneCall aria-hidden className="size-5 text-primary" />}
      />
      <CardContent>
        {isPending ? (
          <PanelLoading label="Loading call analytics" rows={2} />
        ) : error ? (
          <PanelError error={error} what="Call analytics" onRetry={() => refetch()} />
        ) : data.analyzedCalls === 0 || data.averageSentimentScore === null || data.averageScriptAdherence === null ? (
          <PanelEmpty icon={<PhoneCall aria-hidden className="size-5" />}>
            No analysed calls yet. Averages appear here once your calls are logged with a transcript and analysed.
          </PanelEmpty>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="grid grid-cols-2 gap-3">
              <Figure label="Avg. sentiment" value={data.averageSentimentScore.toFixed(1)} unit="/ 10" />
              <Figure label="Script adherence" value={`${data.averageScriptAdherence}%`} />
            </div>
            <p className="text-xs text-muted">
              Over {formatCount(data.analyzedCalls)} analysed of {formatCount(data.calls)} {data.calls === 1 ? 'call' : 'calls'}.
            </p>
          </div>
        )}
      </CardContent>
      <CardFooter>
        <Link to="/call-analytics" className="font-medium text-primary-soft-foreground hover:underline">Open call analytics</Link>
      </CardFooter>
    </Card>
  );
}
