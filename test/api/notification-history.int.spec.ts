import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';

let api: Api;
let ona: Agent;
let pat: Agent;
beforeAll(async () => {
  api = await startApi();
  [ona, pat] = [await api.agent('ona'), await api.agent('pat')];
});
afterAll(async () => api.close());

const MINUTE = 60_000;
type Category = 'lead' | 'sale' | 'call' | 'team';
const EVENT: Record<Category, string> = { lead: 'new_lead', sale: 'new_sale', call: 'call_completed', team: 'team_mention' };

/** Notifications of `who` at positions far above any the projection gives, newest the highest. */
async function given(who: Agent, rows: { seq: number; category: Category }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const { seq, category } of rows) {
    const id = `${randomUUID()}:${who.id}`;
    ids.push(id);
    await api.pool.query(
      `insert into notifications_v1 (id, user_id, seq, event_type, category, title, message, data, created_at, source_event_id)
       values ($1, $2, $3, $4, $5, 'Title', $6, '{}', $7, $8)`,
      [id, who.id, seq, EVENT[category], category, `n ${seq}`, new Date(Date.now() - (10_000 - seq) * MINUTE), randomUUID()]);
  }
  return ids;
}
const seqs = (body: { notifications: { seq: number }[] }) => body.notifications.map((n) => n.seq);

describe('notification history: filters and bulk read', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = await given(ona, [
      { seq: 2001, category: 'lead' }, { seq: 2002, category: 'sale' }, { seq: 2003, category: 'lead' },
      { seq: 2004, category: 'call' }, { seq: 2005, category: 'lead' }, { seq: 2006, category: 'team' },
    ]);
  });

  it('filters by category on the server, newest first, paging on within the filter', async () => {
    const first = (await ona.request('GET', '/api/notifications?category=lead&limit=2')).json();
    expect(seqs(first)).toEqual([2005, 2003]);
    const next = (await ona.request('GET', `/api/notifications?category=lead&limit=2&before=${first.nextBefore}`)).json();
    expect(seqs(next)).toEqual([2001]);
    expect(next.nextBefore).toBeNull();
    expect(seqs((await ona.request('GET', '/api/notifications?category=sale')).json())).toEqual([2002]);
  });

  it('marks the chosen ones read in one call, and filters by read state', async () => {
    const res = await ona.request('POST', '/api/notifications/read', { ids: [ids[0], ids[3], ids[3]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, marked: 2 });
    expect(seqs((await ona.request('GET', '/api/notifications?state=read')).json())).toEqual([2004, 2001]);
    const unread = (await ona.request('GET', '/api/notifications?state=unread')).json();
    expect(seqs(unread)).toEqual([2006, 2005, 2003, 2002]);
    expect(unread.unreadCount).toBe(4);
    expect(seqs((await ona.request('GET', '/api/notifications?state=unread&category=lead')).json())).toEqual([2005, 2003]);
  });

  it('keeps the bell’s list: no filter is every notification, unread count of all', async () => {
    const all = (await ona.request('GET', '/api/notifications')).json();
    expect(seqs(all)).toEqual([2006, 2005, 2004, 2003, 2002, 2001]);
    expect(all.unreadCount).toBe(4);
  });

  it("refuses someone else's ids (404, nothing marked) and bad input (400)", async () => {
    const [patsOwn] = await given(pat, [{ seq: 3001, category: 'lead' }]);
    const mixed = await ona.request('POST', '/api/notifications/read', { ids: [ids[1], patsOwn] });
    expect(mixed.statusCode).toBe(404);
    expect(seqs((await ona.request('GET', '/api/notifications?state=read')).json())).toEqual([2004, 2001]);
    expect((await pat.request('GET', '/api/notifications?state=unread')).json().unreadCount).toBe(1);
    for (const body of [{ ids: [] }, { ids: ['nope'] }, { ids: Array.from({ length: 101 }, () => ids[1]) }, {}, { ids: [ids[1]], all: true }]) {
      expect((await ona.request('POST', '/api/notifications/read', body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await ona.request('GET', '/api/notifications?category=other')).statusCode).toBe(400);
    expect((await ona.request('GET', '/api/notifications?state=maybe')).statusCode).toBe(400);
  });
});
