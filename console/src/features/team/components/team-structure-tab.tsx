import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History, Settings2, UserPlus, Users } from 'lucide-react';
import type { TeamPerson, TeamStructure, User } from '@leadfloor/contracts';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/panel-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { LEAD_TYPE_LABELS } from '../../../lib/lead-type-labels';
import { teamStructureQuery } from '../api/team-queries';
import { managesTeam, mayInvite } from '../team-permissions';
import { InviteDialog } from './invite-dialog';
import { MemberActionsDialog } from './member-actions-dialog';
import { TeamHistoryDialog } from './team-history-dialog';
import { TeamPersonRow } from './team-person-row';

type Team = TeamStructure['teams'][number];
type Managing = { person: TeamPerson; team: Team | null };

function Tier({ title, people, empty, render }: { title: string; people: TeamPerson[]; empty: string; render: (p: TeamPerson) => ReactNode }) {
  return (
    <div className="ml-2 border-l-2 border-border pl-4">
      <h3 className="pt-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {people.length === 0 ? <p className="py-3 text-sm text-muted">{empty}</p> : (
        <ul className="divide-y divide-border">{people.map((p) => <li key={p.id}>{render(p)}</li>)}</ul>
      )}
    </div>
  );
}

/** /team's Structure tab: the Sales Manager, then each team's leads and agents, as a tree. */
export function TeamStructureTab({ me }: { me: User }) {
  const structure = useQuery(teamStructureQuery);
  const [managing, setManaging] = useState<Managing | null>(null);
  const [inviteTo, setInviteTo] = useState<Team | null>(null);
  const [historyOf, setHistoryOf] = useState<Team | null>(null);

  if (structure.isPending) return <Card><CardContent><PanelLoading label="Loading team structure" rows={5} /></CardContent></Card>;
  if (structure.error) return <Card><CardContent><PanelError error={structure.error} what="Team structure" onRetry={() => structure.refetch()} /></CardContent></Card>;
  const { managers, teams, unassigned } = structure.data;
  const myTeams = teams.filter((t) => managesTeam(me, t));
  const manageButton = (person: TeamPerson, team: Team | null) =>
    me.role === 'manager' && (team ? managesTeam(me, team) : myTeams.length > 0) ? (
      <Button variant="ghost" size="sm" onClick={() => setManaging({ person, team })} aria-label={`Manage ${person.fullName}`}>
        <Settings2 aria-hidden className="size-4" />
        Manage
      </Button>
    ) : undefined;
  const row = (team: Team | null) => (p: TeamPerson) => <TeamPersonRow person={p} isMe={p.id === me.id} action={manageButton(p, team)} />;

  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="managers-title">
        <CardHeader titleId="managers-title" title="Sales Manager" description="Runs the floor and its teams" />
        <CardContent>
          {managers.length === 0 ? <PanelEmpty>No sales manager assigned yet.</PanelEmpty> : (
            <ul className="divide-y divide-border">{managers.map((p) => <li key={p.id}><TeamPersonRow person={p} isMe={p.id === me.id} /></li>)}</ul>
          )}
        </CardContent>
      </Card>

      {teams.length === 0 && (
        <Card><CardContent><PanelEmpty icon={<Users aria-hidden className="size-5" />}>No teams yet. A manager creates the first with New team.</PanelEmpty></CardContent></Card>
      )}
      {teams.map((team) => (
        <Card key={team.id} aria-labelledby={`team-${team.id}-title`}>
          <CardHeader
            titleId={`team-${team.id}-title`}
            title={team.name}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                {team.leadType && <Badge tone="outline">{LEAD_TYPE_LABELS[team.leadType as keyof typeof LEAD_TYPE_LABELS] ?? team.leadType}</Badge>}
                {team.leads.length + team.agents.length} {team.leads.length + team.agents.length === 1 ? 'member' : 'members'}
              </span>
            }
            action={
              <div className="flex flex-wrap gap-1">
                {mayInvite(me, team) && (
                  <Button variant="secondary" size="sm" onClick={() => setInviteTo(team)} aria-label={`Invite to ${team.name}`}>
                    <UserPlus aria-hidden className="size-4" />
                    Invite
                  </Button>
                )}
                <Button variant="ghost" size="sm" onClick={() => setHistoryOf(team)} aria-label={`${team.name} history`}>
                  <History aria-hidden className="size-4" />
                  History
                </Button>
              </div>
            }
          />
          <CardContent className="flex flex-col gap-2">
            <Tier title="Team Leads" people={team.leads} empty="No team lead yet." render={row(team)} />
            <Tier title="Agents" people={team.agents} empty="No agents on this team yet." render={row(team)} />
          </CardContent>
        </Card>
      ))}

      {unassigned.length > 0 && (
        <Card aria-labelledby="unassigned-title">
          <CardHeader titleId="unassigned-title" title="Not on a team" description="They hear no team's lead notifications until they join one." />
          <CardContent>
            <ul className="divide-y divide-border">{unassigned.map((p) => <li key={p.id}>{row(null)(p)}</li>)}</ul>
          </CardContent>
        </Card>
      )}

      <MemberActionsDialog
        key={managing?.person.id ?? 'none'}
        person={managing?.person ?? null}
        team={managing?.team ?? null}
        targets={myTeams}
        isMe={managing?.person.id === me.id}
        onClose={() => setManaging(null)}
      />
      <InviteDialog team={inviteTo} onClose={() => setInviteTo(null)} />
      <TeamHistoryDialog team={historyOf} onClose={() => setHistoryOf(null)} />
    </div>
  );
}
