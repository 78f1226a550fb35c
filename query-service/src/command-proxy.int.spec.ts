import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, CLOSER_FILE_MAX_BYTES } from '@leadfloor/contracts';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { buildApp } from './app';

// never connected: these requests stop at the proxy
const pool = createPool('postgres://unused@127.0.0.1:9/unused');

// A stand-in command-service on loopback that echoes what reached it.
let upstream: FastifyInstance;
let upstreamUrl: string;
let gateway: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  upstream = Fastify({ bodyLimit: 16 * 1024 * 1024 });
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  upstream.all('/api/*', async (request, reply) => reply.code(201).header('set-cookie', 'seen=1; HttpOnly').send({
    method: request.method,
    url: request.url,
    body: request.body ?? null,
    contentType: request.headers['content-type'] ?? null,
    cookie: request.headers.cookie ?? null,
    requestId: request.headers['x-request-id'] ?? null,
    forwardedHost: request.headers['x-forwarded-host'] ?? null,
  }));
  upstreamUrl = await upstream.listen({ port: 0, host: '127.0.0.1' });
  gateway = await buildApp({ pool, secureCookies: false, bodyLimit: 4096, checks: {}, writes: { kind: 'proxy', commandServiceUrl: upstreamUrl } });
});
afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe('gateway write proxy', () => {
  it('forwards a write with its exact body, cookies and the request id', async () => {
    const payload = '{"status":"contacted",  "note":"spacing kept"}';
    const res = await gateway.inject({
      method: 'PATCH', url: '/api/leads/42/status?x=1', payload,
      headers: { 'content-type': 'application/json', cookie: 'lf_session=abc', 'x-request-id': 'req-123', host: 'floor.example' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['set-cookie']).toBe('seen=1; HttpOnly');
    expect(res.json()).toEqual({
      method: 'PATCH', url: '/api/leads/42/status?x=1', body: payload, contentType: 'application/json',
      cookie: 'lf_session=abc', requestId: 'req-123', forwardedHost: 'floor.example',
    });
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('forwards %s', async (method) => {
    const res = await gateway.inject({ method, url: '/api/things/1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ method, url: '/api/things/1' });
  });

  it('gives the write its own request id when the client sent none', async () => {
    const res = await gateway.inject({ method: 'POST', url: '/api/things' });
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
  });

  it('does not proxy reads', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/things' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('refuses an oversized write before it crosses the network', async () => {
    const res = await gateway.inject({ method: 'POST', url: '/api/things', payload: 'x'.repeat(5000), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
  });

  it('lets an avatar upload past BODY_LIMIT, byte for byte, up to the avatar limit and its form', async () => {
    const boundary = 'xyz';
    const file = 'p'.repeat(AVATAR_MAX_BYTES);
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${file}\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const res = await gateway.inject({ method: 'POST', url: '/api/profile/avatar', payload, headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toHaveLength(payload.length);
    const over = await gateway.inject({ method: 'POST', url: '/api/profile/avatar', payload: 'x'.repeat(AVATAR_MAX_BYTES + 128 * 1024), headers });
    expect(over.statusCode).toBe(413);
    // Only that route: any other write keeps BODY_LIMIT.
    expect((await gateway.inject({ method: 'PATCH', url: '/api/profile', payload: 'x'.repeat(5000), headers: { 'content-type': 'application/json' } })).statusCode).toBe(413);
  });

  it("lets a closers hub upload past BODY_LIMIT, byte for byte, up to the hub's file limit and its form", async () => {
    const boundary = 'xyz';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-${'p'.repeat(CLOSER_FILE_MAX_BYTES - 5)}\r\n--${boundary}--\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const res = await gateway.inject({ method: 'POST', url: '/api/closers/files', payload, headers });
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toHaveLength(payload.length);
    const over = await gateway.inject({ method: 'POST', url: '/api/closers/files', payload: 'x'.repeat(CLOSER_FILE_MAX_BYTES + 128 * 1024), headers });
    expect(over.statusCode).toBe(413);
  });

  it('answers a 503 problem when command-service is down', async () => {
    const orphan = await buildApp({ pool, secureCookies: false, bodyLimit: 4096, checks: {}, writes: { kind: 'proxy', commandServiceUrl: 'http://127.0.0.1:1' } });
    try {
      const res = await orphan.inject({ method: 'POST', url: '/api/things', payload: '{}', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 503, code: 'upstream_unavailable' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await orphan.close();
    }
  });
});
