import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@leadfloor/infra/postgres/pool';
import { buildApp } from './app';

// never connected: static files and the SPA fallback need no database
const pool = createPool('postgres://unused@127.0.0.1:9/unused');

const gateway = (consoleDir: string | undefined) =>
  buildApp({ pool, secureCookies: false, bodyLimit: 4096, checks: {}, consoleDir, writes: { kind: 'in-process', register: async () => {} } });

describe('without a console build', () => {
  it('says so on / instead of showing a fake UI', async () => {
    const app = await gateway(path.join(tmpdir(), 'no-such-console-build'));
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('has not been built');
    expect((await app.inject({ method: 'GET', url: '/leads/42' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('with a console build', () => {
  let dir: string;
  let app: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'console-dist-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>LeadFloor console</title>');
    await writeFile(path.join(dir, 'assets', 'app-3f2a.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'csp-hashes.json'), JSON.stringify({ 'script-src': ["'sha256-abc123+/='", "'unsafe-inline'"] }));
    app = await gateway(dir);
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and revalidates it', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('LeadFloor console');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('allows the build\'s inline scripts by hash, and nothing looser', async () => {
    const csp = (await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self' 'sha256-abc123+/='");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a deep link with index.html so the client router takes over', async () => {
    const res = await app.inject({ method: 'GET', url: '/leads/42/history' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('LeadFloor console');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('never answers an unknown API path with HTML', async () => {
    for (const url of ['/api/nope', '/api', '/ws/x', '/healthz/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
    }
    const write = await app.inject({ method: 'POST', url: '/leads/42' });
    expect(write.statusCode).toBe(404);
    expect(write.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
