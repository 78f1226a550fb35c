import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Agent, type Api } from '../api-harness';

let api: Api;
let nia: Agent;
beforeAll(async () => {
  api = await startApi();
  nia = await api.agent('nia');
});
afterAll(async () => api.close());

const DAY = 86_400_000;

/**
 * Notifications whose positions do not follow their times, as a backfilled history gives them
 * (a sale recorded today that closed ten days ago). Positions far above any the projection
 * would give this agent, so the two never meet.
 */
async function given(rows: { seq: number; daysAgo: number }[]) {
  const now = Date.now();
  for (const { seq, daysAgo } of rows) {
    await api.pool.query(
      `insert into notifications_v1 (id, user_id, seq, event_type, category, title, message, data, created_at, source_event_id)
       values ($1, $2, $3, 'new_lead', 'lead', 'New Lead', $4, '{}', $5, $6)`,
      [`${randomUUID()}:${nia.id}`, nia.id, seq, `lead ${seq}`, new Date(now - daysAgo * DAY), randomUUID()]);
  }
}

describe('GET /api/notifications', () => {
  it('lists newest first by time, whatever the positions, and pages on in that order', async () => {
    await given([
      { seq: 1001, daysAgo: 3 }, { seq: 1002, daysAgo: 10 }, { seq: 1003, daysAgo: 1 }, { seq: 1004, daysAgo: 10 }, { seq: 1005, daysAgo: 5 },
    ]);
    const pages: number[][] = [];
    let before: number | null = null;
    do {
      const list = (await nia.request('GET', `/api/notifications?limit=2${before === null ? '' : `&before=${before}`}`)).json();
      pages.push(list.notifications.map((n: { seq: number }) => n.seq));
      before = list.nextBefore;
    } while (before !== null && pages.length < 5);
    // Two of one instant: the later position first.
    expect(pages).toEqual([[1003, 1001], [1005, 1004], [1002]]);
  });
});
