import { describe, expect, it } from 'vitest';
import type { Actor, LeadEditCommand } from './commands';
import { LEAD_ID, NOW, ann, bob, by, claimedBy, created, followUp, given, lena, max, otherManager, statusChanged } from './decide-scenario';

// One builder per edit command, so the rules every edit shares are checked for each of them.
const edits = {
  MoveLeadStage: (a: Actor, h?: Actor): LeadEditCommand => ({ type: 'MoveLeadStage', data: { leadId: LEAD_ID, stage: 'proposal' }, meta: by(a, h) }),
  ChangeLeadPriority: (a: Actor, h?: Actor): LeadEditCommand => ({ type: 'ChangeLeadPriority', data: { leadId: LEAD_ID, priority: 'high' }, meta: by(a, h) }),
  ScoreLead: (a: Actor, h?: Actor): LeadEditCommand => ({ type: 'ScoreLead', data: { leadId: LEAD_ID, score: 80 }, meta: by(a, h) }),
  SetLeadTags: (a: Actor, h?: Actor): LeadEditCommand => ({ type: 'SetLeadTags', data: { leadId: LEAD_ID, tags: ['VIP'] }, meta: by(a, h) }),
  ScheduleFollowUp: (a: Actor, h?: Actor): LeadEditCommand => ({
    type: 'ScheduleFollowUp',
    data: { leadId: LEAD_ID, due: '2025-03-05T09:00:00.000Z' },
    meta: by(a, h),
  }),
  ClearFollowUp: (a: Actor, h?: Actor): LeadEditCommand => ({ type: 'ClearFollowUp', data: { leadId: LEAD_ID }, meta: by(a, h) }),
};
const held = [created, claimedBy(ann), followUp('2025-03-04T09:00:00.000Z')];

describe.each(Object.entries(edits))('%s', (_name, edit) => {
  it('changes the lead for its holder', () => {
    given(...held).when(edit(ann)).then([expect.objectContaining({ data: expect.objectContaining({ leadId: LEAD_ID, at: NOW }) })]);
  });

  it("lets a manager of the holder's team make the change", () => {
    given(...held).when(edit(max, ann)).then([expect.objectContaining({ data: expect.objectContaining({ at: NOW }) })]);
  });

  it('stays open to the holder on sold and lost leads (aftercare, win-back)', () => {
    given(...held, statusChanged('claimed', 'sold')).when(edit(ann)).then([expect.anything()]);
    given(...held, statusChanged('claimed', 'lost')).when(edit(ann)).then([expect.anything()]);
  });

  it('refuses teammates, team leads, managers of other teams and unresolved managers', () => {
    for (const [actor, holder] of [[bob, ann], [lena, ann], [otherManager, ann], [max, undefined]] as const) {
      given(...held).when(edit(actor, holder)).then({ kind: 'Forbidden', code: 'lead.not_claimer', details: { claimedBy: ann.id } });
    }
  });

  it('refuses a lead nobody holds', () => {
    given(created).when(edit(ann)).then({ kind: 'RuleViolation', code: 'lead.not_claimed' });
  });

  it('answers not found for an unknown lead', () => {
    given().when(edit(ann)).then({ kind: 'NotFound', code: 'lead.not_found' });
  });
});

const cmd = <T extends LeadEditCommand['type']>(type: T, data: object, actor: Actor = ann) =>
  ({ type, data: { leadId: LEAD_ID, ...data }, meta: by(actor) }) as Extract<LeadEditCommand, { type: T }>;

describe('MoveLeadStage and ChangeLeadPriority', () => {
  it('records where the lead moved from and to', () => {
    given(...held)
      .when(cmd('MoveLeadStage', { stage: 'negotiation' }))
      .then([{ type: 'LeadStageMoved', data: { leadId: LEAD_ID, from: 'new', to: 'negotiation', at: NOW } }]);
    given(...held)
      .when(cmd('ChangeLeadPriority', { priority: 'low' }))
      .then([{ type: 'LeadPriorityChanged', data: { leadId: LEAD_ID, from: 'medium', to: 'low', at: NOW } }]);
  });

  it('is a no-op for the current stage or priority (a drop in the same column)', () => {
    given(...held).when(cmd('MoveLeadStage', { stage: 'new' })).then([]);
    given(...held).when(cmd('ChangeLeadPriority', { priority: 'medium' })).then([]);
  });
});

describe('ScoreLead', () => {
  const scored = (score: number) => [{ type: 'LeadScored' as const, data: { leadId: LEAD_ID, score, at: NOW } }];

  it('rounds to an integer and clamps to 0..100', () => {
    given(...held).when(cmd('ScoreLead', { score: 72.5 })).then(scored(73));
    given(...held).when(cmd('ScoreLead', { score: 140 })).then(scored(100));
    given(...held).when(cmd('ScoreLead', { score: -3 })).then(scored(0));
  });

  it('records a first score of 0: never scored is not the same as scored 0', () => {
    given(...held).when(cmd('ScoreLead', { score: 0 })).then(scored(0));
  });

  it('is a no-op when the normalized score equals the current one', () => {
    const s = { type: 'LeadScored' as const, data: { leadId: LEAD_ID, score: 100, at: NOW } };
    given(...held, s).when(cmd('ScoreLead', { score: 100 })).then([]);
    given(...held, s).when(cmd('ScoreLead', { score: 250 })).then([]);
  });

  it('rejects a score that is not a number', () => {
    given(...held).when(cmd('ScoreLead', { score: Number.NaN })).then({ kind: 'RuleViolation', code: 'lead.invalid_score' });
  });
});

describe('SetLeadTags', () => {
  const tagged = (tags: string[]) => [{ type: 'LeadTagsChanged' as const, data: { leadId: LEAD_ID, tags, at: NOW } }];

  it('trims, drops empties and duplicates (ignoring case), keeping first-seen order and spelling', () => {
    given(...held)
      .when(cmd('SetLeadTags', { tags: ['  Hot Lead ', '', 'VIP', '   ', 'vip', 'Hot Lead', 'Ready to Buy'] }))
      .then(tagged(['Hot Lead', 'VIP', 'Ready to Buy']));
  });

  it('clears all tags with an empty list', () => {
    given(...held, ...tagged(['VIP'])).when(cmd('SetLeadTags', { tags: [] })).then(tagged([]));
  });

  it('treats a reorder as a change: the card shows the first two', () => {
    given(...held, ...tagged(['VIP', 'Hot Lead'])).when(cmd('SetLeadTags', { tags: ['Hot Lead', 'VIP'] })).then(tagged(['Hot Lead', 'VIP']));
  });

  it('is a no-op when the cleaned list equals the current one', () => {
    given(...held, ...tagged(['VIP', 'Hot Lead'])).when(cmd('SetLeadTags', { tags: [' VIP', 'Hot Lead', 'vip '] })).then([]);
    given(...held).when(cmd('SetLeadTags', { tags: ['  ', ''] })).then([]);
  });
});

describe('ScheduleFollowUp and ClearFollowUp', () => {
  it('stores the due instant in UTC, accepting past instants ("Today", logging after the fact)', () => {
    given(created, claimedBy(ann))
      .when(cmd('ScheduleFollowUp', { due: '2025-03-05T11:00:00+02:00' }))
      .then([{ type: 'FollowUpScheduled', data: { leadId: LEAD_ID, due: '2025-03-05T09:00:00.000Z', at: NOW } }]);
    given(created, claimedBy(ann))
      .when(cmd('ScheduleFollowUp', { due: '2025-01-01T00:00:00.000Z' }))
      .then([{ type: 'FollowUpScheduled', data: { leadId: LEAD_ID, due: '2025-01-01T00:00:00.000Z', at: NOW } }]);
  });

  it('is a no-op for the same instant, however it is written', () => {
    given(...held).when(cmd('ScheduleFollowUp', { due: '2025-03-04T10:00:00+01:00' })).then([]);
  });

  it('rejects a due date that is not a date', () => {
    given(...held).when(cmd('ScheduleFollowUp', { due: 'next tuesday' })).then({ kind: 'RuleViolation', code: 'lead.invalid_follow_up' });
  });

  it('clears a scheduled follow-up, and is a no-op when none is set', () => {
    given(...held).when(cmd('ClearFollowUp', {})).then([{ type: 'FollowUpCleared', data: { leadId: LEAD_ID, at: NOW } }]);
    given(created, claimedBy(ann)).when(cmd('ClearFollowUp', {})).then([]);
  });
});
