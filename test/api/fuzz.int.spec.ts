import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore, SESSION_COOKIE } from '../../infra/src/auth/sessions';
import { startApi } from '../api-harness';
import { waitFor } from '../wait-for';
import { claimedLead, staffTeam } from './floor-setup';
import { operationsOf, type ApiDocument, type ExampleContext } from './fuzz-operations';
import { hostileRequests, written } from './fuzz-requests';

// QUALITY.md, "Bad input": whatever a client sends, never a 500 and never a partial change.
// Every operation of the API document (so every route added later too) gets requests with one
// or two parts made hostile: NUL and unpaired surrogates, megabyte strings, int32 and int64
// overflow, NaN and Infinity, negative ids, wrong types, prototype keys, broken JSON. A failure
// reports fast-check's seed and the smallest request it found.
const RUNS_PER_OPERATION = 25;

const api = await startApi();
const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
const operations = operationsOf(document);
const sessions = createSessionStore(api.pool);

let people: Record<'agent' | 'manager', number>;
let ctx: ExampleContext;

beforeAll(async () => {
  const agent = await api.agent('fuzzagent');
  const manager = await api.agent('fuzzboss');
  await staffTeam(api, 'Fuzzers', manager, [agent]);
  // A lead, a call and a sale, so that ids in examples name things that exist (each the first of its kind).
  const leadId = await claimedLead(agent);
  const call = await agent.request('POST', '/api/calls', { leadId, durationSeconds: 60, result: 'connected', transcript: 'Hello, this is Fuzz.' });
  const sale = await agent.request('POST', '/api/sales', { leadId, amountCents: 250_000 });
  expect([call.statusCode, sale.statusCode]).toEqual([201, 201]);
  people = { agent: agent.id, manager: manager.id };
  ctx = { id: leadId, userId: agent.id };
});

afterAll(async () => api.close());

const appendedBy = async (requestId: string) => (await api.pool.query<{ n: number }>(
  `select count(*)::int as n from events where metadata->>'correlationId' = $1`, [requestId])).rows[0]!.n;

describe('the API under hostile input', () => {
  it('fuzzes every operation the document lists', () => {
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toEqual(expect.arrayContaining([
      'POST /api/leads', 'PATCH /api/leads/{id}', 'POST /api/leads/{id}/tags', 'POST /api/leads/{id}/reassign', 'GET /api/leads',
      'POST /api/calls', 'POST /api/calls/{id}/complete', 'GET /api/calls', 'PUT /api/call-script',
      'POST /api/sales', 'POST /api/sales/{id}/reject', 'GET /api/sales', 'POST /api/auth/login',
    ]));
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(20);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: never a 5xx, and a refusal appends nothing', async (_name, op) => {
    await fc.assert(fc.asyncProperty(hostileRequests(op, ctx), async (req) => {
      // A session of its own per request: a sign-out among the runs must not sign the next one out.
      const { token } = await sessions.create(people[req.as], false);
      const requestId = `fuzz-${randomUUID()}`;
      const { url, payload, contentType } = written(op, req, ctx);
      const res = await api.app.inject({
        method: op.method, url,
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-request-id': requestId, ...(contentType ? { 'content-type': contentType } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
      const said = `${op.method} ${url.slice(0, 200)} answered ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, said).toBeLessThan(500);
      if (res.statusCode >= 400) expect(await appendedBy(requestId), `${said}, yet appended events`).toBe(0);
      expect((Object.prototype as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    }), { numRuns: RUNS_PER_OPERATION });
  }, 120_000);

  it('leaves every projection able to apply what the accepted requests appended', async () => {
    // An event a projection cannot store (a date PostgreSQL refuses...) would hold its checkpoint back for good.
    const { rows: runners } = await api.pool.query<{ name: string }>('select name from checkpoints');
    expect(runners.map((r) => r.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^lead_pool_v/), expect.stringMatching(/^calls_v/)]));
    await waitFor(async () => {
      const { rows } = await api.pool.query<{ behind: string[] }>(
        `select coalesce(array_agg(c.name), '{}') as behind from checkpoints c
         where (c.transaction_id, c.global_position) <
           (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1)`);
      if (rows[0]!.behind.length > 0) throw new Error(`behind the log: ${rows[0]!.behind.join(', ')}`);
      return true;
    }, { what: 'every projection to apply the whole log', timeoutMs: 30_000 });
  });
});
