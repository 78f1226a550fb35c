import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';

/** A keyset-paged list's states: loading, error (with retry), empty, the rows, and "Load more". */
export function PagedList<P, T>({ query, items, what, empty, icon, children }: {
  query: UseInfiniteQueryResult<{ pages: P[] }>; items: (page: P) => T[]; what: string; empty: ReactNode; icon: ReactNode; children: (rows: T[]) => ReactNode;
}) {
  if (query.error && !query.data) return <PanelError error={query.error} what={what} onRetry={() => void query.refetch()} />;
  if (!query.data) return <div className="py-2"><PanelLoading label={`Loading ${what.toLowerCase()}`} rows={2} /></div>;
  const rows = query.data.pages.flatMap(items);
  if (rows.length === 0) return <div className="py-3"><PanelEmpty icon={icon}>{empty}</PanelEmpty></div>;
  return (
    <>
      {children(rows)}
      {query.hasNextPage && (
        <div className="flex justify-center border-t border-border py-3">
          <Button variant="ghost" size="sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
