import type { ImportMode, ImportStatus, ImportTarget, CustomField } from '@leadfloor/contracts';
import type { BadgeTone } from '../../components/ui/badge';

export const MODE_LABELS: Record<ImportMode, string> = {
  create: 'Create new leads only',
  create_or_update: 'Create new leads and update matches',
  update_only: 'Update matching leads only',
};

export const STATUS_LABELS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  uploaded: { label: 'Not mapped', tone: 'neutral' },
  mapped: { label: 'Ready to run', tone: 'primary' },
  running: { label: 'Running', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  failed: { label: 'Failed', tone: 'destructive' },
  undoing: { label: 'Undoing', tone: 'warning' },
  undone: { label: 'Undone', tone: 'outline' },
};

export const LEAD_FIELD_LABELS: Record<string, string> = {
  name: 'Name', email: 'Email', phone: 'Phone', address: 'Address', city: 'City', state: 'State', leadType: 'Lead type', source: 'Source', notes: 'Notes',
  funnelSource: 'Funnel source', funnelCampaignId: 'Campaign', tags: 'Tags (split on ; or ,)', priority: 'Priority (low, medium, high)',
};

export const targetLabel = (target: ImportTarget, fields: CustomField[]) => {
  if (target === 'ignore') return "Don't import";
  if (target.startsWith('custom:')) return fields.find((f) => f.name === target.slice(7))?.label ?? target.slice(7);
  return LEAD_FIELD_LABELS[target] ?? target;
};

/** "1,234 of 5,000 rows": the progress bar's words. */
export const percentDone = (processed: number, rows: number) => (rows === 0 ? 100 : Math.min(100, Math.round((processed / rows) * 100)));
