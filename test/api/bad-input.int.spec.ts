import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../infra/src/http/storable-text';
import { encodeCursor } from '../../query-service/src/leads/lead-list-sql';
import { startApi, type Agent, type Api } from '../api-harness';
import { claimedLead } from './floor-setup';

// The cases of the fuzzing report (fuzz.int.spec.ts keeps looking for more): text PostgreSQL
// cannot store, integers beyond its int4 columns and instants beyond its years answered 500.
// Each is a 400 naming the field now, and writes nothing.
let api: Api;
let ann: Agent;
let leadId: number;
beforeAll(async () => {
  api = await startApi();
  ann = await api.agent('ann');
  leadId = await claimedLead(ann);
});
afterAll(async () => api.close());

/** Sends as ann under a request id of its own; returns the answer and the events that request appended. */
async function send(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) {
  const requestId = `bad-input-${randomUUID()}`;
  const res = await ann.request(method, url, body, { 'x-request-id': requestId });
  const { rows } = await api.pool.query<{ n: number }>(`select count(*)::int as n from events where metadata->>'correlationId' = $1`, [requestId]);
  return { status: res.statusCode, problem: res.json(), appended: rows[0]!.n };
}

const lead = { name: 'Dana Scott', email: 'dana@example.com', phone: '555-0101', city: 'Austin', state: 'TX', leadType: 'real_estate' };

describe('text PostgreSQL cannot store', () => {
  it('answers 400 naming `name` for a NUL in a new lead\'s name, and creates nothing', async () => {
    const res = await send('POST', '/api/leads', { ...lead, name: 'Dana\u0000Scott' });
    expect(res).toMatchObject({ status: 400, appended: 0, problem: { code: 'validation_failed', field: 'name', message: UNSTORABLE_TEXT_MESSAGE } });
  });

  it('answers 400 naming `tags.0` for an unpaired surrogate in a tag', async () => {
    for (const [method, url] of [['POST', `/api/leads/${leadId}/tags`], ['PATCH', `/api/leads/${leadId}`]] as const) {
      const res = await send(method, url, { tags: ['vip\ud800'] });
      expect(res).toMatchObject({ status: 400, appended: 0, problem: { code: 'validation_failed', field: 'tags.0' } });
    }
  });

  it('answers 400 naming the field on every write route the report named', async () => {
    const cases: [method: 'POST' | 'PUT', url: string, body: unknown, field: string][] = [
      ['POST', '/api/calls', { leadId, durationSeconds: 30, result: 'connected', notes: '\udc00' }, 'notes'],
      ['POST', '/api/calls/1/complete', { result: 'connected', transcript: 'hi\u0000' }, 'transcript'],
      ['POST', '/api/sales', { leadId, amountCents: 1000, notes: 'a\u0000' }, 'notes'],
      ['POST', '/api/sales/1/reject', { reason: '\ud800' }, 'reason'],
      ['PUT', '/api/call-script', { checkpoints: [{ label: 'Greet', phrases: ['hel\u0000lo'] }] }, 'checkpoints.0.phrases.0'],
      ['POST', `/api/leads/${leadId}/reassign`, { userId: ann.id, 'user\u0000Id': 1 }, 'user\ufffdId'],
    ];
    for (const [method, url, body, field] of cases) {
      expect({ url, ...(await send(method, url, body)) }).toMatchObject({ url, status: 400, appended: 0, problem: { code: 'validation_failed', field } });
    }
  });

  it('refuses a NUL in a query parameter before it reaches a query', async () => {
    expect(await send('GET', '/api/leads?search=a%00b')).toMatchObject({ status: 400, problem: { field: 'search' } });
  });
});

describe('integers beyond int4', () => {
  it('answers 400 naming the parameter, on every list that filters by an id', async () => {
    for (const [url, field] of [
      ['/api/leads?leadId=2147483648&minVersion=1', 'leadId'], ['/api/calls?userId=2147483648', 'userId'],
      ['/api/calls?before=2147483648', 'before'], ['/api/sales?before=2147483648', 'before'], ['/api/sales?leadId=9007199254740991', 'leadId'],
      ['/api/commissions?userId=2147483648', 'userId'], ['/api/notifications?before=2147483648', 'before'],
      ['/api/user-badges?userId=4294967296', 'userId'], ['/api/calls/analytics/summary?userId=2147483648', 'userId'],
      ['/api/call-script?teamId=2147483648', 'teamId'], ['/api/leaderboard?teamId=2147483648', 'teamId'],
    ]) {
      expect({ url, ...(await send('GET', url!)) }).toMatchObject({ url, status: 400, problem: { code: 'validation_failed', field } });
    }
    expect((await send('GET', '/api/leads?userId=2147483648')).status).toBe(400);
  });

  it('refuses NaN, Infinity, negative, zero and 1e308 ids, and takes the largest int4', async () => {
    for (const v of ['NaN', 'Infinity', '-1', '0', '1e308', '1.5', '']) {
      expect({ v, status: (await send('GET', `/api/calls?userId=${v}`)).status }).toEqual({ v, status: 400 });
    }
    expect((await send('GET', '/api/calls?userId=2147483647')).status).toBe(200);
  });

  it('answers 400 for an id beyond int4 in a body, and for money beyond its limit', async () => {
    expect(await send('POST', `/api/leads/${leadId}/reassign`, { userId: 2147483648 })).toMatchObject({ status: 400, appended: 0, problem: { field: 'userId' } });
    expect(await send('POST', '/api/sales', { leadId, amountCents: 100_000_000_001 })).toMatchObject({ status: 400, appended: 0, problem: { field: 'amountCents' } });
    expect(await send('POST', '/api/sales', { leadId: 2147483648, amountCents: 100 })).toMatchObject({ status: 400, appended: 0, problem: { field: 'leadId' } });
  });
});

describe('instants beyond PostgreSQL\'s years', () => {
  it('answers 400 for a follow-up in year 0000 or in year 10000 once in UTC, and appends nothing', async () => {
    for (const due of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00']) {
      expect({ due, ...(await send('POST', `/api/leads/${leadId}/follow-up`, { nextFollowUp: due })) })
        .toMatchObject({ due, status: 400, appended: 0, problem: { field: 'nextFollowUp' } });
    }
    expect((await send('POST', `/api/leads/${leadId}/follow-up`, { nextFollowUp: '9999-12-31T23:59:59Z' })).status).toBe(200);
  });

  it('answers 400 for a filter bound in year 0000', async () => {
    expect(await send('GET', '/api/calls?from=0000-01-01')).toMatchObject({ status: 400, problem: { field: 'from' } });
    expect(await send('GET', '/api/leads?dateField=createdAt&startDate=0000-01-01T00:00:00Z')).toMatchObject({ status: 400, problem: { field: 'startDate' } });
  });
});

describe('forged list cursors', () => {
  it('answers 400 invalid_cursor for keys that do not fit the sort', async () => {
    for (const [sort, values] of [
      ['newest', ['not a time', 1]], ['newest', ['0000-01-01T00:00:00Z', 1]], ['newest', ['2025-01-01T00:00:00.000Z', 2147483648]],
      ['name_asc', ['dana\u0000', 1]], ['status', ['x', 1]],
    ] as const) {
      const url = `/api/leads?sort=${sort}&cursor=${encodeCursor([...values])}`;
      expect({ url, ...(await send('GET', url)) }).toMatchObject({ url, status: 400, problem: { code: 'invalid_cursor' } });
    }
  });
});
