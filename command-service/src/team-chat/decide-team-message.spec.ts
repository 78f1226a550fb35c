import type { TeamChatEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import type { ManagedTeam } from '../shared/manages-team';
import { decideTeamMessage, evolveTeamMessage, initialTeamMessageState, type TeamMessageCommand } from './team-message';

const at = '2026-03-01T10:00:00.000Z';
const minutesLater = (m: number) => new Date(Date.parse(at) + m * 60_000).toISOString();
const team: ManagedTeam = { id: 3, managerId: 1 };
const manager: Actor = { id: 1, role: 'manager', teamId: null };
const author: Actor = { id: 5, role: 'agent', teamId: 3 };
const teammate: Actor = { id: 6, role: 'agent', teamId: 3 };
const teamLead: Actor = { id: 4, role: 'teamLead', teamId: 3 };
const outsider: Actor = { id: 8, role: 'agent', teamId: 9 };
const otherManager: Actor = { id: 2, role: 'manager', teamId: 9 };

const posted: TeamChatEvent = { type: 'TeamMessagePosted', data: { messageId: 40, teamId: 3, authorId: 5, content: 'Call the Smiths @dana', mentionedUserIds: [6], at } };
const deleted: TeamChatEvent = { type: 'TeamMessageDeleted', data: { messageId: 40, teamId: 3, at: minutesLater(1) } };

const given = (...events: TeamChatEvent[]) => ({
  when: (c: TeamMessageCommand) => ({
    then: (expected: TeamChatEvent[]) => expect(decideTeamMessage(c, events.reduce(evolveTeamMessage, initialTeamMessageState()))).toEqual(expected),
    thenRefuses: (kind: string, code: string) =>
      expect(() => decideTeamMessage(c, events.reduce(evolveTeamMessage, initialTeamMessageState()))).toThrow(expect.objectContaining({ kind, code })),
  }),
});
const post = (actor: Actor, content = 'Call the Smiths @dana', mentionedUserIds = [6], t: ManagedTeam | null = team): TeamMessageCommand =>
  ({ type: 'PostTeamMessage', data: { messageId: 40, teamId: 3, content, mentionedUserIds }, meta: { now: at, actor, team: t } });
const edit = (actor: Actor, minutes: number, content = 'Call the Smiths at 4', mentionedUserIds: number[] = []): TeamMessageCommand =>
  ({ type: 'EditTeamMessage', data: { content, mentionedUserIds }, meta: { now: minutesLater(minutes), actor, team } });
const remove = (actor: Actor, minutes: number): TeamMessageCommand =>
  ({ type: 'DeleteTeamMessage', data: {}, meta: { now: minutesLater(minutes), actor, team } });

describe('team message decider: posting', () => {
  it("lets the team's members and its manager post, and nobody else", () => {
    given().when(post(author)).then([posted]);
    given().when(post(teamLead, 'Morning all', [])).then([{ type: 'TeamMessagePosted', data: { messageId: 40, teamId: 3, authorId: 4, content: 'Morning all', mentionedUserIds: [], at } }]);
    given().when(post(manager, 'Great week', [])).then([{ type: 'TeamMessagePosted', data: { messageId: 40, teamId: 3, authorId: 1, content: 'Great week', mentionedUserIds: [], at } }]);
    given().when(post(outsider)).thenRefuses('Forbidden', 'team.not_member');
    given().when(post(otherManager)).thenRefuses('Forbidden', 'team.not_member');
    given().when(post(author, 'hi', [], null)).thenRefuses('NotFound', 'team.not_found');
  });
  it('never notifies authors of their own mention, and refuses empty or overlong text', () => {
    given().when(post(author, 'note to self @me', [5, 6])).then([{ ...posted, data: { ...posted.data, content: 'note to self @me', mentionedUserIds: [6] } }]);
    given().when(post(author, '   ', [])).thenRefuses('RuleViolation', 'team_message.empty');
    given().when(post(author, 'x'.repeat(4001), [])).thenRefuses('RuleViolation', 'team_message.too_long');
    given().when(post(author, 'x'.repeat(4000), [])).then([{ ...posted, data: { ...posted.data, content: 'x'.repeat(4000), mentionedUserIds: [] } }]);
  });
});

describe('team message decider: editing and deleting', () => {
  it('lets the author edit for 15 minutes, then not; nobody else edits', () => {
    const edited: TeamChatEvent = { type: 'TeamMessageEdited', data: { messageId: 40, teamId: 3, content: 'Call the Smiths at 4', mentionedUserIds: [], at: minutesLater(15) } };
    given(posted).when(edit(author, 15)).then([edited]);
    given(posted).when(edit(author, 16)).thenRefuses('RuleViolation', 'team_message.edit_window_closed');
    given(posted).when(edit(teammate, 1)).thenRefuses('Forbidden', 'team_message.not_author');
    given(posted).when(edit(manager, 1)).thenRefuses('Forbidden', 'team_message.not_author');
    given(posted).when(edit(outsider, 1)).thenRefuses('Forbidden', 'team.not_member');
    given(posted, deleted).when(edit(author, 2)).thenRefuses('RuleViolation', 'team_message.deleted');
    given().when(edit(author, 1)).thenRefuses('NotFound', 'team_message.not_found');
  });
  it('does nothing for an edit that changes nothing', () => {
    given(posted).when(edit(author, 1, 'Call the Smiths @dana', [6])).then([]);
  });
  it("lets the author delete within the window and the team's manager at any time", () => {
    given(posted).when(remove(author, 10)).then([{ ...deleted, data: { ...deleted.data, at: minutesLater(10) } }]);
    given(posted).when(remove(author, 20)).thenRefuses('RuleViolation', 'team_message.edit_window_closed');
    given(posted).when(remove(manager, 600)).then([{ ...deleted, data: { ...deleted.data, at: minutesLater(600) } }]);
    given(posted).when(remove(teamLead, 1)).thenRefuses('Forbidden', 'team_message.delete_forbidden');
    given(posted).when(remove(teammate, 1)).thenRefuses('Forbidden', 'team_message.delete_forbidden');
    given(posted).when(remove(otherManager, 1)).thenRefuses('Forbidden', 'team.not_member');
    given(posted, deleted).when(remove(manager, 2)).then([]);
  });
  it('keeps a deleted message in its place without its text', () => {
    const state = [posted, deleted].reduce(evolveTeamMessage, initialTeamMessageState());
    expect(state).toMatchObject({ exists: true, id: 40, content: '', mentionedUserIds: [], deletedAt: minutesLater(1) });
  });
});
