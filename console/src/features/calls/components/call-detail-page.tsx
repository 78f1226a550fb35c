import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FileText, Hourglass, LoaderCircle, PhoneIncoming, SearchX } from 'lucide-react';
import type { Call } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { isApiError } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format-date';
import { callDetailQuery } from '../api/call-queries';
import { formatDuration } from '../call-duration';
import { CallAnalysis } from './call-analysis';
import { analysisState, CallResultBadge } from './call-figures';
import { CallFacts } from './call-facts';
import { CallTranscript } from './call-transcript';

function AnalysisBody({ call }: { call: Call }) {
  switch (analysisState(call)) {
    case 'analyzed':
      return call.analytics && <CallAnalysis analytics={call.analytics} />;
    case 'pending':
      return (
        <div role="status" className="flex flex-col items-center gap-2 py-8 text-center">
          <LoaderCircle aria-hidden className="size-6 animate-spin text-primary" />
          <p className="text-sm font-medium text-foreground">Analysis pending</p>
          <p className="max-w-sm text-sm text-muted">The transcript is being analysed. Sentiment, script adherence and the rest appear here on their own.</p>
        </div>
      );
    case 'in_progress':
      return (
        <PanelEmpty icon={<PhoneIncoming aria-hidden className="size-5" />}>
          This call is still in progress. It is analysed once it ends with a transcript.
        </PanelEmpty>
      );
    case 'no_transcript':
      return (
        <PanelEmpty icon={<Hourglass aria-hidden className="size-5" />}>
          Not analysed: this call was logged without a transcript.
        </PanelEmpty>
      );
  }
}

/**
 * /calls/{id}: one call with its analysis and transcript. The analysis lands after the call
 * (a background job); until then the page says so, and the live update that announces it
 * refetches the call. `?from=lead` sends Back to the lead's page.
 */
export function CallDetailPage() {
  const { id: rawId } = useParams();
  const [search] = useSearchParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const { user } = useCurrentUser();
  const detail = useQuery({ ...callDetailQuery(id), enabled: valid });
  const call = detail.data?.call;
  const back = search.get('from') === 'lead' && call ? { to: `/leads/${call.leadId}`, label: 'Back to the lead' } : { to: '/calls', label: 'Back to Calls' };

  if (!valid || isApiError(detail.error, 404) || isApiError(detail.error, 403)) {
    return (
      <>
        <PageHeader heading="Call not found" backTo="/calls" backLabel="Back to Calls" />
        <PanelEmpty icon={<SearchX aria-hidden className="size-5" />}>This call does not exist, or it is not one of the calls you may see.</PanelEmpty>
      </>
    );
  }
  return (
    <>
      <PageHeader
        heading={call ? `Call with ${call.leadName ?? `lead ${call.leadId}`}` : 'Call'}
        subheading={call && [
          call.userId === user?.id ? 'You' : call.userName ?? 'Unknown agent',
          formatDateTime(call.startTime),
          formatDuration(call.duration),
        ].join(' · ')}
        backTo={back.to}
        backLabel={back.label}
        actions={call && <CallResultBadge call={call} className="px-3 py-1 text-sm" />}
      />
      {detail.isPending ? (
        <Card><CardContent><PanelLoading label="Loading the call" rows={4} /></CardContent></Card>
      ) : detail.error || !call ? (
        <Card><CardContent><PanelError error={detail.error} what="This call" onRetry={() => void detail.refetch()} /></CardContent></Card>
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
          <div className="flex min-w-0 flex-col gap-6 xl:col-span-2">
            <Card aria-labelledby="call-analysis-title">
              <CardHeader titleId="call-analysis-title" title="Analysis" description="What the transcript says about the call" />
              <CardContent><AnalysisBody call={call} /></CardContent>
            </Card>
            <Card aria-labelledby="call-transcript-title">
              <CardHeader titleId="call-transcript-title" title="Transcript" />
              <CardContent>
                {call.transcript ? (
                  <CallTranscript transcript={call.transcript} />
                ) : (
                  <PanelEmpty icon={<FileText aria-hidden className="size-5" />}>No transcript was logged with this call.</PanelEmpty>
                )}
              </CardContent>
            </Card>
          </div>
          <Card aria-labelledby="call-details-title" className="self-start">
            <CardHeader titleId="call-details-title" title="Call details" />
            <CardContent><CallFacts call={call} meId={user?.id} /></CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
