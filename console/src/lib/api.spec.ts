import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError } from './api';

const respond = (status: number, body: string, headers: Record<string, string> = {}) =>
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers })));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it("raises 'status: body text' for a non-OK answer and parses the error members", async () => {
    const body = JSON.stringify({ message: 'Nope', error: 'invalid_credentials', field: 'password' });
    respond(401, body);
    const error = await api.post('/api/auth/login', {}, z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).code).toBe('invalid_credentials');
    expect((error as ApiError).body?.field).toBe('password');
  });

  it("keeps an unparseable body as text and defaults the code to 'unknown_error'", async () => {
    respond(502, 'Bad Gateway');
    const error = (await api.get('/api/x', z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBeNull();
    expect(error.code).toBe('unknown_error');
  });

  it("reads a 429's Retry-After in seconds", async () => {
    respond(429, JSON.stringify({ message: 'Slow down', error: 'rate_limited' }), { 'retry-after': '30' });
    const error = (await api.post('/api/auth/login', {}, z.unknown()).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBe(30);
  });

  it('sends JSON with its content type and same-origin credentials', async () => {
    const fetch = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api.post('/api/leads', { name: 'A' }, z.object({ ok: z.boolean() }));
    expect(fetch).toHaveBeenCalledWith('/api/leads', expect.objectContaining({
      method: 'POST', credentials: 'same-origin', body: '{"name":"A"}', headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
    }));
  });

  it('sends extra headers such as an Idempotency-Key', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api.patch('/api/leads/1', { stage: 'new' }, z.unknown(), { headers: { 'Idempotency-Key': 'key-12345678' } });
    expect(fetch).toHaveBeenCalledWith('/api/leads/1', expect.objectContaining({
      method: 'PATCH', headers: expect.objectContaining({ 'Idempotency-Key': 'key-12345678', 'Content-Type': 'application/json' }),
    }));
  });

  it('rejects an answer that does not match the contract', async () => {
    respond(200, '{"user":42}');
    await expect(api.get('/api/auth/current-user', z.object({ user: z.string() }))).rejects.toThrow();
  });

  it('drops empty query parameters', async () => {
    const fetch = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api.get('/api/leads', z.unknown(), { params: { limit: 3, typeFilter: '', search: undefined, sort: 'newest' } });
    expect(fetch).toHaveBeenCalledWith('/api/leads?limit=3&sort=newest', expect.anything());
  });
});
