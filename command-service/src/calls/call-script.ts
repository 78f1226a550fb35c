import { defaultCallScript, streamIdOf, type CallEvent, type ScriptCheckpoint } from '@leadfloor/events';
import type { Actor } from '../leads/commands';
import { Forbidden, NotFound } from '../shared/domain-error';
import { managesTeam, type ManagedTeam } from '../shared/manages-team';
import type { Aggregate } from '../shared/handle-command';

/** A team's call script: its checkpoints and how many times it was written (0: the default). */
export type CallScript = { teamId: number | null; version: number; checkpoints: ScriptCheckpoint[]; updatedAt: string | null };

export type UpdateCallScript = {
  type: 'UpdateCallScript';
  data: { checkpoints: { label: string; phrases: string[] }[] };
  /** `team`: the team whose script this is, looked up by the caller (null: no such team). */
  meta: { now: string; actor: Actor; team: ManagedTeam | null };
};

export const callScriptStream = (teamId: number) => streamIdOf('callscript', teamId);

export function evolveCallScript(s: CallScript, e: CallEvent): CallScript {
  return e.type === 'CallScriptUpdated'
    ? { teamId: e.data.teamId, version: s.version + 1, checkpoints: e.data.checkpoints, updatedAt: e.data.at }
    : s;
}

const slug = (label: string, i: number) =>
  `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'checkpoint'}-${i + 1}`;

/** Phrases are trimmed, lower-cased, de-duplicated; an edit that changes nothing appends nothing. */
export function decideCallScript(c: UpdateCallScript, s: CallScript): CallEvent[] {
  const { team, actor, now } = c.meta;
  if (!team) throw new NotFound('team.not_found', 'No such team.');
  if (!managesTeam(actor, team)) throw new Forbidden('call_script.manager_only', "Only a manager of this team can edit its call script.");
  const checkpoints = c.data.checkpoints.map((cp, i) => ({
    id: slug(cp.label, i),
    label: cp.label.trim(),
    phrases: [...new Set(cp.phrases.map((p) => p.trim().toLowerCase()).filter((p) => p !== ''))],
  }));
  if (s.version > 0 && JSON.stringify(checkpoints) === JSON.stringify(s.checkpoints)) return [];
  return [{ type: 'CallScriptUpdated', data: { teamId: team.id, checkpoints, by: actor.id, at: now } }];
}

export const callScriptAggregate: Aggregate<CallScript, UpdateCallScript, CallEvent> = {
  streamType: 'callscript',
  initialState: () => ({ teamId: null, version: 0, checkpoints: [...defaultCallScript], updatedAt: null }),
  evolve: evolveCallScript,
  decide: decideCallScript,
};
