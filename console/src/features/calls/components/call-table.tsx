import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import type { Call } from '@leadfloor/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { relativeTime } from '../../../lib/relative-time';
import { formatDuration } from '../call-duration';
import { AdherenceBadge, analysisState, CallResultBadge, SentimentBadge } from './call-figures';

type CallTableProps = {
  calls: Call[];
  now: Date;
  meId: number | undefined;
  /** Managers and team leads see whose call it was; an agent's log holds only their own. */
  showAgent: boolean;
};

// 'Mar 7, 2:05 PM': a log is read by date; the year and the age are in the tooltip and on the phone line.
const shortDateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const th = 'px-2 py-2.5 text-left text-xs font-medium tracking-wide text-muted uppercase sm:px-3';
const td = 'px-2 py-3 align-middle sm:px-3';
// On a phone, sentiment and script share one column; from `sm` up each has its own.
const wide = 'max-sm:hidden';
const narrow = 'sm:hidden';

function AnalysisCells({ call }: { call: Call }) {
  const state = analysisState(call);
  if (state === 'analyzed' && call.analytics) {
    return (
      <>
        <td className={`${td} ${wide}`}><SentimentBadge analytics={call.analytics} /></td>
        <td className={`${td} ${wide}`}><AdherenceBadge percent={call.analytics.scriptAdherence} /></td>
        <td className={`${td} ${narrow}`}>
          <span className="flex flex-col items-start gap-1">
            <SentimentBadge analytics={call.analytics} />
            <AdherenceBadge percent={call.analytics.scriptAdherence} />
          </span>
        </td>
      </>
    );
  }
  const content = state === 'pending' ? (
    <span className="inline-flex items-center gap-1 text-xs text-muted"><Hourglass aria-hidden className="size-3.5" />Pending</span>
  ) : (
    <span className="text-muted">
      <span aria-hidden>—</span>
      <span className="sr-only">{state === 'in_progress' ? 'Not analysed yet: the call is in progress' : 'Not analysed: no transcript'}</span>
    </span>
  );
  return (
    <>
      <td className={`${td} ${wide}`} colSpan={2}>{content}</td>
      <td className={`${td} ${narrow}`}>{content}</td>
    </>
  );
}

/**
 * The call log as a table, newest first: lead (the link to the call), agent, result, duration,
 * when, and once analysed the customer's sentiment and the script covered. On a phone the
 * agent, duration and time move under the lead's name.
 */
export function CallTable({ calls, now, meId, showAgent }: CallTableProps) {
  const agentOf = (c: Call) => (c.userId === meId ? 'You' : c.userName ?? 'Unknown agent');
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Calls, newest first</caption>
      <thead className="border-b border-border bg-surface-muted/60">
        <tr>
          <th scope="col" className={th}>Lead</th>
          {showAgent && <th scope="col" className={`${th} max-md:hidden`}>Agent</th>}
          <th scope="col" className={th}>Result</th>
          <th scope="col" className={`${th} max-md:hidden`}>Duration</th>
          <th scope="col" className={`${th} max-md:hidden`}>When</th>
          <th scope="col" className={`${th} ${wide}`}>Sentiment</th>
          <th scope="col" className={`${th} ${wide}`}>Script</th>
          <th scope="col" className={`${th} ${narrow}`}>Analysis</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {calls.map((c) => (
          <tr key={c.id} className="hover:bg-surface-muted/50">
            <td className={`${td} max-md:w-full max-md:max-w-0 md:max-w-64`}>
              <Link to={`/calls/${c.id}`} className="block truncate font-medium text-primary-soft-foreground hover:underline">
                {c.leadName ?? `Lead ${c.leadId}`}
              </Link>
              <p className="truncate text-xs text-muted md:hidden">
                {[showAgent ? agentOf(c) : null, formatDuration(c.duration), relativeTime(c.startTime, now)].filter(Boolean).join(' · ')}
              </p>
            </td>
            {showAgent && <td className={`${td} max-md:hidden`}>{agentOf(c)}</td>}
            <td className={td}><CallResultBadge call={c} /></td>
            <td className={`${td} tabular-nums max-md:hidden`}>{formatDuration(c.duration)}</td>
            <td className={`${td} max-md:hidden`}>
              <time dateTime={c.startTime} title={formatDateTime(c.startTime)} className="whitespace-nowrap">{shortDateTime.format(new Date(c.startTime))}</time>
            </td>
            <AnalysisCells call={c} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
