import { useDraggable } from '@dnd-kit/core';
import { Link } from 'react-router';
import { Gauge, GripVertical } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../lib/cx';
import { initials } from '../../../lib/initials';
import { PRIORITY_LABELS } from '../lead-labels';
import { scoreBand } from '../score-band';
import { LeadTypeBadge } from './lead-type-badge';

const MAX_TAGS = 2;

/** What a pipeline card shows; also the floating copy under the pointer while dragging. */
export function PipelineCardFace({ lead, handle }: { lead: Lead; handle?: React.ReactNode }) {
  const extra = lead.tags.length - MAX_TAGS;
  return (
    <div>
      {/* The name has the card's whole width (a column is narrow on a laptop) and wraps rather than being cut. */}
      <div className="flex items-start gap-2">
        <p className="line-clamp-2 min-w-0 flex-1 text-sm font-medium break-words text-foreground">
          <Link to={`/leads/${lead.id}?from=leads`} className="hover:underline">{lead.name}</Link>
        </p>
        {handle}
      </div>
      <div className="mt-1 flex items-center gap-1.5">
        <LeadTypeBadge type={lead.leadType} size="sm" />
        <p className="min-w-0 truncate text-xs text-muted">{lead.city}, {lead.state}</p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1 empty:hidden">
        {lead.score !== null && (
          <Badge tone={scoreBand(lead.score).tone} title={`Score ${lead.score}: ${scoreBand(lead.score).label}`}>
            <Gauge aria-hidden /><span className="sr-only">Score</span>{lead.score}
          </Badge>
        )}
        {lead.priority !== 'medium' && <Badge tone="outline">{PRIORITY_LABELS[lead.priority]}</Badge>}
        {lead.tags.slice(0, MAX_TAGS).map((t) => (
          <Badge key={t} tone="primary" title={t} className="max-w-full min-w-0"><span className="truncate">{t}</span></Badge>
        ))}
        {extra > 0 && <Badge tone="neutral" title={lead.tags.slice(MAX_TAGS).join(', ')}>+{extra}</Badge>}
      </div>
    </div>
  );
}

/**
 * A card on the board. Only the lead's holder can move it (the server refuses anyone else),
 * so other cards carry a lock instead of a handle. The handle is the keyboard's way in
 * (Space to lift, arrows to change column, Space to drop); a pointer can grab the whole card.
 */
export function PipelineCard({ lead, movable, holderHint }: { lead: Lead; movable: boolean; holderHint: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `lead-${lead.id}`,
    data: { lead },
    disabled: !movable,
  });
  return (
    <div
      ref={setNodeRef}
      {...(movable ? listeners : {})}
      data-lead-id={lead.id}
      className={cx(
        'rounded-lg border border-border bg-surface p-3 shadow-xs',
        movable && 'cursor-grab touch-none active:cursor-grabbing',
        isDragging && 'opacity-40',
      )}
    >
      <PipelineCardFace
        lead={lead}
        handle={movable ? (
          <button
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            aria-label={`Move ${lead.name}`}
            className="-mt-1 -mr-1 rounded-md p-1 text-muted hover:bg-surface-muted hover:text-foreground"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        ) : lead.claimedBy !== null ? (
          <span
            title={holderHint}
            className="flex size-6 shrink-0 items-center justify-center rounded-full bg-surface-muted text-[0.625rem] font-semibold text-muted"
          >
            <span aria-hidden>{initials(lead.claimedByName)}</span>
            <span className="sr-only">{holderHint}</span>
          </span>
        ) : (
          <span className="sr-only">{holderHint}</span>
        )}
      />
    </div>
  );
}
