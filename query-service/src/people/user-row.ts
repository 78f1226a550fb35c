import type { Team, User } from '@leadfloor/contracts';

export type UserRow = {
  id: number; username: string; email: string; full_name: string; role: User['role']; level: User['level'];
  points: number; team_id: number | null; manager_id: number | null; avatar_url: string | null; bio: string | null;
  created_at: Date | string;
};
export const userFromRow = (r: UserRow): User => ({
  id: r.id, username: r.username, email: r.email, fullName: r.full_name, role: r.role, level: r.level, points: r.points,
  teamId: r.team_id, managerId: r.manager_id, avatarUrl: r.avatar_url, bio: r.bio, createdAt: new Date(r.created_at).toISOString(),
});

export type TeamRow = { id: number; name: string; manager_id: number | null; lead_type: string | null; team_lead_ids: number[]; created_at: Date | string };
export const teamFromRow = (r: TeamRow): Team => ({
  id: r.id, name: r.name, managerId: r.manager_id, leadType: r.lead_type, teamLeadIds: r.team_lead_ids,
  createdAt: new Date(r.created_at).toISOString(),
});
