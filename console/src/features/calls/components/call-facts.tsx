import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import type { Call } from '@leadfloor/contracts';
import { formatPreciseDateTime } from '../../../lib/format-date';
import { formatDuration } from '../call-duration';
import { CallResultBadge } from './call-figures';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/** Who, when, how long, how it ended, the notes and the recording. */
export function CallFacts({ call, meId }: { call: Call; meId: number | undefined }) {
  return (
    <dl className="flex flex-col gap-4">
      <Fact label="Lead">
        <Link to={`/leads/${call.leadId}`} className="font-medium text-primary-soft-foreground hover:underline">{call.leadName ?? `Lead ${call.leadId}`}</Link>
      </Fact>
      <Fact label="Agent">{call.userId === meId ? 'You' : call.userName ?? 'Unknown agent'}</Fact>
      <Fact label="Result"><CallResultBadge call={call} /></Fact>
      <Fact label="Duration">{formatDuration(call.duration)}</Fact>
      <Fact label="Started"><time dateTime={call.startTime}>{formatPreciseDateTime(call.startTime)}</time></Fact>
      {call.endTime && <Fact label="Ended"><time dateTime={call.endTime}>{formatPreciseDateTime(call.endTime)}</time></Fact>}
      <Fact label="Recording">
        {call.recordingUrl ? (
          <a href={call.recordingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary-soft-foreground hover:underline">
            Open the recording
            <ExternalLink aria-hidden className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <span className="text-muted">None</span>
        )}
      </Fact>
      <Fact label="Notes">{call.notes ? <span className="whitespace-pre-line">{call.notes}</span> : <span className="text-muted">None</span>}</Fact>
    </dl>
  );
}
