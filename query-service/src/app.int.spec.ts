import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { postgresCheck } from '@leadfloor/infra/http/readiness-checks';
import { createPool, type Pool } from '@leadfloor/infra/postgres/pool';
import { createTestDatabase } from '../../test/db';
import { buildApp } from './app';

// A stand-in for a command route: a strict body, as every LeadFloor body is.
const NoteBody = z.strictObject({ text: z.string().min(1), pinned: z.boolean().optional() });
const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/notes', { schema: { body: NoteBody } }, async (request) => ({ received: request.body }));
  app.post('/slow-down', async () => {
    throw new ApiError(429, 'too_many_requests', 'Too many claims; wait a moment.', { headers: { 'retry-after': '5' } });
  });
  app.post('/explode', async () => {
    throw new Error('secret connection string postgres://admin:hunter2@db');
  });
};

const BODY_LIMIT = 4096;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: Pool;
const logged: string[] = [];
const logger = pino({ level: 'info' }, new Writable({ write(chunk, _enc, done) { logged.push(String(chunk)); done(); } }));

async function gateway(checks: Parameters<typeof buildApp>[0]['checks'] = { postgres: postgresCheck(pool) }) {
  return buildApp({
    pool, secureCookies: false, bodyLimit: BODY_LIMIT, logger, checks, consoleDir: undefined,
    writes: { kind: 'in-process', register: (app) => app.register(testRoutes, { prefix: '/api' }) },
  });
}
let app: Awaited<ReturnType<typeof gateway>>;

beforeAll(async () => {
  db = await createTestDatabase();
  pool = createPool(db.url, { max: 2 });
  app = await gateway();
});
afterAll(async () => {
  await app?.close();
  await pool?.end();
  await db?.drop();
});

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/notes', headers: { 'content-type': contentType }, payload });

const expectProblem = (res: Awaited<ReturnType<typeof post>>, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, code, title: expect.any(String), type: expect.stringContaining(code) });
  expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+|stack/);
  return body;
};

describe('gateway bad input', () => {
  it('accepts a body that matches its strict schema', async () => {
    const res = await post(JSON.stringify({ text: 'call back at 3', pinned: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { text: 'call back at 3', pinned: true } });
  });

  it('answers 413 to a body over BODY_LIMIT', async () => {
    const body = expectProblem(await post(JSON.stringify({ text: 'x'.repeat(BODY_LIMIT) })), 413, 'body_too_large');
    expect(body.detail).toContain(String(BODY_LIMIT));
  });

  it('answers 400 to malformed JSON', async () => {
    expectProblem(await post('{"text": "unterminated'), 400, 'malformed_json');
  });

  it('answers 415 to a body that is not JSON', async () => {
    expectProblem(await post('text=hello', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
  });

  it('answers 400 to a __proto__ key and pollutes nothing', async () => {
    expectProblem(await post('{"text":"hi","__proto__":{"polluted":true}}'), 400, 'malformed_json');
    expectProblem(await post('{"text":"hi","constructor":{"prototype":{"polluted":true}}}'), 400, 'malformed_json');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 naming an unknown field instead of dropping it', async () => {
    const body = expectProblem(await post(JSON.stringify({ text: 'hi', claimedBy: 1 })), 400, 'validation_failed');
    expect(body.errors).toEqual([expect.objectContaining({ code: 'unrecognized_keys', message: expect.stringContaining('claimedBy') })]);
  });

  it('answers 400 to a wrongly typed field instead of coercing it', async () => {
    const body = expectProblem(await post(JSON.stringify({ text: 'hi', pinned: 'true' })), 400, 'validation_failed');
    expect(body.errors[0]).toMatchObject({ path: '/pinned' });
  });

  it('answers a 404 problem for an unknown /api route', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/no-such-thing' }), 404, 'not_found');
  });

  it('answers a route\'s own refusal with its status, code and headers', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/slow-down' });
    expect(expectProblem(res, 429, 'too_many_requests').detail).toBe('Too many claims; wait a moment.');
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers 500 with a generic title and message, no detail or stack, and logs the error', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/explode' });
    const body = expectProblem(res, 500, 'internal_error');
    expect(body).toEqual({ type: expect.any(String), title: 'Internal Server Error', status: 500, code: 'internal_error', error: 'internal_error', message: 'Internal Server Error' });
    expect(res.body).not.toContain('hunter2');
    expect(logged.join('')).toContain('hunter2');
  });
});

describe('gateway security headers', () => {
  it.each(['/healthz', '/api/no-such-thing', '/'])('sets them on %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('sets them on a refused body too', async () => {
    const res = await post('{oops');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('gateway health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz ok when PostgreSQL answers select 1', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { postgres: 'ok' } });
  });

  it('answers /readyz 200 degraded when only a dependency it can serve without fails, naming it', async () => {
    const degraded = await buildApp({
      pool, secureCookies: false, bodyLimit: BODY_LIMIT, logger, consoleDir: undefined,
      checks: { postgres: postgresCheck(pool) },
      degradedWithout: { redis: async () => { throw new Error('connect ECONNREFUSED 10.0.0.7:6379'); }, kafka: async () => {} },
      writes: { kind: 'in-process', register: async () => {} },
    });
    try {
      const res = await degraded.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded', checks: { postgres: 'ok', redis: 'fail', kafka: 'ok' } });
      expect(res.body).not.toContain('10.0.0.7');
    } finally {
      await degraded.close();
    }
  });

  it('answers /readyz 503 naming the failing check, without its error', async () => {
    const failing = await gateway({
      postgres: postgresCheck(pool),
      redis: async () => { throw new Error('connect ECONNREFUSED 10.0.0.7:6379'); },
    });
    try {
      const res = await failing.inject({ method: 'GET', url: '/readyz' });
      const body = expectProblem(res, 503, 'not_ready');
      expect(body.checks).toEqual({ postgres: 'ok', redis: 'fail' });
      expect(body.detail).toContain('redis');
      expect(res.body).not.toContain('10.0.0.7');
    } finally {
      await failing.close();
    }
  });
});
