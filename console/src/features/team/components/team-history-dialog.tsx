import { useInfiniteQuery } from '@tanstack/react-query';
import type { TeamHistory } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format-date';
import { teamHistoryQuery } from '../api/team-queries';

type Entry = TeamHistory['entries'][number];

/** What happened, in words: the person it is about, then the change. */
function describe(e: Entry): string {
  const who = e.userName ?? 'Someone';
  switch (e.type) {
    case 'TeamCreated': return 'Team created';
    case 'TeamLeadAppointed': return `${who} appointed team lead`;
    case 'TeamLeadRemoved': return `${who} no longer team lead`;
    case 'TeamInviteCreated': return 'Invite link created';
    case 'TeamInviteAccepted': return `${who} signed up through an invite`;
    case 'UserJoinedTeam': return `${who} joined the team`;
    case 'UserLeftTeam': return `${who} left the team`;
  }
}

function HistoryList({ teamId }: { teamId: number }) {
  const history = useInfiniteQuery(teamHistoryQuery(teamId));
  if (history.isPending) return <PanelLoading label="Loading history" rows={4} />;
  if (history.error) return <PanelError error={history.error} what="Team history" onRetry={() => history.refetch()} />;
  const entries = history.data.pages.flatMap((p) => p.entries);
  if (entries.length === 0) return <PanelEmpty>No changes yet.</PanelEmpty>;
  return (
    <>
      <ol className="flex flex-col divide-y divide-border">
        {entries.map((e) => (
          <li key={`${e.eventId}-${e.type}`} className="py-2.5">
            <p className="text-sm text-foreground">{describe(e)}</p>
            <p className="text-xs text-muted">
              {formatDateTime(e.at)} · by {e.actorName ?? (e.actorId === null ? 'the system' : `user ${e.actorId}`)}
            </p>
          </li>
        ))}
      </ol>
      {history.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button variant="ghost" disabled={history.isFetchingNextPage} onClick={() => history.fetchNextPage()}>
            {history.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
          </Button>
        </div>
      )}
    </>
  );
}

/** Every change to a team and its membership, newest first, with who made it. */
export function TeamHistoryDialog({ team, onClose }: { team: { id: number; name: string } | null; onClose: () => void }) {
  return (
    <Dialog open={team !== null} onClose={onClose} title={team ? `${team.name} history` : 'History'} description="Every change, newest first, and who made it.">
      {team && <HistoryList teamId={team.id} />}
    </Dialog>
  );
}
