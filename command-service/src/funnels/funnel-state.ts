import type { FunnelEvent, FunnelVariantKey, LeadType } from '@leadfloor/events';

export type FunnelStatus = 'draft' | 'active' | 'paused' | 'archived';
export type FunnelWeights = Partial<Record<FunnelVariantKey, number>>;
export type FunnelStepState = {
  id: number; name: string; path: string;
  drafts: Partial<Record<FunnelVariantKey, string>>;
  published: Partial<Record<FunnelVariantKey, string>>;
  splitTest: FunnelWeights | null;
};
export type Funnel = {
  id: number; name: string; description: string; slug: string; leadType: LeadType; ownerId: number; status: FunnelStatus;
  /** In order: the first step is the funnel's landing page. */
  steps: FunnelStepState[];
  nextStepId: number; publishedVersion: number;
};
export type FunnelState = { exists: false } | ({ exists: true } & Funnel);

export const initialFunnelState = (): FunnelState => ({ exists: false });

type Existing = Extract<FunnelState, { exists: true }>;
const mapStep = (s: Existing, stepId: number, f: (step: FunnelStepState) => FunnelStepState): Existing =>
  ({ ...s, steps: s.steps.map((step) => (step.id === stepId ? f(step) : step)) });

export function evolveFunnel(s: FunnelState, e: FunnelEvent): FunnelState {
  if (e.type === 'FunnelCreated') {
    const d = e.data;
    return {
      exists: true, id: d.funnelId, name: d.name, description: d.description, slug: d.slug, leadType: d.leadType, ownerId: d.ownerId,
      status: 'draft', steps: [], nextStepId: 1, publishedVersion: 0,
    };
  }
  if (!s.exists) return s;
  switch (e.type) {
    case 'FunnelDetailsEdited':
      return { ...s, ...e.data.changes };
    case 'FunnelMetadataEdited':
      return s;
    case 'FunnelStepAdded': {
      const step: FunnelStepState = { id: e.data.stepId, name: e.data.name, path: e.data.path, drafts: {}, published: {}, splitTest: null };
      const steps = [...s.steps];
      steps.splice(e.data.position, 0, step);
      return { ...s, steps, nextStepId: Math.max(s.nextStepId, e.data.stepId + 1) };
    }
    case 'FunnelStepRenamed':
      return mapStep(s, e.data.stepId, (step) => ({ ...step, name: e.data.name, path: e.data.path }));
    case 'FunnelStepMoved': {
      const steps = s.steps.filter((step) => step.id !== e.data.stepId);
      const moved = s.steps.find((step) => step.id === e.data.stepId);
      if (!moved) return s;
      steps.splice(e.data.to, 0, moved);
      return { ...s, steps };
    }
    case 'FunnelStepRemoved':
      return { ...s, steps: s.steps.filter((step) => step.id !== e.data.stepId) };
    case 'FunnelDraftSaved':
      return mapStep(s, e.data.stepId, (step) => ({ ...step, drafts: { ...step.drafts, [e.data.variant]: e.data.hash } }));
    case 'FunnelPublished': {
      const pages = e.data.pages;
      return {
        ...s,
        status: s.status === 'draft' ? 'active' : s.status,
        publishedVersion: e.data.publishedVersion,
        steps: s.steps.map((step) => ({
          ...step,
          published: Object.fromEntries(pages.filter((p) => p.stepId === step.id).map((p) => [p.variant, p.hash])),
        })),
      };
    }
    case 'FunnelSplitTestStarted':
    case 'FunnelSplitTestChanged':
      return mapStep(s, e.data.stepId, (step) => ({ ...step, splitTest: e.data.weights }));
    case 'FunnelSplitTestEnded': {
      const { winner, promotedHash } = e.data;
      return mapStep(s, e.data.stepId, (step) => {
        const draft = step.drafts[winner] ?? step.drafts.A;
        const live = promotedHash ?? step.published.A;
        return { ...step, splitTest: null, drafts: draft ? { A: draft } : {}, published: live ? { A: live } : {} };
      });
    }
    case 'FunnelPaused':
      return { ...s, status: 'paused' };
    case 'FunnelResumed':
      return { ...s, status: s.publishedVersion > 0 ? 'active' : 'draft' };
    case 'FunnelArchived':
      return { ...s, status: 'archived' };
  }
}
