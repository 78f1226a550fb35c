import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { CallAnalyticsSummarySchema } from '@leadfloor/contracts';
import { useQuery } from '@tanstack/react-query';
import { PhoneCall, Sparkles, TrendingDown, TrendingUp } from 'lucide-react';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../lib/cx';
import { formatCount } from '../../../lib/format-number';
import { callSummaryQuery, callTrendsQuery } from '../api/call-queries';
import { callInsights, formatChange, weekOverWeek } from '../call-insights';
import { MEASURES, type CallTrends } from '../call-trends';
import { TrendChart } from './trend-chart';

/** The card's period: enough weeks for a trend, few enough for a card's width. */
const CARD_WEEKS = 6;

function Change({ value, unit = '' }: { value: number | null; unit?: '' | '%' }) {
  if (value === null) return <p className="mt-1 text-xs text-muted">No week-over-week change yet</p>;
  const Icon = value >= 0 ? TrendingUp : TrendingDown;
  return (
    <p className={cx('mt-1 flex flex-wrap items-center gap-x-1 text-xs font-medium', value > 0 ? 'text-success-soft-foreground' : value < 0 ? 'text-destructive-text' : 'text-muted')}>
      <Icon aria-hidden className="size-3.5" />
      {formatChange(value, unit)} <span className="whitespace-nowrap font-normal text-muted">vs last week</span>
    </p>
  );
}

function Figure({ label, value, unit, change }: { label: string; value: string; unit?: string; change: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl bg-surface-muted/70 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-foreground">
        {value}
        {unit && <span className="ml-1 text-sm font-medium text-muted">{unit}</span>}
      </p>
      {change}
    </div>
  );
}

/**
 * Spec 2.5's Call Analytics card: the average sentiment (one decimal) and script adherence
 * (whole percent) over the calls that have analytics. Where the original showed sample text,
 * the change since last week, the insights and the weekly chart come from the same analysed
 * calls (GET /api/call-analytics over the last six weeks); nothing shows before a call has
 * actually been analysed.
 */
export function CallAnalyticsCard() {
  const summary = useQuery(callSummaryQuery);
  const trends = useQuery(callTrendsQuery({ weeks: CARD_WEEKS }));
  const error = summary.error ?? trends.error;
  const data = summary.data;
  return (
    <Card aria-labelledby="call-analytics-title">
      <CardHeader
        titleId="call-analytics-title"
        title="Call Analytics"
        description="Sentiment and script adherence of your analysed calls"
        action={<PhoneCall aria-hidden className="size-5 text-primary" />}
      />
      <CardContent>
        {summary.isPending || trends.isPending ? (
          <PanelLoading label="Loading call analytics" rows={2} />
        ) : error || !data || !trends.data ? (
          <PanelError error={error} what="Call analytics" onRetry={() => { void summary.refetch(); void trends.refetch(); }} />
        ) : data.analyzedCalls === 0 || data.averageSentimentScore === null || data.averageScriptAdherence === null ? (
          <PanelEmpty icon={<PhoneCall aria-hidden className="size-5" />}>
            No analysed calls yet. Averages appear here once your calls are logged with a transcript and analysed.
          </PanelEmpty>
        ) : (
          <CallAnalyticsFigures summary={data} trends={trends.data} />
        )}
      </CardContent>
      <CardFooter>
        <Link to="/call-analytics" className="font-medium text-primary-soft-foreground hover:underline">Open call analytics</Link>
      </CardFooter>
    </Card>
  );
}

function CallAnalyticsFigures({ summary, trends }: { summary: z.infer<typeof CallAnalyticsSummarySchema>; trends: CallTrends }) {
  const moved = weekOverWeek(trends.weeks);
  const insights = callInsights(trends);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Figure label="Avg. sentiment" value={summary.averageSentimentScore!.toFixed(1)} unit="/ 10" change={<Change value={moved.sentiment} />} />
        <Figure label="Script adherence" value={`${summary.averageScriptAdherence}%`} change={<Change value={moved.adherence} unit="%" />} />
      </div>
      <p className="text-xs text-muted">
        Over {formatCount(summary.analyzedCalls)} analysed of {formatCount(summary.calls)} {summary.calls === 1 ? 'call' : 'calls'}.
      </p>
      <section aria-labelledby="call-insights-title" className="flex flex-col gap-2">
        <h3 id="call-insights-title" className="inline-flex items-center gap-1.5 text-sm font-medium text-foreground">
          <Sparkles aria-hidden className="size-4 text-primary" />AI insights
        </h3>
        {insights.length === 0 ? (
          <p className="text-sm text-muted">No insights in the last {CARD_WEEKS} weeks: they come from the analyses of recent calls.</p>
        ) : (
          <ul className="flex flex-col gap-1.5 text-sm text-foreground">
            {insights.map((insight) => (
              <li key={insight.kind} className="rounded-lg bg-primary-soft/50 px-3 py-2">{insight.text}</li>
            ))}
          </ul>
        )}
      </section>
      <TrendChart weeks={trends.weeks} measure={{ ...MEASURES.sentiment, label: 'Weekly performance: avg. sentiment' }} kind="line" />
    </div>
  );
}
