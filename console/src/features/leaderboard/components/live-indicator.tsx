import { useLiveStatus, type LiveStatus } from '../../../lib/live-status';
import { cx } from '../../../lib/cx';

const LOOKS: Record<LiveStatus, { text: string; dot: string }> = {
  connected: { text: 'Live', dot: 'bg-success' },
  connecting: { text: 'Connecting...', dot: 'bg-amber-500 animate-pulse' },
  disconnected: { text: 'Offline: reconnecting', dot: 'bg-destructive' },
};

/** Whether the board is following the floor live (the console's one /ws connection). */
export function LiveIndicator() {
  const status = useLiveStatus();
  const { text, dot } = LOOKS[status];
  return (
    <p role="status" className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-base font-semibold text-foreground lg:text-lg">
      <span aria-hidden className={cx('size-3 rounded-full', dot)} />
      <span className="sr-only">Real-time updates: </span>
      {text}
    </p>
  );
}
