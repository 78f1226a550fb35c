import { cx } from '../lib/cx';

/** The LeadFloor mark (a static image, cached once) with the wordmark beside it unless `compact`. */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5', className)}>
      <img src="/logo.svg" alt={compact ? 'LeadFloor' : ''} width={32} height={32} className="size-8 shrink-0" />
      {!compact && <span className="text-lg font-semibold tracking-tight text-foreground">LeadFloor</span>}
    </span>
  );
}
