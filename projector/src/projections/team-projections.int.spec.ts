import type { NewEvent, RecordedEvent } from '@leadfloor/events';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedHash } from '../../../test/applied-hash';
import { projectionLog } from '../../../test/projection-log';
import { teamActivity } from './team-activity';
import { teamInvites } from './team-invites';
import { teams } from './teams';
import { users } from './users';

const AT = '2026-03-02T10:00:00.000Z';
const LATER = '2026-03-09T10:00:00.000Z';
const registered = (userId: number): NewEvent => ({ type: 'UserRegistered', data: {
  userId, username: `u${userId}`, email: `u${userId}@example.com`, fullName: `User ${userId}`, passwordHash: 'h', role: 'agent', level: 'rookie', points: 0, at: AT } });
// Team 10 (manager 1) and team 11; user 2 leads team 10 for a while; user 3 joins through
// invite 5, then manager 1 moves them to team 11; user 4 joins and is removed.
const appends: [string, string, number | null, NewEvent[]][] = [
  ['team-10', 'team', null, [{ type: 'TeamCreated', data: { teamId: 10, name: 'Closers', managerId: 1, leadType: 'forex', at: AT } }]],
  ['team-11', 'team', 1, [{ type: 'TeamCreated', data: { teamId: 11, name: 'Desk', managerId: 1, leadType: null, at: AT } }]],
  ['user-2', 'user', null, [registered(2), { type: 'UserJoinedTeam', data: { userId: 2, teamId: 10, managerId: 1, at: AT } }]],
  ['team-10', 'team', 1, [
    { type: 'TeamLeadAppointed', data: { teamId: 10, userId: 2, at: AT } },
    { type: 'TeamInviteCreated', data: { teamId: 10, inviteId: 5, tokenHash: 'abc', expiresAt: LATER, at: AT } },
  ]],
  ['team-10', 'team', 3, [{ type: 'TeamInviteAccepted', data: { teamId: 10, inviteId: 5, userId: 3, at: AT } }]],
  ['user-3', 'user', 3, [registered(3), { type: 'UserJoinedTeam', data: { userId: 3, teamId: 10, managerId: 1, inviteId: 5, at: AT } }]],
  ['user-3', 'user', 1, [{ type: 'UserJoinedTeam', data: { userId: 3, teamId: 11, managerId: 1, previousTeamId: 10, at: AT } }]],
  ['user-4', 'user', null, [registered(4), { type: 'UserJoinedTeam', data: { userId: 4, teamId: 10, managerId: 1, at: AT } }]],
  ['user-4', 'user', 1, [{ type: 'UserLeftTeam', data: { userId: 4, teamId: 10, at: AT } }]],
  ['team-10', 'team', 1, [{ type: 'TeamLeadRemoved', data: { teamId: 10, userId: 2, at: AT } }]],
];

let log: Awaited<ReturnType<typeof projectionLog>>;
let pool: Pool;
let events: RecordedEvent[];
beforeAll(async () => {
  log = await projectionLog(appends.map(([streamId, streamType, actorId, events]) => ({ streamId, streamType, actorId, events })), [teamActivity, teamInvites, teams, users] as Projection[]);
  ({ pool, events } = log);
});
afterAll(() => log.close());

const applied = (p: Projection, ...batches: RecordedEvent[][]) => appliedHash(pool, p, ...batches);

describe.each([teamActivity, teamInvites, teams, users] as Projection[])('$name', (projection) => {
  it('changes nothing when events are applied twice, or redelivered in part', async () => {
    const once = await applied(projection, events);
    expect(once.rows).toBeGreaterThan(0);
    expect(await applied(projection, events)).toEqual(once);
    expect(await applied(projection, events.slice(3), events.slice(6))).toEqual(once);
  });
});

describe('what the rows say', () => {
  it("keeps each team's history with who made each change; a move shows on both teams", async () => {
    const { rows } = await pool.query('select team_id, type, actor_id, user_id from team_activity_v1 order by position, team_id');
    expect(rows).toEqual([
      { team_id: 10, type: 'TeamCreated', actor_id: null, user_id: null },
      { team_id: 11, type: 'TeamCreated', actor_id: 1, user_id: null },
      { team_id: 10, type: 'UserJoinedTeam', actor_id: null, user_id: 2 },
      { team_id: 10, type: 'TeamLeadAppointed', actor_id: 1, user_id: 2 },
      { team_id: 10, type: 'TeamInviteCreated', actor_id: 1, user_id: null },
      { team_id: 10, type: 'TeamInviteAccepted', actor_id: 3, user_id: 3 },
      { team_id: 10, type: 'UserJoinedTeam', actor_id: 3, user_id: 3 },
      { team_id: 10, type: 'UserLeftTeam', actor_id: 1, user_id: 3 },
      { team_id: 11, type: 'UserJoinedTeam', actor_id: 1, user_id: 3 },
      { team_id: 10, type: 'UserJoinedTeam', actor_id: null, user_id: 4 },
      { team_id: 10, type: 'UserLeftTeam', actor_id: 1, user_id: 4 },
      { team_id: 10, type: 'TeamLeadRemoved', actor_id: 1, user_id: 2 },
    ]);
  });

  it('marks an accepted invite, ends a removed lead and clears the team of who left', async () => {
    const { rows: [invite] } = await pool.query('select team_id, token_hash, created_by, accepted_by from team_invites_v1 where id = 5');
    expect(invite).toEqual({ team_id: 10, token_hash: 'abc', created_by: 1, accepted_by: 3 });
    const { rows: [team] } = await pool.query('select team_lead_ids from teams_v1 where id = 10');
    expect(team.team_lead_ids).toEqual([]);
    const { rows: people } = await pool.query('select id, team_id from users_v1 order by id');
    expect(people).toEqual([{ id: 2, team_id: 10 }, { id: 3, team_id: 11 }, { id: 4, team_id: null }]);
  });
});
