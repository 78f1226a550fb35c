import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead } from './floor-setup';

let api: Api;
let ann: Agent;
let bob: Agent;
beforeAll(async () => {
  api = await startApi();
  [ann, bob] = [await api.agent('ann'), await api.agent('bob')];
});
afterAll(async () => api.close());

/** A multipart form with one file part, as a browser's FormData sends it. */
function form(file: Buffer, filename: string, type: string) {
  const boundary = `----leadfloor${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: Agent, file: Buffer, filename = 'me.png', type = 'image/png') => {
  const f = form(file, filename, type);
  return api.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: f.payload, headers: { cookie: who.cookie, ...f.headers } });
};
const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })[format]().toBuffer();

describe('GET and PATCH /api/profile', () => {
  it('answers the signed-in user with level progress, every badge and this month’s figures', async () => {
    const res = await ann.request('GET', '/api/profile');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: ann.id, username: 'ann', fullName: 'Ann Agent', level: 'rookie', points: 0, bio: null, avatarUrl: null });
    expect(body.levelProgress).toEqual({ percent: 0, nextLevel: 'pro' });
    expect(body.badges.length).toBeGreaterThan(0);
    expect(body.badges.every((b: { awardedAt: string | null }) => b.awardedAt === null)).toBe(true);
    expect(body.performance).toMatchObject({ claims: 0, contacted: 0, contactRate: 0, salesCount: 0, commissionCents: 0 });
    expect(res.body).not.toMatch(/passwordHash|password/);
  });

  it('changes name and bio as a command on the user’s stream, seen by the read model and the floor', async () => {
    const res = await ann.request('PATCH', '/api/profile', { fullName: '  Ann Lee ', bio: 'Closer of <b>big</b> deals.\nAustin.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ fullName: 'Ann Lee', bio: 'Closer of <b>big</b> deals.\nAustin.' });
    const { rows } = await api.pool.query(`select type, data from events where stream_id = $1 and type = 'ProfileUpdated'`, [`user-${ann.id}`]);
    expect(rows.at(-1)!.data).toMatchObject({ fullName: 'Ann Lee', bio: 'Closer of <b>big</b> deals.\nAustin.' });
    await waitFor(async () => (await ann.request('GET', '/api/profile')).json().user.fullName === 'Ann Lee', { what: 'the new name in users_v1' });
    // A same-value change appends nothing; an empty bio clears it.
    const before = (await api.pool.query('select count(*)::int as n from events where stream_id = $1', [`user-${ann.id}`])).rows[0].n;
    expect((await ann.request('PATCH', '/api/profile', { fullName: 'Ann Lee' })).statusCode).toBe(200);
    expect((await api.pool.query('select count(*)::int as n from events where stream_id = $1', [`user-${ann.id}`])).rows[0].n).toBe(before);
    expect((await ann.request('PATCH', '/api/profile', { bio: '' })).json().user.bio).toBeNull();
  });

  it('refuses bad input with 400 and the field, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ fullName: 'A' }, 'fullName'],
      [{ fullName: 'x'.repeat(101) }, 'fullName'],
      [{ fullName: 'Ann\nLee' }, 'fullName'],
      [{ bio: 'b'.repeat(501) }, 'bio'],
      [{ fullName: 42 }, 'fullName'],
    ];
    for (const [body, field] of cases) {
      const res = await bob.request('PATCH', '/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const unknown = await bob.request('PATCH', '/api/profile', { fullName: 'Bob B', role: 'manager' });
    expect(unknown.statusCode).toBe(400);
    const { rows } = await api.pool.query(`select 1 from events where stream_id = $1 and type = 'ProfileUpdated'`, [`user-${bob.id}`]);
    expect(rows).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'PATCH', url: '/api/profile', payload: { bio: 'x' } })).statusCode).toBe(401);
  });

  it('counts this month’s claims, how many were contacted, and sales with their commission', async () => {
    const cara = await api.agent('cara');
    const first = await claimedLead(cara, 'real_estate', 'First Lead');
    await claimedLead(cara, 'real_estate', 'Second Lead');
    expect((await cara.request('PATCH', `/api/leads/${first}`, { status: 'contacted' })).statusCode).toBe(200);
    const sale = await cara.request('POST', '/api/sales', { leadId: first, amountCents: 1_000_000 });
    expect(sale.statusCode).toBe(201);
    const performance = await waitFor(async () => {
      const p = (await cara.request('GET', '/api/profile')).json().performance;
      return p.claims === 2 && p.salesCount === 1 && p.contacted === 1 && p;
    }, { what: 'the month’s figures' });
    expect(performance).toMatchObject({ claims: 2, contacted: 1, contactRate: 50, salesCount: 1, salesAmountCents: 1_000_000 });
    expect(performance.commissionCents).toBe(sale.json().sale.commissionCents);
  });
});

describe('POST /api/profile/avatar', () => {
  it('takes a PNG, stores a 256 px WebP by its hash and serves it as image/webp with nosniff and a long cache', async () => {
    const res = await upload(ann, await picture(640, 480, 'png'));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().user.avatarUrl;
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{64}\.webp$/);
    const { rows } = await api.pool.query(`select data from events where stream_id = $1 and type = 'ProfileUpdated' order by stream_version desc limit 1`, [`user-${ann.id}`]);
    expect(rows[0].data).toEqual({ userId: ann.id, avatarUrl: url, at: expect.any(String) });

    const served = await api.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('takes a JPEG whatever name and type the client gives it', async () => {
    const res = await upload(bob, await picture(300, 900, 'jpeg'), 'holiday.txt', 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    const served = await api.app.inject({ method: 'GET', url: res.json().user.avatarUrl, headers: { cookie: bob.cookie } });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses an SVG and a text file named .png (400), whatever they claim to be, and keeps the old picture', async () => {
    const before = (await ann.request('GET', '/api/profile')).json().user.avatarUrl;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const [bytes, name, type] of [[svg, 'me.svg', 'image/svg+xml'], [svg, 'me.png', 'image/png'], [Buffer.from('not a picture at all'), 'me.png', 'image/png']] as const) {
      const res = await upload(ann, bytes, name, type);
      expect(res.statusCode, `${name} ${type}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'avatar.not_an_image', field: 'file' });
    }
    expect((await ann.request('GET', '/api/profile')).json().user.avatarUrl).toBe(before);
  });

  it('refuses a file over 5 MB with 413, and a body that is not multipart with 415', async () => {
    const big = Buffer.concat([await picture(64, 64, 'png'), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload(ann, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('avatar.too_large');
    const json = await ann.request('POST', '/api/profile/avatar', { file: 'aGVsbG8=' });
    expect(json.statusCode).toBe(415);
    const nothing = await api.app.inject({ method: 'POST', url: '/api/profile/avatar', headers: { cookie: ann.cookie, ...form(Buffer.alloc(0), 'x', 'x').headers }, payload: '' });
    expect(nothing.statusCode).toBe(400);
  });

  it('removes the picture with DELETE; unknown avatars are 404 and need a session', async () => {
    const res = await ann.request('DELETE', '/api/profile/avatar');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.avatarUrl).toBeNull();
    expect((await ann.request('GET', `/api/avatars/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
    expect((await ann.request('GET', '/api/avatars/..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    expect((await api.app.inject({ method: 'GET', url: `/api/avatars/${'0'.repeat(64)}.webp` })).statusCode).toBe(401);
  });

  it('lets the console show the served avatar under its CSP (img-src self)', async () => {
    const res = await ann.request('GET', '/api/profile');
    expect(String(res.headers['content-security-policy'])).toMatch(/img-src 'self'/);
  });
});
