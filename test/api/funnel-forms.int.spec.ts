import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSubmissions } from '../../command-service/src/funnels/submission-lead';
import { createCommandHandler } from '../../command-service/src/shared/handle-command';
import { createPostgresEventStore } from '../../infra/src/event-store/postgres-event-store';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { staffTeam } from './floor-setup';
import { publishedFunnel, tokenAged, tokenIn } from './funnel-setup';

let api: Api;
let max: Agent; // a manager
let ann: Agent; // the funnel's owner
let f: Awaited<ReturnType<typeof publishedFunnel>>;
beforeAll(async () => {
  // Generous per-address limit: every request here comes from one address; the limits have their own test.
  api = await startApi({ funnelSubmitLimits: { perAddress: { max: 1_000, windowMs: 60_000 }, perForm: { max: 1_000, windowMs: 60_000 }, minFillMs: 2_000, maxAgeMs: 86_400_000 } });
  [max, ann] = [await api.agent('max'), await api.agent('ann')];
  await staffTeam(api, 'Closers', max, [ann]);
  f = await publishedFunnel(api, ann, 'Forms');
}, 120_000);
afterAll(async () => api.close());

const SECOND = 1_000;
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const submit = (body: string, headers: Record<string, string> = {}, slug = f.slug) => api.app.inject({
  method: 'POST', url: `/f/${slug}/submit`, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});
const optInToken = (ageMs = 30 * SECOND) => tokenAged(api, { funnelId: f.funnelId, publishedVersion: f.publishedVersion, stepId: f.optIn }, ageMs);
const submissions = (email: string) => api.pool.query<{ state: string; lead_id: number | null }>(
  'select state, lead_id from funnel_submissions where email = $1 order by id', [email]).then((r) => r.rows);
const leadEvents = (leadId: number) => api.pool.query<{ type: string; data: Record<string, unknown> }>(
  'select type, data from events where stream_id = $1 order by stream_version', [`lead-${leadId}`]).then((r) => r.rows);

describe('a form post', () => {
  it('works without script: 303 to the next step, and a lead in the pool with its funnel origin and source', async () => {
    const landing = await api.app.inject({ method: 'GET', url: `/p/${f.slug}?utm_source=Facebook&utm_campaign=spring&gclid=x` });
    const cookies = [landing.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
    expect(cookies).toMatch(/lf_vid=.*lf_ft=.*lf_lt=/);
    const token = await optInToken();
    const res = await submit(form({ _rt: token, name: 'Rita Funnel', email: 'rita@example.com', phone: '+1 555 0100', website_url: '' }), { cookie: cookies });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${f.slug}/thanks`);
    const [row] = await submissions('rita@example.com');
    expect(row).toMatchObject({ state: 'created' });
    const [created] = await leadEvents(row!.lead_id!);
    expect(created).toMatchObject({
      type: 'LeadCreated',
      data: {
        name: 'Rita Funnel', email: 'rita@example.com', leadType: 'finance', source: 'advertisement', createdBy: ann.id,
        funnelSource: 'Facebook', funnelCampaignId: 'spring',
        funnelOrigin: { funnelId: f.funnelId, stepId: f.optIn, variant: 'A', gclid: 'x', firstTouch: { source: 'Facebook', campaign: 'spring' }, landingPath: `/p/${f.slug}` },
      },
    });
    const inPool = await waitFor(async () => (await max.request('GET', `/api/leads/${row!.lead_id}`)).json().lead, { what: 'the lead in the pool' });
    expect(inPool).toMatchObject({ status: 'available', funnelSource: 'Facebook' });
  });

  it('answers a script 202 with the next step', async () => {
    const res = await submit(JSON.stringify({ _rt: await optInToken(), name: 'Jay Script', email: 'jay@example.com' }), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true, next: `/p/${f.slug}/thanks` });
    expect(await submissions('jay@example.com')).toMatchObject([{ state: 'created' }]);
  });

  it('makes one lead of one rendered form, however often it is posted', async () => {
    const token = await optInToken();
    const body = form({ _rt: token, name: 'Double Click', email: 'double@example.com' });
    const answers = await Promise.all([submit(body), submit(body), submit(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303]);
    await waitFor(async () => (await submissions('double@example.com'))[0]?.state === 'created', { what: 'the lead' });
    expect(await submissions('double@example.com')).toHaveLength(1);
  });

  it('updates the lead of the same email within the window instead of making a second one', async () => {
    await submit(form({ _rt: await optInToken(), name: 'Sam First', email: 'Sam@Example.com' }));
    await submit(form({ _rt: await optInToken(), name: 'Sam First', email: 'sam@example.com', phone: '+44 20 7946 0000' }));
    const rows = await api.pool.query<{ state: string; lead_id: number }>(`select state, lead_id from funnel_submissions where lower(email) = 'sam@example.com' order by id`);
    expect(rows.rows.map((r) => r.state)).toEqual(['created', 'updated']);
    expect(rows.rows[1]!.lead_id).toBe(rows.rows[0]!.lead_id);
    const events = await leadEvents(rows.rows[0]!.lead_id);
    expect(events.map((e) => e.type)).toEqual(['LeadCreated', 'LeadDetailsEdited']);
    expect(events[1]!.data.changes).toEqual({ phone: '+44 20 7946 0000' });
  });

  it('checks the post against the published form: 400 with each field for a script, an HTML page for a browser', async () => {
    const json = await submit(JSON.stringify({ _rt: await optInToken(), name: '', email: 'not-an-email' }), { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json().details.errors).toEqual([
      { field: 'name', message: 'Fill in Your name.' },
      { field: 'email', message: 'Enter an email address like name@example.com.' },
    ]);
    const html = await submit(form({ _rt: await optInToken(), name: 'No Email' }));
    expect(html.statusCode).toBe(400);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('Fill in Email.');
    expect(html.body).toContain(`href="/p/${f.slug}/join"`);
  });

  it('keeps hostile text as typed and shows nothing of it as markup', async () => {
    const name = '<script>alert(1)</script> =HYPERLINK("x") \u202Egnp.exe ' + '😀'.repeat(50);
    const res = await submit(form({ _rt: await optInToken(), name, email: 'hostile@example.com' }));
    expect(res.statusCode).toBe(303);
    const [row] = await submissions('hostile@example.com');
    expect((await leadEvents(row!.lead_id!))[0]!.data.name).toBe(name);
    const refused = await submit(JSON.stringify({ _rt: await optInToken(), name: '<img src=x onerror=alert(1)>', email: 'bad' }), { 'content-type': 'application/json' });
    expect(refused.statusCode).toBe(400);
    const page = await submit(form({ _rt: await optInToken(), name: '"><script>x</script>' }));
    expect(page.body).not.toContain('<script>x');
    expect((await submit('name=%00', {})).statusCode).toBe(400);
  });
});

describe('a submission left without its lead', () => {
  it('gets its lead from the sweep, once', async () => {
    const payload = { values: { name: 'Late Lead', email: 'late@example.com' }, leadType: 'finance', ownerId: ann.id, firstTouch: null, lastTouch: null };
    await api.pool.query(
      `insert into funnel_submissions (source, external_id, funnel_id, step_id, variant, email, payload, received_at)
       values ($1, 'left-behind', $2, $3, 'A', 'late@example.com', $4, now() - interval '5 minutes')`,
      [`funnel:${f.funnelId}`, f.funnelId, f.optIn, JSON.stringify(payload)]);
    const store = createPostgresEventStore(api.pool);
    const deps = { pool: api.pool, store, handle: createCommandHandler(store), now: () => new Date() };
    await sweepSubmissions(deps);
    await sweepSubmissions(deps);
    const [row] = await submissions('late@example.com');
    expect(row).toMatchObject({ state: 'created' });
    expect((await leadEvents(row!.lead_id!)).map((e) => e.type)).toEqual(['LeadCreated']);
  });
});

describe('bots and abuse', () => {
  const dropped = async (body: string, email: string) => {
    const res = await submit(body);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/p/${f.slug}/thanks`);
    expect(await submissions(email)).toEqual([]);
  };
  it('silently drops a filled honeypot', async () => {
    await dropped(form({ _rt: await optInToken(), name: 'Bot', email: 'honeypot@example.com', website_url: 'http://spam.example' }), 'honeypot@example.com');
  });
  it('silently drops a form posted too fast or too long after it was served', async () => {
    await dropped(form({ _rt: await optInToken(0), name: 'Fast', email: 'fast@example.com' }), 'fast@example.com');
    await dropped(form({ _rt: await optInToken(2 * 86_400 * SECOND), name: 'Old', email: 'old@example.com' }), 'old@example.com');
  });
  it('drops a post without a token, or with a forged one', async () => {
    const res = await submit(form({ name: 'No Token', email: 'notoken@example.com' }));
    const token = await optInToken();
    const forged = await submit(form({ _rt: `${token.slice(0, -2)}xx`, name: 'Forged', email: 'forged@example.com' }));
    // A token that names no page of ours: back to the funnel's first step, as if sent.
    expect([res.statusCode, forged.statusCode]).toEqual([303, 303]);
    expect(forged.headers.location).toBe(`/p/${f.slug}/join?sent=1`);
    expect(await submissions('notoken@example.com')).toEqual([]);
    expect(await submissions('forged@example.com')).toEqual([]);
  });
  it('refuses a body over 16 KiB with 413, and a funnel that is not live with 404', async () => {
    const big = await submit(form({ _rt: await optInToken(), name: 'x'.repeat(17_000), email: 'big@example.com' }));
    expect(big.statusCode).toBe(413);
    expect((await submit(form({ name: 'x' }), {}, 'no-such-funnel')).statusCode).toBe(404);
  });
  it('served pages carry a token the post accepts once the visitor took their time', async () => {
    const served = await api.app.inject({ method: 'GET', url: `/p/${f.slug}` });
    const token = tokenIn(served.body);
    expect(token).not.toBeNull();
    // Posted at once: a person cannot have filled it, so it is dropped.
    await dropped(form({ _rt: token!, name: 'Quick', email: 'quick@example.com' }), 'quick@example.com');
  });
});
