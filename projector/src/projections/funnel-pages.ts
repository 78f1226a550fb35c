import { createHash } from 'node:crypto';
import { parseEventData, type EventData, type RecordedEvent } from '@leadfloor/events';
import { FUNNEL_PAGE_FRAME_ORIGINS, FUNNEL_PAGE_STYLE_SOURCE, formFieldsOf, PageContentSchema, renderStepHtml } from '@leadfloor/funnel-pages';
import { RENDER_TOKEN_SLOT } from '@leadfloor/infra/funnels/render-token';
import type { PoolClient } from '@leadfloor/infra/postgres/pool';
import type { Projection } from '@leadfloor/infra/projections/types';

/** Strict: the page's own stylesheet by hash, media over https, the video hosts framed, forms posting to this origin only, no script at all. */
export const FUNNEL_PAGE_CSP = [
  "default-src 'none'", `style-src ${FUNNEL_PAGE_STYLE_SOURCE}`, 'img-src https: data:', 'media-src https:',
  `frame-src ${FUNNEL_PAGE_FRAME_ORIGINS.join(' ')}`, "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

export type PublishedPage = {
  funnelId: number; publishedVersion: number; stepId: number; variant: string;
  html: string; etag: string; csp: string; formFields: unknown; nextPath: string | null;
};

type Published = EventData<'FunnelPublished'>;

/** Each page of a publish as static HTML: the same event and page give the same bytes. */
export function renderPublishedPages(d: Published, contentOf: (hash: string) => unknown): PublishedPage[] {
  return d.pages.flatMap((p) => {
    const at = d.steps.findIndex((s) => s.stepId === p.stepId);
    const next = at >= 0 ? d.steps[at + 1] : undefined;
    const page = PageContentSchema.safeParse(contentOf(p.hash));
    if (!page.success) return [];
    const nextPath = next ? `/p/${d.slug}/${next.path}` : null;
    const step = d.steps[at];
    const html = renderStepHtml(page.data, {
      title: step ? `${step.name} · ${d.title}` : d.title, formAction: `/f/${d.slug}/submit`, renderToken: RENDER_TOKEN_SLOT, nextPath, hiddenFields: {},
    });
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return [{ funnelId: d.funnelId, publishedVersion: d.publishedVersion, stepId: p.stepId, variant: p.variant, html, etag, csp: FUNNEL_PAGE_CSP, formFields: formFieldsOf(page.data), nextPath }];
  });
}

async function apply(db: PoolClient, events: RecordedEvent[], table: string) {
  for (const e of events) {
    if (e.type !== 'FunnelPublished') continue;
    const d = parseEventData('FunnelPublished', e.data, e.metadata.schemaVersion);
    const hashes = [...new Set(d.pages.map((p) => p.hash))];
    const { rows } = await db.query<{ hash: string; data: unknown }>('select hash, data from page_contents where hash = any($1::text[])', [hashes]);
    const contents = new Map(rows.map((r) => [r.hash, r.data]));
    const pages = renderPublishedPages(d, (hash) => contents.get(hash));
    if (pages.length === 0) continue;
    await db.query(
      `insert into "${table}" (funnel_id, published_version, step_id, variant, html, etag, csp, form_fields, next_path)
       select * from jsonb_to_recordset($1::jsonb) as p(funnel_id int, published_version int, step_id int, variant text, html text, etag text, csp text, form_fields jsonb, next_path text)
       on conflict do nothing`,
      [JSON.stringify(pages.map((p) => ({
        funnel_id: p.funnelId, published_version: p.publishedVersion, step_id: p.stepId, variant: p.variant,
        html: p.html, etag: p.etag, csp: p.csp, form_fields: p.formFields, next_path: p.nextPath,
      })))]);
  }
}

/**
 * Every published page of every funnel, rendered once to static HTML when its publish lands,
 * by (funnel, published version, step, variant): visitors are served these bytes (with a fresh
 * render token in place of the slot) under the policy stored beside them, and a form post is checked against the fields stored
 * beside them. Rows are insert-only, so a page of an older publish stays replayable.
 */
export const funnelPages: Projection<'pages'> = {
  name: 'funnel_pages_v1',
  tables: { pages: 'funnel_pages_v1' },
  handles: ['FunnelPublished'],
  async createTables(db, { pages: t }) {
    await db.query(`
      create table "${t}" (
        funnel_id int not null, published_version int not null, step_id int not null, variant text not null,
        html text not null, etag text not null, csp text not null, form_fields jsonb not null, next_path text,
        primary key (funnel_id, published_version, step_id, variant)
      );`);
  },
  apply: (db, events, tables) => apply(db, events, tables.pages),
};
