import type { TeamChatEvent } from '@leadfloor/events';
import { streamIdOf } from '@leadfloor/events';
import { TEAM_MESSAGE_EDIT_WINDOW_MINUTES, TEAM_MESSAGE_MAX } from '@leadfloor/contracts';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import type { Aggregate } from '../shared/handle-command';
import { isOnTeam, managesTeam, type ManagedTeam } from '../shared/manages-team';

export type TeamMessage = {
  id: number; teamId: number; authorId: number; content: string; mentionedUserIds: number[];
  createdAt: string; editedAt: string | null; deletedAt: string | null;
};
export type TeamMessageState = { exists: false } | ({ exists: true } & TeamMessage);

/** `team`: the message's team as the route found it (null when there is no such team). */
type Meta = { now: string; actor: Actor; team: ManagedTeam | null };
export type TeamMessageCommand =
  | { type: 'PostTeamMessage'; data: { messageId: number; teamId: number; content: string; mentionedUserIds: number[] }; meta: Meta }
  | { type: 'EditTeamMessage'; data: { content: string; mentionedUserIds: number[] }; meta: Meta }
  | { type: 'DeleteTeamMessage'; data: Record<string, never>; meta: Meta };

export const initialTeamMessageState = (): TeamMessageState => ({ exists: false });

export function evolveTeamMessage(s: TeamMessageState, e: TeamChatEvent): TeamMessageState {
  switch (e.type) {
    case 'TeamMessagePosted': {
      const d = e.data;
      return { exists: true, id: d.messageId, teamId: d.teamId, authorId: d.authorId, content: d.content, mentionedUserIds: d.mentionedUserIds, createdAt: d.at, editedAt: null, deletedAt: null };
    }
    case 'TeamMessageEdited':
      return s.exists ? { ...s, content: e.data.content, mentionedUserIds: e.data.mentionedUserIds, editedAt: e.data.at } : s;
    case 'TeamMessageDeleted':
      return s.exists ? { ...s, content: '', mentionedUserIds: [], deletedAt: e.data.at } : s;
  }
}

const EDIT_WINDOW_MS = TEAM_MESSAGE_EDIT_WINDOW_MINUTES * 60_000;
const withinWindow = (m: TeamMessage, now: string) => Date.parse(now) - Date.parse(m.createdAt) <= EDIT_WINDOW_MS;

function checkContent(content: string) {
  if (content.trim().length === 0) throw new RuleViolation('team_message.empty', 'Write a message first.');
  if (content.length > TEAM_MESSAGE_MAX) throw new RuleViolation('team_message.too_long', `A message can be at most ${TEAM_MESSAGE_MAX.toLocaleString('en-US')} characters.`);
}

const notOnTeam = () => new Forbidden('team.not_member', "Only this team's members and its manager can read and post in its chat.");

/**
 * A team's chat belongs to its members and its manager: only they post. An author edits their
 * message, or deletes it, for 15 minutes after posting it (while still on the team); the
 * team's manager may delete any message at any time. A deleted message keeps its place in the
 * conversation with its text gone.
 */
export function decideTeamMessage(c: TeamMessageCommand, s: TeamMessageState): TeamChatEvent[] {
  const { now: at, actor, team } = c.meta;
  if (c.type === 'PostTeamMessage') {
    if (!team) throw new NotFound('team.not_found', 'No such team.');
    if (!isOnTeam(actor, team)) throw notOnTeam();
    if (s.exists) throw new RuleViolation('team_message.exists', 'This message was already posted.');
    checkContent(c.data.content);
    return [{ type: 'TeamMessagePosted', data: { ...c.data, teamId: team.id, authorId: actor.id, mentionedUserIds: c.data.mentionedUserIds.filter((id) => id !== actor.id), at } }];
  }
  if (!s.exists) throw new NotFound('team_message.not_found', 'No such message.');
  if (!team || !isOnTeam(actor, team)) throw notOnTeam();
  const mine = s.authorId === actor.id;
  switch (c.type) {
    case 'EditTeamMessage': {
      if (s.deletedAt) throw new RuleViolation('team_message.deleted', 'This message was deleted.');
      if (!mine) throw new Forbidden('team_message.not_author', 'Only its author can edit a message.');
      if (!withinWindow(s, at)) {
        throw new RuleViolation('team_message.edit_window_closed', `Messages can only be edited for ${TEAM_MESSAGE_EDIT_WINDOW_MINUTES} minutes after posting.`);
      }
      checkContent(c.data.content);
      if (c.data.content === s.content) return [];
      return [{ type: 'TeamMessageEdited', data: { messageId: s.id, teamId: s.teamId, ...c.data, mentionedUserIds: c.data.mentionedUserIds.filter((id) => id !== actor.id), at } }];
    }
    case 'DeleteTeamMessage': {
      if (s.deletedAt) return [];
      if (!managesTeam(actor, team)) {
        if (!mine) throw new Forbidden('team_message.delete_forbidden', "Only its author or the team's manager can delete a message.");
        if (!withinWindow(s, at)) {
          throw new RuleViolation('team_message.edit_window_closed', `Messages can only be deleted for ${TEAM_MESSAGE_EDIT_WINDOW_MINUTES} minutes after posting.`);
        }
      }
      return [{ type: 'TeamMessageDeleted', data: { messageId: s.id, teamId: s.teamId, at } }];
    }
  }
}

export const teamMessageAggregate: Aggregate<TeamMessageState, TeamMessageCommand, TeamChatEvent> = {
  streamType: 'team_message', initialState: initialTeamMessageState, evolve: evolveTeamMessage, decide: decideTeamMessage,
};
export const teamMessageStream = (id: number) => streamIdOf('team_message', id);
