import { MessagesSquare } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent } from '../../../components/ui/card';
import { managesTeam } from '../team-permissions';
import { useTeamChoice } from '../use-team-choice';
import { TeamChat } from './team-chat';
import { TeamSwitcher } from './team-switcher';

/** /team's Collaboration tab: the chat of my team (a manager of several chooses which). */
export function TeamCollaborationTab({ me }: { me: User }) {
  const { structure, teams, team, choose } = useTeamChoice(me);

  if (structure.isPending) return <Card><CardContent><PanelLoading label="Loading your team" rows={4} /></CardContent></Card>;
  if (structure.error) return <Card><CardContent><PanelError error={structure.error} what="Your team" onRetry={() => structure.refetch()} /></CardContent></Card>;
  if (!team) {
    return (
      <Card>
        <CardContent>
          <PanelEmpty icon={<MessagesSquare aria-hidden className="size-5" />}>
            {me.role === 'manager'
              ? 'You are not on a team and manage none yet, so there is no team chat to show. Create a team with New team.'
              : 'You are not on a team yet, so there is no team chat to show. Once a manager puts you on a team, its conversation appears here.'}
          </PanelEmpty>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <TeamSwitcher teams={teams} value={team.id} onChange={choose} />
      <TeamChat key={team.id} team={team} me={me} managesTheTeam={managesTeam(me, team)} />
    </div>
  );
}
