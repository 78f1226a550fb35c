import type { ReactNode } from 'react';
import { CircleAlert, Inbox, SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Spec 2.6's error panel. */
export function PoolError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/40 bg-destructive-soft px-6 py-10 text-center">
      <CircleAlert aria-hidden className="size-8 text-destructive-text" />
      <div>
        <h2 className="text-base font-semibold text-destructive-soft-foreground">Error loading leads</h2>
        <p className="mt-1 text-sm text-destructive-soft-foreground">There was a problem loading the leads. Please try again.</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>Retry</Button>
    </div>
  );
}

/**
 * Spec 2.6's empty states: with filters active, a way out of them; otherwise, a way to start
 * the pool. `addLead` is the Add Lead button (it owns its dialog).
 */
export function PoolEmpty({ filtered, onResetFilters, addLead }: { filtered: boolean; onResetFilters: () => void; addLead: ReactNode }) {
  const Icon = filtered ? SearchX : Inbox;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-muted text-muted">
        <Icon aria-hidden className="size-6" />
      </span>
      <div>
        <h2 className="text-base font-semibold text-foreground">No leads found</h2>
        <p className="mt-1 text-sm text-muted">
          {filtered ? 'No leads match your search criteria. Try different filters.' : 'Get started by adding a new lead to the pool.'}
        </p>
      </div>
      {filtered ? <Button variant="secondary" onClick={onResetFilters}>Reset All Filters</Button> : addLead}
    </div>
  );
}
