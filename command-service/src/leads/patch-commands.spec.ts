import { describe, expect, it } from 'vitest';
import { commandsFromPatch } from './patch-commands';

const meta = { now: '2026-01-01T00:00:00.000Z', actor: { id: 7, role: 'agent', teamId: null } };

describe('commandsFromPatch', () => {
  it('maps a claim body to a claim by the signed-in user, ignoring the sent claimedBy', () => {
    const cmds = commandsFromPatch(5, { status: 'claimed', claimedBy: 1 }, meta);
    expect(cmds).toEqual([{ type: 'ClaimLead', data: { leadId: 5 }, meta }]);
  });

  it('maps each field of a partial lead to its command in a fixed order', () => {
    const cmds = commandsFromPatch(5, { tags: ['VIP'], stage: 'proposal', score: 80, priority: 'high', status: 'contacted' }, meta);
    expect(cmds.map((c) => c.type)).toEqual(['ChangeLeadStatus', 'MoveLeadStage', 'ChangeLeadPriority', 'ScoreLead', 'SetLeadTags']);
  });

  it('clears the follow-up on null and schedules it on a date', () => {
    expect(commandsFromPatch(5, { nextFollowUp: null }, meta)[0]!.type).toBe('ClearFollowUp');
    expect(commandsFromPatch(5, { nextFollowUp: '2026-02-01T10:00:00Z' }, meta)[0]).toMatchObject({
      type: 'ScheduleFollowUp', data: { due: '2026-02-01T10:00:00Z' } });
  });
});
