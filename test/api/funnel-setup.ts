import { samplePage } from '../../funnel-pages/src/sample-page';
import type { PageContent } from '../../funnel-pages/src/page-content';
import { issueRenderToken } from '../../infra/src/funnels/render-token';
import type { Agent, Api } from '../api-harness';
import { waitFor } from '../wait-for';

/** An opt-in page: a heading and a form of name, email (both required) and phone. */
export const optInPage = (heading = 'Get the free guide'): PageContent => ({
  root: { props: { title: heading } },
  content: [
    { type: 'Hero', props: { id: 'hero', heading, subheading: 'Two minutes to read.', align: 'center' } },
    { type: 'Form', props: { id: 'form', heading: 'Send it to me', submitLabel: 'Send', fields: [
      { label: 'Your name', type: 'text', required: true, mapsTo: 'name' },
      { label: 'Email', type: 'email', required: true, mapsTo: 'email' },
      { label: 'Phone', type: 'tel', required: false, mapsTo: 'phone' },
    ] } },
  ],
});
export const thanksPage = (): PageContent => ({
  root: { props: { title: 'Thank you' } },
  content: [{ type: 'Hero', props: { id: 'thanks', heading: 'Thank you!', subheading: 'Check your inbox.', align: 'center' } }],
});
export { samplePage };

/**
 * A published two-step funnel (opt-in, thank-you) of `owner`, through the API; resolves once
 * the live site and its pages are in the read models.
 */
export async function publishedFunnel(api: Api, owner: Agent, name: string, pages = { optIn: optInPage(), thanks: thanksPage() }) {
  const created = await owner.request('POST', '/api/funnels', { name, leadType: 'finance' });
  if (created.statusCode !== 201) throw new Error(`create funnel: ${created.statusCode} ${created.body}`);
  const { funnelId } = created.json() as { funnelId: number };
  const step = async (body: object) => (await owner.request('POST', `/api/funnels/${funnelId}/steps`, body)).json().stepId as number;
  const optIn = await step({ name: 'Opt-in', path: 'join' });
  const thanks = await step({ name: 'Thank you', path: 'thanks' });
  await owner.request('PUT', `/api/funnels/${funnelId}/steps/${optIn}/draft`, { content: pages.optIn });
  await owner.request('PUT', `/api/funnels/${funnelId}/steps/${thanks}/draft`, { content: pages.thanks });
  const published = await owner.request('POST', `/api/funnels/${funnelId}/publish`);
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  const slug = (published.json().publishedUrl as string).slice('/p/'.length);
  await waitForLive(api, funnelId, published.json().publishedVersion);
  return { funnelId, slug, optIn, thanks, publishedVersion: published.json().publishedVersion as number };
}

/** Resolves once the public side serves this publish of the funnel. */
export async function waitForLive(api: Pick<Api, 'pool'>, funnelId: number, publishedVersion: number) {
  await waitFor(async () => {
    const { rows } = await api.pool.query(
      `select 1 from funnels_v1 f join funnel_pages_v1 p on p.funnel_id = f.id and p.published_version = (f.live->>'publishedVersion')::int
       where f.id = $1 and (f.live->>'publishedVersion')::int = $2`, [funnelId, publishedVersion]);
    return rows.length > 0;
  }, { what: `publish ${publishedVersion} of funnel ${funnelId} to be live` });
}

/** A render token as the gateway would have put in the form `ageMs` ago. */
export async function tokenAged(api: Pick<Api, 'pool'>, claims: { funnelId: number; publishedVersion: number; stepId: number; variant?: string }, ageMs: number) {
  const { rows } = await api.pool.query<{ key: string }>('select key from funnel_keys where id = 1');
  return issueRenderToken(rows[0]!.key, { variant: 'A', ...claims }, new Date(Date.now() - ageMs));
}

/** The render token in a served page's form. */
export const tokenIn = (html: string) => /name="_rt" value="([^"]+)"/.exec(html)?.[1] ?? null;
