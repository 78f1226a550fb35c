import { defaultCallScript, type CallEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../leads/commands';
import { callScriptAggregate, type UpdateCallScript } from './call-script';

const NOW = '2026-03-02T10:00:00.000Z';
const max: Actor = { id: 100, role: 'manager', teamId: 10 };
const team = { id: 10, managerId: 100 };
const update = (actor: Actor, checkpoints: UpdateCallScript['data']['checkpoints'], t: typeof team | null = team): UpdateCallScript =>
  ({ type: 'UpdateCallScript', data: { checkpoints }, meta: { now: NOW, actor, team: t } });
const decide = (history: CallEvent[], c: UpdateCallScript) =>
  callScriptAggregate.decide(c, history.reduce(callScriptAggregate.evolve, callScriptAggregate.initialState()));

describe('call script', () => {
  it('starts as the default script, version 0', () => {
    expect(callScriptAggregate.initialState()).toMatchObject({ version: 0, checkpoints: defaultCallScript });
  });

  it('lets a manager of the team write it, with phrases trimmed, lower-cased and de-duplicated', () => {
    const events = decide([], update(max, [{ label: ' Mention the warranty ', phrases: ['Warranty ', 'warranty', ''] }]));
    expect(events).toEqual([{ type: 'CallScriptUpdated', data: {
      teamId: 10, by: 100, at: NOW, checkpoints: [{ id: 'mention-the-warranty-1', label: 'Mention the warranty', phrases: ['warranty'] }],
    } }]);
    expect(decide(events, update(max, [{ label: 'Mention the warranty', phrases: ['warranty'] }]))).toEqual([]);
  });

  it("lets the manager the team names act even from another team, and refuses agents, team leads and other managers", () => {
    expect(decide([], update({ id: 100, role: 'manager', teamId: 99 }, [{ label: 'x', phrases: ['y'] }]))).toHaveLength(1);
    for (const actor of [{ id: 1, role: 'agent', teamId: 10 }, { id: 2, role: 'teamLead', teamId: 10 }, { id: 3, role: 'manager', teamId: 20 }]) {
      expect(() => decide([], update(actor, [{ label: 'x', phrases: ['y'] }]))).toThrow(expect.objectContaining({ kind: 'Forbidden', code: 'call_script.manager_only' }));
    }
  });

  it('answers not found for an unknown team', () => {
    expect(() => decide([], update(max, [{ label: 'x', phrases: ['y'] }], null))).toThrow(expect.objectContaining({ kind: 'NotFound' }));
  });
});
