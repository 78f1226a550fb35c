import type { ReactNode } from 'react';
import { CircleAlert, Hourglass } from 'lucide-react';
import { isApiError } from '../lib/api';
import { Button } from './ui/button';

/**
 * What a panel shows instead of data. A 404 means the server does not offer this read yet
 * (its feature has not landed): that is said plainly, never filled with sample figures.
 */
export function PanelError({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  if (isApiError(error, 404)) {
    return (
      <PanelEmpty icon={<Hourglass aria-hidden className="size-5" />}>
        {what} {what.endsWith('s') ? 'are' : 'is'} not available yet.
      </PanelEmpty>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <CircleAlert aria-hidden className="size-6 text-destructive" />
      <p className="text-sm text-muted">We couldn&apos;t load {what.toLowerCase()}.</p>
      {onRetry && <Button variant="secondary" size="sm" onClick={onRetry}>Retry</Button>}
    </div>
  );
}

export function PanelEmpty({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-6 text-center">
      {icon && <span className="flex size-10 items-center justify-center rounded-full bg-surface-muted text-muted">{icon}</span>}
      <p className="max-w-xs text-sm text-muted">{children}</p>
    </div>
  );
}

/** Grey placeholder rows while a panel loads, so the layout does not jump when data arrives. */
export function PanelLoading({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-3">
          <div className="size-9 rounded-full bg-surface-muted" />
          <div className="flex flex-1 flex-col gap-1.5">
            <div className="h-3 w-2/5 rounded bg-surface-muted" />
            <div className="h-3 w-3/5 rounded bg-surface-muted" />
          </div>
        </div>
      ))}
    </div>
  );
}
