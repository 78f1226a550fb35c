import { parseEventData, type FunnelEventType, type FunnelVariantKey, type RecordedEvent } from '@leadfloor/events';
import { rowProjection } from '@leadfloor/infra/projections/row-projection';

type Weights = Partial<Record<FunnelVariantKey, number>>;
/** A step as the builder shows it: its latest drafts, what it serves now, its split test. */
export type FunnelStepRow = {
  id: number; name: string; path: string;
  drafts: Partial<Record<FunnelVariantKey, { hash: string; savedAt: string }>>;
  published: Partial<Record<FunnelVariantKey, string>>;
  splitTest: { weights: Weights; startedAt: string } | null;
};
/**
 * A step as visitors get it, from the last publish: `variants` maps each variant served to the
 * page rendered at that publish (after a split test ends, A serves the winner's page), `weights`
 * the running split test's.
 */
export type LiveStep = { stepId: number; name: string; path: string; variants: Partial<Record<FunnelVariantKey, FunnelVariantKey>>; weights: Weights | null };
export type FunnelLive = { slug: string; publishedVersion: number; steps: LiveStep[] };

export type FunnelRow = {
  id: number; name: string; description: string; slug: string; lead_type: string; status: string; owner_id: number;
  metadata: Record<string, string> | null; steps: FunnelStepRow[]; live: FunnelLive | null;
  published_version: number; last_published_at: string | null; created_at: string; updated_at: string; version: number;
};

const onStep = (row: FunnelRow, stepId: number, f: (s: FunnelStepRow) => FunnelStepRow): FunnelStepRow[] =>
  row.steps.map((s) => (s.id === stepId ? f(s) : s));
const onLiveStep = (live: FunnelLive | null, stepId: number, f: (s: LiveStep) => LiveStep): FunnelLive | null =>
  live && { ...live, steps: live.steps.map((s) => (s.stepId === stepId ? f(s) : s)) };

function reduce(row: FunnelRow | null, e: RecordedEvent): FunnelRow | null {
  const type = e.type as FunnelEventType;
  const version = e.streamVersion;
  if (type === 'FunnelCreated') {
    const d = parseEventData(type, e.data, e.metadata.schemaVersion);
    return {
      id: d.funnelId, name: d.name, description: d.description, slug: d.slug, lead_type: d.leadType, status: 'draft', owner_id: d.ownerId,
      metadata: null, steps: [], live: null, published_version: 0, last_published_at: null, created_at: d.at, updated_at: d.at, version,
    };
  }
  if (!row) return null;
  const r = (changes: Partial<FunnelRow>, at: string): FunnelRow => ({ ...row, ...changes, updated_at: at, version });
  switch (type) {
    case 'FunnelDetailsEdited': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const { leadType, ...rest } = d.changes;
      return r({ ...rest, ...(leadType ? { lead_type: leadType } : {}) }, d.at);
    }
    case 'FunnelMetadataEdited': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({ metadata: d.metadata }, d.at);
    }
    case 'FunnelStepAdded': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const steps = [...row.steps];
      steps.splice(d.position, 0, { id: d.stepId, name: d.name, path: d.path, drafts: {}, published: {}, splitTest: null });
      return r({ steps }, d.at);
    }
    case 'FunnelStepRenamed': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({ steps: onStep(row, d.stepId, (s) => ({ ...s, name: d.name, path: d.path })) }, d.at);
    }
    case 'FunnelStepMoved': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const moved = row.steps.find((s) => s.id === d.stepId);
      if (!moved) return r({}, d.at);
      const steps = row.steps.filter((s) => s.id !== d.stepId);
      steps.splice(d.to, 0, moved);
      return r({ steps }, d.at);
    }
    case 'FunnelStepRemoved': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({ steps: row.steps.filter((s) => s.id !== d.stepId) }, d.at);
    }
    case 'FunnelDraftSaved': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({ steps: onStep(row, d.stepId, (s) => ({ ...s, drafts: { ...s.drafts, [d.variant]: { hash: d.hash, savedAt: d.at } } })) }, d.at);
    }
    case 'FunnelPublished': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const pagesOf = (stepId: number) => d.pages.filter((p) => p.stepId === stepId);
      const steps = row.steps.map((s) => ({ ...s, published: Object.fromEntries(pagesOf(s.id).map((p) => [p.variant, p.hash])) }));
      const live: FunnelLive = {
        slug: d.slug, publishedVersion: d.publishedVersion,
        steps: d.steps.map((s) => ({
          stepId: s.stepId, name: s.name, path: s.path,
          variants: Object.fromEntries(pagesOf(s.stepId).map((p) => [p.variant, p.variant])),
          weights: row.steps.find((b) => b.id === s.stepId)?.splitTest?.weights ?? null,
        })),
      };
      return r({
        steps, live, published_version: d.publishedVersion, last_published_at: d.at, status: row.status === 'draft' ? 'active' : row.status,
      }, d.at);
    }
    case 'FunnelSplitTestStarted':
    case 'FunnelSplitTestChanged': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({
        steps: onStep(row, d.stepId, (s) => ({ ...s, splitTest: { weights: d.weights, startedAt: s.splitTest?.startedAt ?? d.at } })),
        live: onLiveStep(row.live, d.stepId, (s) => ({ ...s, weights: d.weights })),
      }, d.at);
    }
    case 'FunnelSplitTestEnded': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      return r({
        steps: onStep(row, d.stepId, (s) => {
          const draft = s.drafts[d.winner] ?? s.drafts.A;
          const live = d.promotedHash ?? s.published.A;
          return { ...s, splitTest: null, drafts: draft ? { A: draft } : {}, published: live ? { A: live } : {} };
        }),
        live: onLiveStep(row.live, d.stepId, (s) => {
          const page = s.variants[d.winner] ?? s.variants.A;
          return { ...s, weights: null, variants: page ? { A: page } : {} };
        }),
      }, d.at);
    }
    case 'FunnelPaused':
    case 'FunnelResumed':
    case 'FunnelArchived': {
      const d = parseEventData(type, e.data, e.metadata.schemaVersion);
      const status = type === 'FunnelPaused' ? 'paused' : type === 'FunnelArchived' ? 'archived' : row.published_version > 0 ? 'active' : 'draft';
      return r({ status }, d.at);
    }
    default:
      return row;
  }
}

/**
 * One row per funnel: the list's and the builder's view (details, metadata, steps with their
 * drafts) and the live site as last published (`live`), which the public pages are served from.
 */
export const funnels = rowProjection<FunnelRow>({
  name: 'funnels_v1',
  table: 'funnels_v1',
  keyColumn: 'id',
  handles: [
    'FunnelCreated', 'FunnelDetailsEdited', 'FunnelMetadataEdited', 'FunnelStepAdded', 'FunnelStepRenamed', 'FunnelStepMoved',
    'FunnelStepRemoved', 'FunnelDraftSaved', 'FunnelPublished', 'FunnelSplitTestStarted', 'FunnelSplitTestChanged',
    'FunnelSplitTestEnded', 'FunnelPaused', 'FunnelResumed', 'FunnelArchived',
  ],
  keyOf: (e) => (e.streamId.startsWith('funnel-') ? Number(e.streamId.slice(7)) : null),
  reduce,
  async createTables(db, { rows: t }) {
    await db.query(`
      create table "${t}" (
        id int primary key, name text not null, description text not null, slug text not null, lead_type text not null, status text not null,
        owner_id int not null, metadata jsonb, steps jsonb not null, live jsonb, published_version int not null,
        last_published_at timestamptz, created_at timestamptz not null, updated_at timestamptz not null, version int not null
      );
      create index "${t}_by_owner" on "${t}" (owner_id, id desc);
      create index "${t}_live_slug" on "${t}" ((live->>'slug'));`);
  },
});
