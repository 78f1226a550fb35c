import type { ReactNode } from 'react';
import type { User } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Card, CardContent } from '../../../components/ui/card';
import { useTeamChoice } from '../use-team-choice';
import { TeamSwitcher } from './team-switcher';

type Choice = ReturnType<typeof useTeamChoice>;
type Chosen = { team: NonNullable<Choice['team']>; teams: Choice['teams']; switcher: ReactNode };

/**
 * What a tab about one of my teams (its chat, its tasks) shows before that team: the structure
 * loading or failing, or, on no team, what there is nothing of and when it will come. Then the
 * chosen team, with the switcher a manager of several teams picks another one with.
 */
export function TeamChoiceGate({ me, icon, nothing, comes, children }: {
  me: User;
  icon: ReactNode;
  /** "there is no team chat to show" */
  nothing: string;
  /** "its conversation appears here" */
  comes: string;
  children(chosen: Chosen): ReactNode;
}) {
  const { structure, teams, team, choose } = useTeamChoice(me);
  if (structure.isPending) return <Card><CardContent><PanelLoading label="Loading your team" rows={4} /></CardContent></Card>;
  if (structure.error) return <Card><CardContent><PanelError error={structure.error} what="Your team" onRetry={() => structure.refetch()} /></CardContent></Card>;
  if (!team) {
    return (
      <Card>
        <CardContent>
          <PanelEmpty icon={icon}>
            {me.role === 'manager'
              ? `You are not on a team and manage none yet, so ${nothing}. Create a team with New team.`
              : `You are not on a team yet, so ${nothing}. Once a manager puts you on a team, ${comes}.`}
          </PanelEmpty>
        </CardContent>
      </Card>
    );
  }
  return children({ team, teams, switcher: <TeamSwitcher teams={teams} value={team.id} onChange={choose} /> });
}
