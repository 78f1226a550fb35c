import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';
import { optInPage, publishedFunnel, thanksPage, tokenIn, waitForLive } from './funnel-setup';

let api: Api;
let max: Agent; // a manager
let ann: Agent; // an agent who builds funnels
let bob: Agent; // another agent
beforeAll(async () => {
  api = await startApi();
  [max, ann, bob] = [await api.agent('max'), await api.agent('ann'), await api.agent('bob')];
  await staffTeam(api, 'Closers', max, [ann, bob]);
}, 120_000);
afterAll(async () => api.close());

const page = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });
/** The builder's view once it shows `version` (a loaded machine may take longer than the read's own wait). */
const detailAt = (who: Agent, funnelId: number, version: number) => waitFor(async () => {
  const res = await who.request('GET', `/api/funnels/${funnelId}?minVersion=${version}`);
  return res.statusCode === 200 && res.json().version >= version ? res.json() : undefined;
}, { what: `funnel ${funnelId} at version ${version}` });

describe('building a funnel', () => {
  it('makes a funnel with a slug from its name, steps with unique paths, and shows it to its owner and managers only', async () => {
    const created = await ann.request('POST', '/api/funnels', { name: 'Spring Webinar!' });
    expect(created.statusCode).toBe(201);
    const { funnelId } = created.json();
    expect((await ann.request('POST', `/api/funnels/${funnelId}/steps`, { name: 'Opt-in', path: 'join' })).json()).toMatchObject({ stepId: 1 });
    const dup = await ann.request('POST', `/api/funnels/${funnelId}/steps`, { name: 'Again', path: 'join' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('funnel.path_taken');
    const added = await ann.request('POST', `/api/funnels/${funnelId}/steps`, { name: 'Thanks', path: 'thanks' });
    expect(await detailAt(ann, funnelId, added.json().version)).toMatchObject({ slug: 'spring-webinar', status: 'draft', steps: [{ path: 'join', position: 0 }, { path: 'thanks', position: 1 }] });
    expect((await max.request('GET', `/api/funnels/${funnelId}`)).statusCode).toBe(200);
    expect((await bob.request('GET', `/api/funnels/${funnelId}`)).statusCode).toBe(403);
    expect((await bob.request('PATCH', `/api/funnels/${funnelId}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await ann.request('GET', '/api/funnels/999999')).statusCode).toBe(404);
    const mine = (await bob.request('GET', '/api/funnels')).json().funnels as { id: number }[];
    expect(mine.map((f) => f.id)).not.toContain(funnelId);
  });

  it('keeps slugs unique: a taken one answers 409, a name that clashes gets the next free one', async () => {
    const first = (await ann.request('POST', '/api/funnels', { name: 'Solar Leads', slug: 'solar' })).json();
    const again = await bob.request('POST', '/api/funnels', { name: 'Mine', slug: 'solar' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('funnel.slug_taken');
    const second = (await bob.request('POST', '/api/funnels', { name: 'Solar' })).json();
    expect((await detailAt(bob, second.funnelId, second.version)).slug).toBe('solar-2');
    expect(first.funnelId).not.toBe(second.funnelId);
  });

  it('stores drafts by content address and refuses a page that is not one of the block library', async () => {
    const { funnelId } = (await ann.request('POST', '/api/funnels', { name: 'Drafts' })).json();
    const { stepId } = (await ann.request('POST', `/api/funnels/${funnelId}/steps`, { name: 'Opt-in', path: 'join' })).json();
    const saved = await ann.request('PUT', `/api/funnels/${funnelId}/steps/${stepId}/draft`, { content: optInPage() });
    expect(saved.statusCode).toBe(200);
    const again = await ann.request('PUT', `/api/funnels/${funnelId}/steps/${stepId}/draft`, { content: optInPage() });
    expect(again.json()).toEqual(saved.json());
    const { rows } = await api.pool.query('select data from events where stream_id = $1 and type = $2', [`funnel-${funnelId}`, 'FunnelDraftSaved']);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0].data)).not.toContain('Get the free guide');
    const bad = await ann.request('PUT', `/api/funnels/${funnelId}/steps/${stepId}/draft`, { content: { root: {}, content: [{ type: 'Marquee', props: { id: 'x' } }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toMatch(/^content/);
    expect((await detailAt(ann, funnelId, saved.json().version)).steps[0].drafts.A).toMatchObject({ hash: saved.json().hash, content: optInPage() });
  });

  it('refuses to publish a page that does not pass, naming the step and block', async () => {
    const { funnelId } = (await ann.request('POST', '/api/funnels', { name: 'Unfinished' })).json();
    const { stepId } = (await ann.request('POST', `/api/funnels/${funnelId}/steps`, { name: 'Opt-in', path: 'join' })).json();
    const unfinished = optInPage();
    (unfinished.content[0]!.props as { heading: string }).heading = '';
    await ann.request('PUT', `/api/funnels/${funnelId}/steps/${stepId}/draft`, { content: unfinished });
    const res = await ann.request('POST', `/api/funnels/${funnelId}/publish`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'funnel.invalid_pages', details: { pages: [{ stepId, variant: 'A', blockId: 'hero', field: 'heading' }] } });
  });
});

describe('the published pages', () => {
  it('serves each step as static HTML with a strict CSP, an ETag and a fresh render token, and no script', async () => {
    const f = await publishedFunnel(api, ann, 'Guide');
    const first = await page(`/p/${f.slug}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(first.body).not.toMatch(/<script/i);
    expect(first.body).toContain(`action="/f/${f.slug}/submit"`);
    expect(first.body).toContain('Get the free guide');
    const etag = String(first.headers.etag);
    const second = await page(`/p/${f.slug}/join`);
    expect(second.headers.etag).toBe(etag);
    expect(tokenIn(second.body)).not.toBe(tokenIn(first.body));
    expect((await page(`/p/${f.slug}/join`, { 'if-none-match': etag })).statusCode).toBe(304);
    const thanks = await page(`/p/${f.slug}/thanks`);
    expect(thanks.body).toContain('Thank you!');
    expect((await page(`/p/${f.slug}/nowhere`)).statusCode).toBe(404);
    expect((await page('/p/no-such-funnel')).statusCode).toBe(404);
  });

  it('renders the same HTML when the same pages are published again', async () => {
    const f = await publishedFunnel(api, ann, 'Twice');
    const before = await api.pool.query('select step_id, html from funnel_pages_v1 where funnel_id = $1 order by step_id', [f.funnelId]);
    // A change and its undo: a second publish of the very same pages.
    await ann.request('PUT', `/api/funnels/${f.funnelId}/steps/${f.thanks}/draft`, { content: optInPage('Changed') });
    await ann.request('PUT', `/api/funnels/${f.funnelId}/steps/${f.thanks}/draft`, { content: thanksPage() });
    const republished = await ann.request('POST', `/api/funnels/${f.funnelId}/publish`);
    expect(republished.json().publishedVersion).toBe(f.publishedVersion);
    await ann.request('PUT', `/api/funnels/${f.funnelId}/steps/${f.thanks}/draft`, { content: optInPage('Changed') });
    const v2 = (await ann.request('POST', `/api/funnels/${f.funnelId}/publish`)).json().publishedVersion;
    await ann.request('PUT', `/api/funnels/${f.funnelId}/steps/${f.thanks}/draft`, { content: thanksPage() });
    const v3 = (await ann.request('POST', `/api/funnels/${f.funnelId}/publish`)).json().publishedVersion;
    expect([v2, v3]).toEqual([f.publishedVersion + 1, f.publishedVersion + 2]);
    await waitForLive(api, f.funnelId, v3);
    const after = await api.pool.query('select step_id, html from funnel_pages_v1 where funnel_id = $1 and published_version = $2 order by step_id', [f.funnelId, v3]);
    expect(after.rows).toEqual(before.rows);
  });

  it('answers 410 while paused or archived, and serves again once resumed', async () => {
    const f = await publishedFunnel(api, ann, 'Pausable');
    const paused = await ann.request('POST', `/api/funnels/${f.funnelId}/pause`);
    await waitFor(async () => (await page(`/p/${f.slug}`)).statusCode === 410, { what: 'the paused funnel to answer 410' });
    expect((await detailAt(ann, f.funnelId, paused.json().version)).status).toBe('paused');
    await ann.request('POST', `/api/funnels/${f.funnelId}/resume`);
    await waitFor(async () => (await page(`/p/${f.slug}`)).statusCode === 200, { what: 'the resumed funnel to serve' });
    await ann.request('POST', `/api/funnels/${f.funnelId}/archive`);
    await waitFor(async () => (await page(`/p/${f.slug}/thanks`)).statusCode === 410, { what: 'the archived funnel to answer 410' });
    expect((await ann.request('POST', `/api/funnels/${f.funnelId}/resume`)).json().code).toBe('funnel.archived');
  });

  it('splits visitors of a step by the test weights, keeps each on one variant, and promotes the winner', async () => {
    const f = await publishedFunnel(api, ann, 'Split');
    await ann.request('PUT', `/api/funnels/${f.funnelId}/steps/${f.optIn}/draft`, { variant: 'B', content: optInPage('Variant B heading') });
    const start = await ann.request('POST', `/api/funnels/${f.funnelId}/steps/${f.optIn}/split-test`, { weights: { A: 50, B: 50 } });
    expect(start.json().code).toBe('funnel.variant_not_published');
    const v2 = (await ann.request('POST', `/api/funnels/${f.funnelId}/publish`)).json().publishedVersion;
    expect((await ann.request('POST', `/api/funnels/${f.funnelId}/steps/${f.optIn}/split-test`, { weights: { A: 50, B: 50 } })).statusCode).toBe(200);
    await waitForLive(api, f.funnelId, v2);
    await waitFor(async () => {
      const { rows } = await api.pool.query(`select live->'steps'->0->'weights' as w from funnels_v1 where id = $1`, [f.funnelId]);
      return rows[0]?.w !== null;
    }, { what: 'the split test on the live site' });
    const seen = new Map<string, string>();
    for (let i = 0; i < 40; i++) {
      const res = await page(`/p/${f.slug}`);
      const cookie = String(res.headers['set-cookie']).match(/lf_vid=[^;]+/)![0];
      const variant = res.body.includes('Variant B heading') ? 'B' : 'A';
      seen.set(cookie, variant);
      const back = await page(`/p/${f.slug}`, { cookie });
      expect(back.body.includes('Variant B heading') ? 'B' : 'A').toBe(variant);
    }
    expect(new Set(seen.values())).toEqual(new Set(['A', 'B']));
    const ended = await ann.request('POST', `/api/funnels/${f.funnelId}/steps/${f.optIn}/split-test/end`, { winner: 'B' });
    expect(ended.statusCode).toBe(200);
    await waitFor(async () => {
      const bodies = await Promise.all([...seen.keys()].slice(0, 10).map((cookie) => page(`/p/${f.slug}`, { cookie })));
      return bodies.every((b) => b.body.includes('Variant B heading'));
    }, { what: 'every visitor to see the winner' });
  });
});
