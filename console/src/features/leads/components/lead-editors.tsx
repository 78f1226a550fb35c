import type { Lead } from '@leadfloor/contracts';
import type { LeadActions } from '../use-lead-actions';
import { PRIORITY_LABELS, STAGE_LABELS } from '../lead-labels';
import { FollowUpPicker } from './follow-up-picker';
import { OptionButtons } from './option-buttons';
import { ScoreEditor } from './score-editor';
import { TagEditor } from './tag-editor';

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = [
  { value: 'contacted', label: 'Contacted' }, { value: 'qualified', label: 'Qualified' },
  { value: 'sold', label: 'Sold' }, { value: 'lost', label: 'Lost' },
] as const;
const STAGE_OPTIONS = options(STAGE_LABELS);
const PRIORITY_OPTIONS = options(PRIORITY_LABELS);

/**
 * Spec 2.7's controls for a lead the user holds: status, stage and priority buttons, score
 * slider and quick adjusts, tag editor and follow-up picker. Controls wait while a change is
 * being saved, so two edits never race each other.
 */
export function LeadEditors({ lead, actions }: { lead: Lead; actions: LeadActions }) {
  const busy = actions.pending !== null;
  return (
    <div className="flex flex-col gap-4">
      <OptionButtons
        label="Status"
        options={STATUS_OPTIONS}
        value={STATUS_OPTIONS.some((o) => o.value === lead.status) ? (lead.status as (typeof STATUS_OPTIONS)[number]['value']) : null}
        onChange={(status) => actions.setStatus(lead, status)}
        disabled={busy}
      />
      <OptionButtons label="Stage" options={STAGE_OPTIONS} value={lead.stage} onChange={(stage) => actions.setStage(lead, stage)} disabled={busy} />
      <OptionButtons label="Priority" options={PRIORITY_OPTIONS} value={lead.priority} onChange={(p) => actions.setPriority(lead, p)} disabled={busy} />
      <ScoreEditor key={lead.score ?? 'none'} score={lead.score} onCommit={(score) => actions.setScore(lead, score)} disabled={busy} />
      <TagEditor tags={lead.tags} onChange={(tags) => actions.setTags(lead, tags)} disabled={busy} />
      <FollowUpPicker value={lead.nextFollowUp} onChange={(at) => actions.setFollowUp(lead, at)} disabled={busy} />
    </div>
  );
}
