import { MessagesSquare } from 'lucide-react';
import type { User } from '@leadfloor/contracts';
import { managesTeam } from '../team-permissions';
import { TeamChat } from './team-chat';
import { TeamChoiceGate } from './team-choice-gate';

/** /team's Collaboration tab: the chat of my team (a manager of several chooses which). */
export function TeamCollaborationTab({ me }: { me: User }) {
  return (
    <TeamChoiceGate me={me} icon={<MessagesSquare aria-hidden className="size-5" />} nothing="there is no team chat to show" comes="its conversation appears here">
      {({ team, switcher }) => (
        <div className="flex flex-col gap-4">
          {switcher}
          <TeamChat key={team.id} team={team} me={me} managesTheTeam={managesTeam(me, team)} />
        </div>
      )}
    </TeamChoiceGate>
  );
}
