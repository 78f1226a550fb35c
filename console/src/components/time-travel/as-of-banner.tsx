import { History } from 'lucide-react';
import { PAST_READ_ONLY } from '../../lib/as-of';
import { cx } from '../../lib/cx';
import { formatPreciseDateTime } from '../../lib/format-date';
import { Button } from '../ui/button';

type AsOfBannerProps = { asOf: string; onBackToLive: () => void; className?: string };

/** The unmissable line over a screen that shows the past, with the way back to live. */
export function AsOfBanner({ asOf, onBackToLive, className }: AsOfBannerProps) {
  return (
    <div
      role="region"
      aria-label="Time travel"
      className={cx(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-warning-soft-foreground/30 bg-warning-soft px-4 py-3 text-warning-soft-foreground',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-2">
        <History aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">
            Viewing the floor as of <time dateTime={asOf}>{formatPreciseDateTime(asOf)}</time>
          </p>
          <p className="text-sm">{PAST_READ_ONLY}</p>
        </div>
      </div>
      <Button size="sm" onClick={onBackToLive}>Back to live</Button>
    </div>
  );
}
