import type { TeamStructure, User } from '@leadfloor/contracts';
import { serverMessage } from '../../lib/api';

type StructureTeam = TeamStructure['teams'][number];

/** As the server decides: a manager acts for a team they sit on or that names them its manager. */
export const managesTeam = (me: Pick<User, 'id' | 'role' | 'teamId'>, team: Pick<StructureTeam, 'id' | 'managerId'>) =>
  me.role === 'manager' && (me.teamId === team.id || team.managerId === me.id);

/** The team's manager and its team leads may invite to it. */
export const mayInvite = (me: Pick<User, 'id' | 'role' | 'teamId'>, team: StructureTeam) =>
  managesTeam(me, team) || team.leads.some((l) => l.id === me.id);

/** The message of a refused change, as the server words it. */
export const errorMessage = (error: unknown) => serverMessage(error) ?? 'Something went wrong. Try again.';
