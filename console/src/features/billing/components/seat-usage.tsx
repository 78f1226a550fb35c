import type { Billing } from '@leadfloor/contracts';
import { cx } from '../../../lib/cx';
import { seatUsageLabel } from '../plan-labels';

/** "3 of 3 seats used" with a bar: agents and team leads hold seats, managers none. */
export function SeatUsage({ billing, className }: { billing: Pick<Billing, 'seatsUsed' | 'includes'>; className?: string }) {
  const { seatsUsed, includes: { seats } } = billing;
  const full = seatsUsed >= seats;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-foreground">Seats</span>
        <span className={cx('tabular-nums', full ? 'font-medium text-warning-soft-foreground' : 'text-muted')}>{seatUsageLabel(billing)}</span>
      </div>
      <div role="progressbar" aria-label="Seats used" aria-valuemin={0} aria-valuemax={seats} aria-valuenow={Math.min(seatsUsed, seats)}
        className="h-2 overflow-hidden rounded-full bg-surface-muted">
        <div className={cx('h-full rounded-full', full ? 'bg-warning-soft-foreground' : 'bg-primary')} style={{ width: `${Math.min(100, (seatsUsed / Math.max(1, seats)) * 100)}%` }} />
      </div>
      {full && <p className="text-xs text-muted">Every seat is taken: new agents can sign up once a manager adds seats.</p>}
    </div>
  );
}
