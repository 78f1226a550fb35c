import type { FunnelEvent } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import type { UserActor } from '../users/commands';
import { decideFunnel, type FunnelCommand } from './decide-funnel';
import { funnelSlugKeys } from './funnel-aggregate';
import { evolveFunnel, initialFunnelState } from './funnel-state';

const now = '2026-03-01T10:00:00.000Z';
const owner: UserActor = { id: 7, role: 'agent', teamId: 3 };
const other: UserActor = { id: 8, role: 'agent', teamId: 3 };
const manager: UserActor = { id: 1, role: 'manager', teamId: null };
const h = (c: string) => c.repeat(64);
const by = 7;

const created: FunnelEvent = { type: 'FunnelCreated', data: { funnelId: 5, name: 'Webinar', description: '', slug: 'webinar', leadType: 'finance', ownerId: 7, at: now } };
const optIn: FunnelEvent = { type: 'FunnelStepAdded', data: { funnelId: 5, stepId: 1, name: 'Opt-in', path: 'join', position: 0, by, at: now } };
const thanks: FunnelEvent = { type: 'FunnelStepAdded', data: { funnelId: 5, stepId: 2, name: 'Thank you', path: 'thanks', position: 1, by, at: now } };
const draft = (stepId: number, hash: string, variant: 'A' | 'B' = 'A'): FunnelEvent =>
  ({ type: 'FunnelDraftSaved', data: { funnelId: 5, stepId, variant, hash, by, at: now } });
const steps = [{ stepId: 1, name: 'Opt-in', path: 'join' }, { stepId: 2, name: 'Thank you', path: 'thanks' }];
const published = (version: number, pages: { stepId: number; variant: 'A' | 'B'; hash: string }[], onSteps = steps): FunnelEvent =>
  ({ type: 'FunnelPublished', data: { funnelId: 5, publishedVersion: version, slug: 'webinar', title: 'Webinar', steps: onSteps, pages, by, at: now } });
const live = [created, optIn, thanks, draft(1, h('a')), draft(2, h('b')), published(1, [{ stepId: 1, variant: 'A', hash: h('a') }, { stepId: 2, variant: 'A', hash: h('b') }])];
const withB = [...live, draft(1, h('c'), 'B'), published(2, [{ stepId: 1, variant: 'A', hash: h('a') }, { stepId: 1, variant: 'B', hash: h('c') }, { stepId: 2, variant: 'A', hash: h('b') }])];
const testing = [...withB, { type: 'FunnelSplitTestStarted', data: { funnelId: 5, stepId: 1, weights: { A: 50, B: 50 }, by, at: now } } as FunnelEvent];

const given = (...events: FunnelEvent[]) => ({
  when: (c: FunnelCommand) => {
    const state = events.reduce(evolveFunnel, initialFunnelState());
    return {
      then: (expected: FunnelEvent[]) => expect(decideFunnel(c, state)).toEqual(expected),
      thenRefuses: (kind: string, code: string) => expect(() => decideFunnel(c, state)).toThrow(expect.objectContaining({ kind, code })),
    };
  },
});
const cmd = <T extends FunnelCommand['type']>(type: T, data: Extract<FunnelCommand, { type: T }>['data'], actor: UserActor = owner) =>
  ({ type, data, meta: { now, actor } }) as FunnelCommand;

describe('funnel decider: details and steps', () => {
  it('creates a funnel owned by the person who made it, once', () => {
    given().when(cmd('CreateFunnel', { funnelId: 5, name: 'Webinar', description: '', slug: 'webinar', leadType: 'finance' })).then([created]);
    given(created).when(cmd('CreateFunnel', { funnelId: 5, name: 'Webinar', description: '', slug: 'webinar', leadType: 'finance' })).thenRefuses('RuleViolation', 'funnel.already_exists');
  });
  it('lets the owner and managers edit, nobody else', () => {
    const edit = (actor: UserActor) => cmd('EditFunnelDetails', { name: 'Masterclass' }, actor);
    const edited = (b: number): FunnelEvent => ({ type: 'FunnelDetailsEdited', data: { funnelId: 5, changes: { name: 'Masterclass' }, by: b, at: now } });
    given(created).when(edit(owner)).then([edited(7)]);
    given(created).when(edit(manager)).then([edited(1)]);
    given(created).when(edit(other)).thenRefuses('Forbidden', 'funnel.not_owner');
    given().when(edit(owner)).thenRefuses('NotFound', 'funnel.not_found');
  });
  it('records only the details that change', () => {
    given(created).when(cmd('EditFunnelDetails', { name: 'Webinar', slug: 'webinar' })).then([]);
  });
  it('claims the slug it is made with and each new one', () => {
    expect(funnelSlugKeys.claimKeys([created])).toEqual([{ scope: 'funnel_slug', key: 'webinar' }]);
    const state = [created].reduce(evolveFunnel, initialFunnelState());
    expect(funnelSlugKeys.claimKeys(decideFunnel(cmd('EditFunnelDetails', { slug: 'masterclass' }), state))).toEqual([{ scope: 'funnel_slug', key: 'masterclass' }]);
    expect(funnelSlugKeys.claimKeys(decideFunnel(cmd('EditFunnelDetails', { name: 'X' }), state))).toEqual([]);
  });
  it('adds steps at the end with a fresh id, paths unique in the funnel', () => {
    given(created).when(cmd('AddFunnelStep', { name: 'Opt-in', path: 'join' })).then([optIn]);
    given(created, optIn).when(cmd('AddFunnelStep', { name: 'Thank you', path: 'thanks' })).then([thanks]);
    given(created, optIn).when(cmd('AddFunnelStep', { name: 'Again', path: 'join' })).thenRefuses('RuleViolation', 'funnel.path_taken');
  });
  it('renames a step, refusing a path another step has', () => {
    given(created, optIn, thanks).when(cmd('EditFunnelStep', { stepId: 2, name: 'Thanks!' }))
      .then([{ type: 'FunnelStepRenamed', data: { funnelId: 5, stepId: 2, name: 'Thanks!', path: 'thanks', by, at: now } }]);
    given(created, optIn, thanks).when(cmd('EditFunnelStep', { stepId: 2, path: 'join' })).thenRefuses('RuleViolation', 'funnel.path_taken');
    given(created, optIn, thanks).when(cmd('EditFunnelStep', { stepId: 9, name: 'x' })).thenRefuses('NotFound', 'funnel.step_not_found');
  });
  it('moves a step within the order; a move to where it is changes nothing', () => {
    given(created, optIn, thanks).when(cmd('MoveFunnelStep', { stepId: 2, position: 0 }))
      .then([{ type: 'FunnelStepMoved', data: { funnelId: 5, stepId: 2, from: 1, to: 0, by, at: now } }]);
    given(created, optIn, thanks).when(cmd('MoveFunnelStep', { stepId: 2, position: 50 })).then([]);
    const moved = [created, optIn, thanks, { type: 'FunnelStepMoved', data: { funnelId: 5, stepId: 2, from: 1, to: 0, by, at: now } } as FunnelEvent]
      .reduce(evolveFunnel, initialFunnelState());
    expect(moved.exists && moved.steps.map((s) => s.id)).toEqual([2, 1]);
  });
  it('removes a step, but a published funnel keeps one', () => {
    given(created, optIn).when(cmd('RemoveFunnelStep', { stepId: 1 })).then([{ type: 'FunnelStepRemoved', data: { funnelId: 5, stepId: 1, by, at: now } }]);
    given(created, optIn, draft(1, h('a')), published(1, [{ stepId: 1, variant: 'A', hash: h('a') }], steps.slice(0, 1)))
      .when(cmd('RemoveFunnelStep', { stepId: 1 })).thenRefuses('RuleViolation', 'funnel.last_step');
  });
  it('saves a draft by its hash; saving the same page again changes nothing', () => {
    given(created, optIn).when(cmd('SaveFunnelDraft', { stepId: 1, variant: 'A', hash: h('a') })).then([draft(1, h('a'))]);
    given(created, optIn, draft(1, h('a'))).when(cmd('SaveFunnelDraft', { stepId: 1, variant: 'A', hash: h('a') })).then([]);
  });
});

describe('funnel decider: publishing and life', () => {
  it('publishes every saved page in step order and goes live', () => {
    given(created, optIn, thanks, draft(1, h('a')), draft(2, h('b'))).when(cmd('PublishFunnel', {}))
      .then([published(1, [{ stepId: 1, variant: 'A', hash: h('a') }, { stepId: 2, variant: 'A', hash: h('b') }])]);
    const state = live.reduce(evolveFunnel, initialFunnelState());
    expect(state.exists && state.status).toBe('active');
  });
  it('refuses to publish a step without a page, or a funnel without steps', () => {
    given(created, optIn, thanks, draft(1, h('a'))).when(cmd('PublishFunnel', {})).thenRefuses('RuleViolation', 'funnel.step_without_page');
    given(created).when(cmd('PublishFunnel', {})).thenRefuses('RuleViolation', 'funnel.no_steps');
  });
  it('does not publish again when nothing changed', () => {
    given(...live).when(cmd('PublishFunnel', {})).then([]);
    given(...live, draft(2, h('d'))).when(cmd('PublishFunnel', {}))
      .then([published(2, [{ stepId: 1, variant: 'A', hash: h('a') }, { stepId: 2, variant: 'A', hash: h('d') }])]);
  });
  it('pauses only a published funnel, resumes a paused one, and an archived one changes no more', () => {
    given(created).when(cmd('PauseFunnel', {})).thenRefuses('RuleViolation', 'funnel.not_published');
    given(...live).when(cmd('PauseFunnel', {})).then([{ type: 'FunnelPaused', data: { funnelId: 5, by, at: now } }]);
    const paused = { type: 'FunnelPaused', data: { funnelId: 5, by, at: now } } as FunnelEvent;
    given(...live, paused).when(cmd('PauseFunnel', {})).then([]);
    given(...live, paused).when(cmd('ResumeFunnel', {})).then([{ type: 'FunnelResumed', data: { funnelId: 5, by, at: now } }]);
    given(...live).when(cmd('ResumeFunnel', {})).then([]);
    const archived = { type: 'FunnelArchived', data: { funnelId: 5, by, at: now } } as FunnelEvent;
    given(...live).when(cmd('ArchiveFunnel', {})).then([archived]);
    given(...live, archived).when(cmd('ResumeFunnel', {})).thenRefuses('RuleViolation', 'funnel.archived');
    given(...live, archived).when(cmd('AddFunnelStep', { name: 'x', path: 'x' })).thenRefuses('RuleViolation', 'funnel.archived');
  });
});

describe('funnel decider: split tests', () => {
  it('starts a test of published variants with weights summing to 100', () => {
    given(...withB).when(cmd('StartSplitTest', { stepId: 1, weights: { A: 50, B: 50 } })).then([testing.at(-1)!]);
    given(...withB).when(cmd('StartSplitTest', { stepId: 1, weights: { A: 50, B: 40 } })).thenRefuses('RuleViolation', 'funnel.bad_weights');
    given(...withB).when(cmd('StartSplitTest', { stepId: 1, weights: { B: 100 } })).thenRefuses('RuleViolation', 'funnel.bad_weights');
    given(...live, draft(1, h('c'), 'B')).when(cmd('StartSplitTest', { stepId: 1, weights: { A: 50, B: 50 } }))
      .thenRefuses('RuleViolation', 'funnel.variant_not_published');
    given(...testing).when(cmd('StartSplitTest', { stepId: 1, weights: { A: 50, B: 50 } })).thenRefuses('RuleViolation', 'funnel.split_test_running');
  });
  it('changes the weights of a running test; the same weights change nothing', () => {
    given(...testing).when(cmd('ChangeSplitTest', { stepId: 1, weights: { A: 30, B: 70 } }))
      .then([{ type: 'FunnelSplitTestChanged', data: { funnelId: 5, stepId: 1, weights: { A: 30, B: 70 }, by, at: now } }]);
    given(...testing).when(cmd('ChangeSplitTest', { stepId: 1, weights: { A: 50, B: 50 } })).then([]);
    given(...withB).when(cmd('ChangeSplitTest', { stepId: 1, weights: { A: 30, B: 70 } })).thenRefuses('RuleViolation', 'funnel.no_split_test');
  });
  it("ends a test by promoting the winner's page to the step's own", () => {
    const ended: FunnelEvent = { type: 'FunnelSplitTestEnded', data: { funnelId: 5, stepId: 1, winner: 'B', promotedHash: h('c'), by, at: now } };
    given(...testing).when(cmd('EndSplitTest', { stepId: 1, winner: 'B' })).then([ended]);
    given(...testing).when(cmd('EndSplitTest', { stepId: 1, winner: 'C' })).thenRefuses('RuleViolation', 'funnel.not_in_split_test');
    const after = [...testing, ended].reduce(evolveFunnel, initialFunnelState());
    expect(after.exists && after.steps[0]).toMatchObject({ splitTest: null, drafts: { A: h('c') }, published: { A: h('c') } });
    // The promoted page is what the next publish keeps: nothing to publish.
    given(...testing, ended).when(cmd('PublishFunnel', {})).then([]);
  });
});
