import type { ReactNode } from 'react';
import type { Lead } from '@leadfloor/contracts';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../lib/cx';
import { formatDateTime } from '../../../lib/format-date';
import { LEAD_SOURCE_LABELS, LEAD_TYPE_LABELS, PRIORITY_LABELS, STAGE_LABELS, statusLabel } from '../lead-labels';
import { scoreBand } from '../score-band';

type LeadFieldListProps = {
  lead: Lead;
  /** The signed-in user's id: their own leads read 'You'. */
  meId: number | undefined;
  /** Leave out what the editors beside the list already show (score, tags, follow-up). */
  omitEditable?: boolean;
  /** The details page's extras: contact data, type, status and every timestamp. */
  complete?: boolean;
};


function claimedBy(lead: Lead, meId: number | undefined): string {
  if (lead.claimedBy === null) return 'None';
  if (lead.claimedBy === meId) return 'You';
  return lead.claimedByName ?? 'Another agent';
}

function ScoreValue({ score }: { score: number | null }) {
  if (score === null) return <span className="text-muted">Not scored</span>;
  const band = scoreBand(score);
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {score}
      <Badge tone={band.tone} title={band.meaning}>{band.label}</Badge>
    </span>
  );
}

/** Spec 2.7's expanded details (and, with `complete`, every field of the lead for its own page). */
export function LeadFieldList({ lead, meId, omitEditable, complete }: LeadFieldListProps) {
  const rows: [string, ReactNode, boolean][] = [];
  // `wide` rows (long values) take the whole line on a phone, half of it from `sm` up.
  const add = (label: string, value: ReactNode, wide = false) => rows.push([label, value, wide]);
  if (complete) {
    add('Email', <a className="break-all hover:underline" href={`mailto:${lead.email}`}>{lead.email}</a>, true);
    add('Lead Type', LEAD_TYPE_LABELS[lead.leadType] ?? lead.leadType);
    add('Status', statusLabel(lead.status));
  }
  if (!omitEditable) add('Lead Score', <ScoreValue score={lead.score} />);
  add('Phone', <a className="hover:underline" href={`tel:${lead.phone}`}>{lead.phone}</a>);
  add('Address', [lead.address, lead.city, lead.state].filter(Boolean).join(', '), true);
  add('Source', lead.source ? LEAD_SOURCE_LABELS[lead.source as keyof typeof LEAD_SOURCE_LABELS] ?? lead.source : 'Not specified');
  // Where a marketing funnel or ad platform said the lead came from: shown only when one did.
  if (lead.funnelSource) add('Funnel Source', lead.funnelSource);
  if (lead.funnelCampaignId) add('Campaign', lead.funnelCampaignId, true);
  add('Claimed By', claimedBy(lead, meId));
  add('Stage', STAGE_LABELS[lead.stage] ?? 'New');
  add('Priority', PRIORITY_LABELS[lead.priority] ?? 'Medium');
  if (lead.nextFollowUp && !omitEditable) add('Next Follow-up', formatDateTime(lead.nextFollowUp));
  if (lead.lastContactedAt) add('Last Contact', formatDateTime(lead.lastContactedAt));
  if (complete) {
    if (lead.claimedAt) add('Claimed At', formatDateTime(lead.claimedAt));
    if (lead.scoredAt) add('Scored At', formatDateTime(lead.scoredAt));
    add('Created', formatDateTime(lead.createdAt));
    add('Last Updated', formatDateTime(lead.updatedAt));
  }
  if (lead.tags.length > 0 && !omitEditable) {
    add('Tags', (
      <span className="flex flex-wrap gap-1">
        {lead.tags.map((t) => <Badge key={t} tone="primary">{t}</Badge>)}
      </span>
    ), true);
  }

  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2.5 text-sm">
      {rows.map(([label, value, wide]) => (
        <div key={label} className={cx('min-w-0', wide && 'max-sm:col-span-2')}>
          <dt className="text-xs font-medium text-muted">{label}</dt>
          <dd className="mt-0.5 break-words text-foreground">{value}</dd>
        </div>
      ))}
      {lead.notes && (
        <div className="col-span-2">
          <dt className="text-xs font-medium text-muted">Notes</dt>
          <dd className="mt-0.5 whitespace-pre-wrap break-words text-foreground">{lead.notes}</dd>
        </div>
      )}
    </dl>
  );
}
