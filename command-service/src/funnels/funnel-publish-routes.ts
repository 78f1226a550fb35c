import {
  EndFunnelSplitTestBodySchema, FUNNEL_PAGE_MAX_BYTES, FunnelPublishResultSchema, FunnelSplitTestBodySchema, FunnelStepParamsSchema,
  FunnelWriteResultSchema, IdParamsSchema, SaveFunnelDraftBodySchema, SavedFunnelDraftSchema, type FunnelPageError,
} from '@leadfloor/contracts';
import type { FunnelVariantKey } from '@leadfloor/events';
import { PageContentSchema, validatePage } from '@leadfloor/funnel-pages';
import type { SessionActor } from '@leadfloor/infra/auth/actor';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { requireSignedIn } from '@leadfloor/infra/http/session-auth';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HandleCommand } from '../shared/handle-command';
import { IdempotencyKeyHeaders, requestContext } from '../shared/request-context';
import type { FunnelCommand } from './decide-funnel';
import { pagesToPublish } from './decide-funnel';
import { funnelAggregate, funnelStream } from './funnel-aggregate';
import type { FunnelState } from './funnel-state';
import { readPages, storePage } from './page-store';

export type FunnelPublishRouteDeps = { pool: Pool; handle: HandleCommand; now: () => Date };

const asActor = (a: SessionActor) => ({ id: a.id, role: a.role, teamId: a.teamId });
const NoBody = z.strictObject({}).nullish();

/** Every saved page a publish would put live, checked by the block library; the problems found. */
export async function pageProblems(pool: Pool, state: FunnelState): Promise<FunnelPageError[]> {
  if (!state.exists) return [];
  const pages = pagesToPublish(state);
  const contents = await readPages(pool, [...new Set(pages.map((p) => p.hash))]);
  return pages.flatMap((p) => {
    const checked = validatePage(contents.get(p.hash));
    return checked.ok ? [] : checked.errors.map((e) => ({ stepId: p.stepId, variant: p.variant, blockId: e.blockId, field: e.field, message: e.message }));
  });
}

/**
 * Pages, publishing and split tests. A draft is stored by its content address and the event
 * carries the hash; a publish checks every page against the block library first (400
 * `funnel.invalid_pages` listing each problem by step, variant and block) and the projector
 * renders them to static HTML.
 */
export const funnelPublishRoutes: FastifyPluginAsyncZod<FunnelPublishRouteDeps> = async (app, { pool, handle, now }) => {
  app.addHook('onRequest', requireSignedIn);
  const problems = {
    403: "Only the funnel's owner or a manager can change it (funnel.not_owner).",
    404: 'No such funnel or step.',
    409: 'Refused by a rule of the funnel (the code says which).',
  };
  const run = async (req: { actor(): Promise<SessionActor> } & Parameters<typeof requestContext>[0], funnelId: number,
    command: Pick<FunnelCommand, 'type' | 'data'> | ((s: FunnelState) => Promise<Pick<FunnelCommand, 'type' | 'data'>>)) => {
    const actor = await req.actor();
    const meta = { now: now().toISOString(), actor: asActor(actor) };
    return handle(funnelAggregate, funnelStream(funnelId), async (s: FunnelState) =>
      ({ ...(typeof command === 'function' ? await command(s) : command), meta }) as FunnelCommand, requestContext(req, actor));
  };

  app.put('/api/funnels/:id/steps/:stepId/draft', {
    bodyLimit: FUNNEL_PAGE_MAX_BYTES + 1024,
    schema: {
      headers: IdempotencyKeyHeaders, params: FunnelStepParamsSchema, body: SaveFunnelDraftBodySchema, response: { 200: SavedFunnelDraftSchema },
      description: "Autosaves one variant's page of a step (A unless said). A draft may be unfinished; publishing checks it.",
      problems: { ...problems, 400: 'Not a page of the block library (validation_failed, naming the field).', 413: 'The page is over 256 KiB.' },
    },
  }, async (req) => {
    const page = PageContentSchema.safeParse(req.body.content);
    if (!page.success) {
      const issue = page.error.issues[0]!;
      throw new ApiError(400, 'validation_failed', issue.message, { field: ['content', ...issue.path].join('.') });
    }
    if (Buffer.byteLength(JSON.stringify(page.data)) > FUNNEL_PAGE_MAX_BYTES) throw new ApiError(413, 'payload_too_large', 'The page is over 256 KiB.');
    const hash = await storePage(pool, page.data);
    const out = await run(req, req.params.id, { type: 'SaveFunnelDraft', data: { stepId: req.params.stepId, variant: req.body.variant, hash } });
    return { hash, version: out.version };
  });

  app.post('/api/funnels/:id/publish', {
    schema: {
      headers: IdempotencyKeyHeaders, params: IdParamsSchema, body: NoBody, response: { 200: FunnelPublishResultSchema },
      description: 'Checks every page and puts them live as a new published version; nothing changed since the last publish: the same version.',
      problems: { ...problems, 400: 'Some page does not pass (funnel.invalid_pages; `details.pages` lists each problem by step, variant, block and field).' },
    },
  }, async (req) => {
    const out = await run(req, req.params.id, async (s) => {
      const found = await pageProblems(pool, s);
      if (found.length > 0) {
        throw new ApiError(400, 'funnel.invalid_pages', `${found.length} thing${found.length === 1 ? '' : 's'} to fix before publishing.`, { details: { pages: found } });
      }
      return { type: 'PublishFunnel', data: {} };
    });
    const s = out.state;
    if (!s.exists) throw new Error('funnel state expected');
    return { funnelId: s.id, version: out.version, publishedVersion: s.publishedVersion, publishedUrl: `/p/${s.slug}` };
  });

  const variantOf = (w: string) => w as FunnelVariantKey;
  app.post('/api/funnels/:id/steps/:stepId/split-test', {
    schema: {
      headers: IdempotencyKeyHeaders, params: FunnelStepParamsSchema, body: FunnelSplitTestBodySchema, response: { 200: FunnelWriteResultSchema },
      description: "Starts a split test of the step's published variants; visitors are split by these weights, each kept on one variant.",
      problems,
    },
  }, async (req) => {
    const out = await run(req, req.params.id, { type: 'StartSplitTest', data: { stepId: req.params.stepId, weights: req.body.weights } });
    return { funnelId: req.params.id, stepId: req.params.stepId, version: out.version };
  });
  app.put('/api/funnels/:id/steps/:stepId/split-test', {
    schema: {
      headers: IdempotencyKeyHeaders, params: FunnelStepParamsSchema, body: FunnelSplitTestBodySchema, response: { 200: FunnelWriteResultSchema },
      description: "Changes a running split test's weights.", problems,
    },
  }, async (req) => {
    const out = await run(req, req.params.id, { type: 'ChangeSplitTest', data: { stepId: req.params.stepId, weights: req.body.weights } });
    return { funnelId: req.params.id, stepId: req.params.stepId, version: out.version };
  });
  app.post('/api/funnels/:id/steps/:stepId/split-test/end', {
    schema: {
      headers: IdempotencyKeyHeaders, params: FunnelStepParamsSchema, body: EndFunnelSplitTestBodySchema, response: { 200: FunnelWriteResultSchema },
      description: "Ends the split test: the winner's page becomes the step's own, live at once.", problems,
    },
  }, async (req) => {
    const out = await run(req, req.params.id, { type: 'EndSplitTest', data: { stepId: req.params.stepId, winner: variantOf(req.body.winner) } });
    return { funnelId: req.params.id, stepId: req.params.stepId, version: out.version };
  });
};
