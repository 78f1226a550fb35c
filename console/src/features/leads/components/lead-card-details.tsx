import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { Lead } from '@leadfloor/contracts';
import type { LeadActions } from '../use-lead-actions';
import { LeadCustomFields } from './lead-custom-fields';
import { LeadEditors } from './lead-editors';
import { LeadFieldList } from './lead-field-list';

/**
 * The card's expanded part (spec 2.7): the details, the holder's editing controls, and the
 * link to the lead's page. Its own chunk: most cards are never expanded.
 */
export function LeadCardDetails({ lead, meId, actions }: { lead: Lead; meId: number | undefined; actions: LeadActions }) {
  const mine = lead.claimedBy !== null && lead.claimedBy === meId;
  return (
    <div className="mt-4 flex flex-col gap-4 border-t border-border pt-4">
      <LeadFieldList lead={lead} meId={meId} omitEditable={mine} />
      <LeadCustomFields lead={lead} />
      {mine && <LeadEditors lead={lead} actions={actions} />}
      <Link
        to={`/leads/${lead.id}?from=leads`}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary-soft-foreground hover:underline"
      >
        View Complete Details <ArrowRight aria-hidden className="size-3.5" />
      </Link>
    </div>
  );
}
