import { useMemo } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { BarChart3, PhoneOff } from 'lucide-react';
import type { Call } from '@leadfloor/contracts';
import { PageHeader } from '../../../components/page-header';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../../lib/current-user';
import { useNow } from '../../../lib/use-now';
import { callListQuery, teamsQuery, usersQuery } from '../api/call-queries';
import { callListParams, DEFAULT_CALL_FILTERS, hasActiveCallFilters } from '../call-filters';
import { teamMembersOf } from '../call-labels';
import { useCallFilters } from '../use-call-filters';
import { CallFilterBar } from './call-filter-bar';
import { CallTable } from './call-table';
import { LogCallButton } from './log-call-button';

/**
 * /calls: the call log, newest first, filtered on the server and paged back by call id
 * ("Load more"). Agents see their own calls; managers and team leads their teams', and may
 * narrow it to one agent. Filters live in the address bar.
 */
export function CallsPage() {
  const { user } = useCurrentUser();
  const [filters, update] = useCallFilters();
  const params = useMemo(() => callListParams(filters), [filters]);
  const calls = useInfiniteQuery(callListQuery(params));
  const lead = user !== null && user.role !== 'agent';
  const users = useQuery({ ...usersQuery, enabled: lead });
  const teams = useQuery({ ...teamsQuery, enabled: lead });
  const agents = useMemo(() => (user && users.data && teams.data ? teamMembersOf(user, users.data, teams.data) : []), [user, users.data, teams.data]);
  const now = useNow();
  const rows = useMemo(() => {
    const seen = new Set<number>();
    // Keyset pages can overlap when calls arrive between page reads; a call shows once.
    return (calls.data?.pages ?? []).flat().filter((c: Call) => !seen.has(c.id) && Boolean(seen.add(c.id)));
  }, [calls.data]);
  const filtered = hasActiveCallFilters(filters);

  return (
    <>
      <PageHeader
        heading="Calls"
        subheading={lead ? "Your teams' calls, newest first" : 'Every call you have made, newest first'}
        actions={
          <>
            <Link to="/call-analytics" className={buttonClasses('secondary')}>
              <BarChart3 aria-hidden />
              Call analytics
            </Link>
            <LogCallButton />
          </>
        }
      />
      <CallFilterBar filters={filters} onChange={update} agents={agents} />
      <Card aria-label="Call log" className="overflow-hidden">
        {calls.isPending ? (
          <div className="p-5"><PanelLoading label="Loading calls" rows={6} /></div>
        ) : calls.error ? (
          <div className="p-5"><PanelError error={calls.error} what="Calls" onRetry={() => void calls.refetch()} /></div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center pb-6">
            <PanelEmpty icon={<PhoneOff aria-hidden className="size-5" />}>
              {filtered ? 'No calls match these filters.' : 'No calls yet. Log a call from a lead you hold, or with the Log call button above.'}
            </PanelEmpty>
            {filtered && <Button variant="secondary" size="sm" onClick={() => update(() => DEFAULT_CALL_FILTERS)}>Clear filters</Button>}
          </div>
        ) : (
          <>
            <div className="overflow-x-auto">
              <CallTable calls={rows} now={now} meId={user?.id} showAgent={lead} />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border px-4 py-3 text-sm text-muted">
              <p aria-live="polite">{rows.length === 1 ? '1 call shown' : `${rows.length} calls shown`}</p>
              {calls.hasNextPage && (
                <Button variant="secondary" size="sm" disabled={calls.isFetchingNextPage} onClick={() => void calls.fetchNextPage()}>
                  {calls.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              )}
            </div>
          </>
        )}
      </Card>
    </>
  );
}
