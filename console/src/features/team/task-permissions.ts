import type { TeamPerson, TeamStructure, TeamTask, User } from '@leadfloor/contracts';
import { managesTeam } from './team-permissions';

type Me = Pick<User, 'id' | 'role' | 'teamId'>;
type TaskTeam = Pick<TeamStructure['teams'][number], 'id' | 'managerId' | 'leads'>;
type Task = Pick<TeamTask, 'createdBy' | 'assignedUserId'>;

// As the server decides (command-service's team task decider), so a menu never offers what it would refuse.

/** Title, assignee, due time and lead: the task's creator, the team's leads and its manager. */
export const mayEditTask = (me: Me, team: TaskTeam, task: Task) =>
  task.createdBy === me.id || team.leads.some((l) => l.id === me.id) || managesTeam(me, team);

/** Complete or reopen: those who may edit it, and its assignee. */
export const mayCompleteTask = (me: Me, team: TaskTeam, task: Task) => mayEditTask(me, team, task) || task.assignedUserId === me.id;

/** Delete: the task's creator, the team's leads and its manager. */
export const mayDeleteTask = mayEditTask;

/** Who a task of the team may be given to: its manager, then its leads and agents. */
export function assignees(structure: TeamStructure, teamId: number): TeamPerson[] {
  const team = structure.teams.find((t) => t.id === teamId);
  if (!team) return [];
  const manager = structure.managers.filter((m) => m.id === team.managerId);
  return [...manager, ...team.leads, ...team.agents];
}
