import { cx } from '../../../lib/cx';
import { LEAD_TYPE_LABELS, leadTypeCode } from '../lead-labels';

const tones: Record<string, string> = {
  real_estate: 'bg-primary-soft text-primary-soft-foreground',
  finance: 'bg-success-soft text-success-soft-foreground',
  forex: 'bg-warning-soft text-warning-soft-foreground',
};

/** Spec 2.7's type badge: RE, FI, FX, or ?? for a type this console does not know. */
export function LeadTypeBadge({ type, size = 'md' }: { type: string; size?: 'sm' | 'md' }) {
  return (
    <span
      title={LEAD_TYPE_LABELS[type as keyof typeof LEAD_TYPE_LABELS] ?? 'Unknown type'}
      className={cx(
        'flex shrink-0 items-center justify-center rounded-lg font-bold',
        size === 'md' ? 'size-10 text-xs' : 'size-7 text-[0.6875rem]',
        tones[type] ?? 'bg-surface-muted text-muted',
      )}
    >
      {leadTypeCode(type)}
    </span>
  );
}
