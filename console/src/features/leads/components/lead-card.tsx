import { lazy, Suspense, useId, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { ChevronDown, MapPin } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/cx';
import { useReadOnly } from '../../../lib/read-only';
import { addedLabel, LEAD_TYPE_LABELS, statusLabel, statusTone } from '../lead-labels';
import { useLeadActions } from '../use-lead-actions';
import { HoldStatus } from './hold-status';
import { PoolEntryStatus } from './pool-entry-status';
import { LeadCardActions } from './lead-card-actions';
import { LeadQuickActions } from './lead-quick-actions';
import { LeadTypeBadge } from './lead-type-badge';

const loadDetails = () => import('./lead-card-details');
const LeadCardDetails = lazy(() => loadDetails().then((m) => ({ default: m.LeadCardDetails })));

type LeadCardProps = Omit<ComponentProps<'article'>, 'children'> & {
  lead: Lead;
  meId: number | undefined;
  /** One clock reading per list render, so every card's 'Added …' agrees. */
  now: Date;
  expanded: boolean;
  onToggle: () => void;
};

/**
 * Spec 2.7's lead card. Collapsed: type badge, name, email, status, type, place, age and the
 * card's main button. 'Show More' adds the details and, for the holder, the editing controls.
 * The element props (ref, style, aria-posinset...) let a virtualized list place and measure it.
 */
export function LeadCard({ lead, meId, now, expanded, onToggle, className, ...article }: LeadCardProps) {
  const actions = useLeadActions();
  // The past (time travel): every control that would write is disabled by its fieldset, saying why.
  const readOnly = useReadOnly();
  const nameId = useId();
  const detailsId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className={cx('rounded-xl border border-border bg-surface p-4 shadow-xs', className)}
      {...article}
    >
      <div className="flex items-start gap-3">
        <LeadTypeBadge type={lead.leadType} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 id={nameId} className="min-w-0 truncate text-sm font-semibold text-foreground">
              <Link to={`/leads/${lead.id}?from=leads`} className="hover:underline">{lead.name}</Link>
            </h3>
            <Badge tone={statusTone(lead.status)} className="shrink-0">{statusLabel(lead.status)}</Badge>
          </div>
          <p className="truncate text-sm text-muted">{lead.email}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted">
            <span>{LEAD_TYPE_LABELS[lead.leadType] ?? 'Unknown type'}</span>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-0.5">
              <MapPin aria-hidden className="size-3" />
              {lead.city}, {lead.state}
            </span>
            <span aria-hidden>·</span>
            <span>{addedLabel(lead.createdAt, now)}</span>
          </p>
        </div>
      </div>
      <div className="mt-2 pl-[3.25rem] empty:hidden">
        <HoldStatus lead={lead} meId={meId} />
        <PoolEntryStatus lead={lead} meId={meId} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 pl-[3.25rem]">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <fieldset disabled={readOnly !== null} title={readOnly ?? undefined} className="contents">
            <LeadQuickActions lead={lead} meId={meId} actions={actions} />
            <LeadCardActions lead={lead} meId={meId} />
          </fieldset>
          {lead.claimedBy !== null && (
            <span className="text-xs text-muted">
              Held by <span className="font-medium text-foreground">{lead.claimedBy === meId ? 'you' : lead.claimedByName ?? 'another agent'}</span>
            </span>
          )}
        </div>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={detailsId}
          onPointerEnter={() => void loadDetails()}
          onFocus={() => void loadDetails()}
          onClick={onToggle}
          className="ml-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-primary-soft-foreground hover:bg-surface-muted"
        >
          {expanded ? 'Show Less' : 'Show More'}
          <ChevronDown aria-hidden className={cx('size-3.5 transition-transform', expanded && 'rotate-180')} />
        </button>
      </div>
      <div id={detailsId}>
        {expanded && (
          <Suspense fallback={<div className="mt-4 flex justify-center"><Spinner label="Loading details" /></div>}>
            <fieldset disabled={readOnly !== null} title={readOnly ?? undefined} className="contents">
              <LeadCardDetails lead={lead} meId={meId} actions={actions} />
            </fieldset>
          </Suspense>
        )}
      </div>
    </article>
  );
}
