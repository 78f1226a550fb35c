import { cx } from '../../../lib/cx';

/** A percentage as a ring with the figure inside; `certified` turns it green. */
export function ProgressRing({ percent, certified = false, size = 64, label }: { percent: number; certified?: boolean; size?: number; label: string }) {
  const stroke = 6;
  const r = (size - stroke) / 2;
  const circumference = 2 * Math.PI * r;
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div role="img" aria-label={`${label}: ${shown}%`} className="relative shrink-0" style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90" aria-hidden>
        <circle cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} className="stroke-surface-muted" />
        <circle
          cx={size / 2} cy={size / 2} r={r} fill="none" strokeWidth={stroke} strokeLinecap="round"
          strokeDasharray={circumference} strokeDashoffset={circumference * (1 - shown / 100)}
          className={cx('transition-[stroke-dashoffset]', certified ? 'stroke-success' : 'stroke-primary')}
        />
      </svg>
      <span aria-hidden className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-foreground">{shown}%</span>
    </div>
  );
}
