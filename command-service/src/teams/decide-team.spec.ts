import type { TeamEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { decideTeam, evolveTeam, type TeamCommand } from './team-aggregate';

const now = '2026-03-01T10:00:00.000Z';
const manager = { id: 1, role: 'manager' as const, teamId: null };
const created: TeamEvent = { type: 'TeamCreated', data: { teamId: 3, name: 'Closers', managerId: 1, leadType: 'forex', at: now } };
const decideOn = (events: TeamEvent[], c: TeamCommand) => decideTeam(c, events.reduce(evolveTeam, { exists: false }));

describe('team decider', () => {
  it('lets a manager create a team once', () => {
    const create: TeamCommand = { type: 'CreateTeam', meta: { now, actor: manager }, data: { teamId: 3, name: 'Closers', managerId: 1, leadType: 'forex' } };
    expect(decideOn([], create)).toEqual([created]);
    expect(() => decideOn([created], create)).toThrow(expect.objectContaining({ code: 'team.already_exists' }));
  });
  it('refuses team changes by an agent', () => {
    expect(() => decideOn([created], { type: 'AppointTeamLead', meta: { now, actor: { id: 5, role: 'agent', teamId: 3 } }, data: { userId: 5 } }))
      .toThrow(expect.objectContaining({ kind: 'Forbidden' }));
  });
  it('appoints a team lead once', () => {
    const appoint: TeamCommand = { type: 'AppointTeamLead', meta: { now, actor: manager }, data: { userId: 4 } };
    const appointed: TeamEvent = { type: 'TeamLeadAppointed', data: { teamId: 3, userId: 4, at: now } };
    expect(decideOn([created], appoint)).toEqual([appointed]);
    expect(decideOn([created, appointed], appoint)).toEqual([]);
    expect(() => decideOn([], appoint)).toThrow(expect.objectContaining({ kind: 'NotFound' }));
  });
});
