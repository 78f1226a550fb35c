import type { FunnelEvent, FunnelVariantKey, LeadType } from '@leadfloor/events';
import { z } from 'zod';
import { Forbidden, NotFound, RuleViolation } from '../shared/domain-error';
import { isSystem, type UserActor } from '../users/commands';
import type { Funnel, FunnelState, FunnelStepState, FunnelWeights } from './funnel-state';

type Meta = { now: string; actor: UserActor };
type Cmd<T extends string, D> = { type: T; data: D; meta: Meta };
type Metadata = {
  businessName: string; industry: string; targetAudience: string; productFeatures: string;
  valueProposition: string; specialOffers: string; brandVoice: string; ctaGoals: string;
};
export type FunnelCommand =
  | Cmd<'CreateFunnel', { funnelId: number; name: string; description: string; slug: string; leadType: LeadType }>
  | Cmd<'EditFunnelDetails', { name?: string; description?: string; slug?: string; leadType?: LeadType }>
  | Cmd<'EditFunnelMetadata', { metadata: Metadata }>
  | Cmd<'AddFunnelStep', { name: string; path: string }>
  | Cmd<'EditFunnelStep', { stepId: number; name?: string; path?: string }>
  | Cmd<'MoveFunnelStep', { stepId: number; position: number }>
  | Cmd<'RemoveFunnelStep', { stepId: number }>
  | Cmd<'SaveFunnelDraft', { stepId: number; variant: FunnelVariantKey; hash: string }>
  | Cmd<'PublishFunnel', Record<string, never>>
  | Cmd<'StartSplitTest', { stepId: number; weights: FunnelWeights }>
  | Cmd<'ChangeSplitTest', { stepId: number; weights: FunnelWeights }>
  | Cmd<'EndSplitTest', { stepId: number; winner: FunnelVariantKey }>
  | Cmd<'PauseFunnel', Record<string, never>>
  | Cmd<'ResumeFunnel', Record<string, never>>
  | Cmd<'ArchiveFunnel', Record<string, never>>;

/** The most steps one funnel may have. */
export const MAX_FUNNEL_STEPS = 20;
const VARIANTS: readonly FunnelVariantKey[] = ['A', 'B', 'C', 'D'];

const WeightsSchema = z.partialRecord(z.enum(['A', 'B', 'C', 'D']), z.number().int().min(1).max(99));
const sameWeights = (a: FunnelWeights, b: FunnelWeights) => VARIANTS.every((v) => a[v] === b[v]);

/** The owner of a funnel and the floor's managers work on it; the system (the demo seed) too. */
const mayEdit = (actor: UserActor, f: Funnel) => isSystem(actor) || actor.role === 'manager' || actor.id === f.ownerId;

function editable(s: FunnelState, actor: UserActor): Funnel {
  if (!s.exists) throw new NotFound('funnel.not_found', 'No such funnel.');
  if (!mayEdit(actor, s)) throw new Forbidden('funnel.not_owner', 'Only the funnel\'s owner or a manager can change it.');
  if (s.status === 'archived') throw new RuleViolation('funnel.archived', 'This funnel is archived.');
  return s;
}

function stepOf(f: Funnel, stepId: number): FunnelStepState {
  const step = f.steps.find((x) => x.id === stepId);
  if (!step) throw new NotFound('funnel.step_not_found', 'No such step in this funnel.');
  return step;
}

function pathFree(f: Funnel, path: string, stepId?: number) {
  if (f.steps.some((x) => x.path === path && x.id !== stepId)) {
    throw new RuleViolation('funnel.path_taken', `Another step of this funnel already has the path "${path}".`, { field: 'path' });
  }
}

/** Weights are whole numbers summing to 100, A among them, each variant already published on the step. */
function checkWeights(step: FunnelStepState, weights: FunnelWeights) {
  const parsed = WeightsSchema.safeParse(weights);
  const keys = Object.keys(weights) as FunnelVariantKey[];
  const sum = keys.reduce((t, k) => t + (weights[k] ?? 0), 0);
  if (!parsed.success || weights.A === undefined || keys.length < 2 || sum !== 100) {
    throw new RuleViolation('funnel.bad_weights', 'Give A and at least one other variant whole-number weights adding up to 100.', { field: 'weights' });
  }
  const unpublished = keys.filter((k) => !step.published[k]);
  if (unpublished.length > 0) {
    throw new RuleViolation('funnel.variant_not_published', `Publish variant ${unpublished.join(', ')} of this step first.`, { variants: unpublished });
  }
}

/** What a publish puts live: every saved page of every step, in step order. */
export function pagesToPublish(f: Funnel) {
  return f.steps.flatMap((step) => VARIANTS.flatMap((v) => {
    const hash = step.drafts[v];
    return hash ? [{ stepId: step.id, variant: v, hash }] : [];
  }));
}

/**
 * A funnel's rules. Only its owner or a manager changes it; an archived funnel changes no more.
 * Step paths are unique in the funnel. A publish needs a page for every step (variant A) and
 * is a no-op when nothing changed since the last one. A split test compares published variants
 * of one step with whole-number weights summing to 100; ending it promotes the winner's page to
 * the step's own, live at once. Only a published funnel can be paused.
 */
export function decideFunnel(c: FunnelCommand, s: FunnelState): FunnelEvent[] {
  const { now: at, actor } = c.meta;
  const by = actor.id;
  if (c.type === 'CreateFunnel') {
    if (s.exists) throw new RuleViolation('funnel.already_exists', 'This funnel already exists.');
    if (isSystem(actor)) throw new Forbidden('funnel.owner_required', 'A funnel is made by a person.');
    return [{ type: 'FunnelCreated', data: { ...c.data, ownerId: actor.id, at } }];
  }
  const f = editable(s, actor);
  const funnelId = f.id;
  switch (c.type) {
    case 'EditFunnelDetails': {
      const changes = Object.fromEntries(Object.entries(c.data).filter(([k, v]) => v !== undefined && f[k as keyof Funnel] !== v));
      return Object.keys(changes).length === 0 ? [] : [{ type: 'FunnelDetailsEdited', data: { funnelId, changes, by, at } }];
    }
    case 'EditFunnelMetadata':
      return [{ type: 'FunnelMetadataEdited', data: { funnelId, metadata: c.data.metadata, by, at } }];
    case 'AddFunnelStep': {
      if (f.steps.length >= MAX_FUNNEL_STEPS) throw new RuleViolation('funnel.too_many_steps', `A funnel has at most ${MAX_FUNNEL_STEPS} steps.`);
      pathFree(f, c.data.path);
      return [{ type: 'FunnelStepAdded', data: { funnelId, stepId: f.nextStepId, name: c.data.name, path: c.data.path, position: f.steps.length, by, at } }];
    }
    case 'EditFunnelStep': {
      const step = stepOf(f, c.data.stepId);
      const name = c.data.name ?? step.name;
      const path = c.data.path ?? step.path;
      if (name === step.name && path === step.path) return [];
      pathFree(f, path, step.id);
      return [{ type: 'FunnelStepRenamed', data: { funnelId, stepId: step.id, name, path, by, at } }];
    }
    case 'MoveFunnelStep': {
      const step = stepOf(f, c.data.stepId);
      const from = f.steps.indexOf(step);
      const to = Math.min(c.data.position, f.steps.length - 1);
      return from === to ? [] : [{ type: 'FunnelStepMoved', data: { funnelId, stepId: step.id, from, to, by, at } }];
    }
    case 'RemoveFunnelStep': {
      const step = stepOf(f, c.data.stepId);
      if (f.status !== 'draft' && f.steps.length === 1) {
        throw new RuleViolation('funnel.last_step', 'A published funnel keeps at least one step.');
      }
      return [{ type: 'FunnelStepRemoved', data: { funnelId, stepId: step.id, by, at } }];
    }
    case 'SaveFunnelDraft': {
      const step = stepOf(f, c.data.stepId);
      if (step.drafts[c.data.variant] === c.data.hash) return [];
      return [{ type: 'FunnelDraftSaved', data: { funnelId, stepId: step.id, variant: c.data.variant, hash: c.data.hash, by, at } }];
    }
    case 'PublishFunnel': {
      if (f.steps.length === 0) throw new RuleViolation('funnel.no_steps', 'Add a step before publishing.');
      const missing = f.steps.filter((step) => !step.drafts.A);
      if (missing.length > 0) {
        throw new RuleViolation('funnel.step_without_page', `Build the page of ${missing.map((m) => `"${m.name}"`).join(', ')} first.`, { stepIds: missing.map((m) => m.id) });
      }
      const pages = pagesToPublish(f);
      const unchanged = f.publishedVersion > 0 && f.steps.every((step) => VARIANTS.every((v) => step.drafts[v] === step.published[v]));
      if (unchanged) return [];
      const steps = f.steps.map((step) => ({ stepId: step.id, name: step.name, path: step.path }));
      return [{ type: 'FunnelPublished', data: { funnelId, publishedVersion: f.publishedVersion + 1, slug: f.slug, title: f.name, steps, pages, by, at } }];
    }
    case 'StartSplitTest': {
      const step = stepOf(f, c.data.stepId);
      if (step.splitTest) throw new RuleViolation('funnel.split_test_running', 'This step already has a split test; change or end it.');
      checkWeights(step, c.data.weights);
      return [{ type: 'FunnelSplitTestStarted', data: { funnelId, stepId: step.id, weights: c.data.weights, by, at } }];
    }
    case 'ChangeSplitTest': {
      const step = stepOf(f, c.data.stepId);
      if (!step.splitTest) throw new RuleViolation('funnel.no_split_test', 'This step has no split test running.');
      checkWeights(step, c.data.weights);
      if (sameWeights(step.splitTest, c.data.weights)) return [];
      return [{ type: 'FunnelSplitTestChanged', data: { funnelId, stepId: step.id, weights: c.data.weights, by, at } }];
    }
    case 'EndSplitTest': {
      const step = stepOf(f, c.data.stepId);
      if (!step.splitTest) throw new RuleViolation('funnel.no_split_test', 'This step has no split test running.');
      if (step.splitTest[c.data.winner] === undefined) {
        throw new RuleViolation('funnel.not_in_split_test', `Variant ${c.data.winner} is not part of this split test.`, { field: 'winner' });
      }
      const promotedHash = step.published[c.data.winner] ?? null;
      return [{ type: 'FunnelSplitTestEnded', data: { funnelId, stepId: step.id, winner: c.data.winner, promotedHash, by, at } }];
    }
    case 'PauseFunnel':
      if (f.status === 'paused') return [];
      if (f.status === 'draft') throw new RuleViolation('funnel.not_published', 'Only a published funnel can be paused.');
      return [{ type: 'FunnelPaused', data: { funnelId, by, at } }];
    case 'ResumeFunnel':
      return f.status === 'paused' ? [{ type: 'FunnelResumed', data: { funnelId, by, at } }] : [];
    case 'ArchiveFunnel':
      return [{ type: 'FunnelArchived', data: { funnelId, by, at } }];
  }
}
