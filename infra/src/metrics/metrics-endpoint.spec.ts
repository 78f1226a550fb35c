import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/create-http-app';
import { bearerMatches, startMetricsServer, type MetricsServer } from './metrics-endpoint';

const TOKEN = 'scrape-token-0123456789abcdef';

describe('GET /metrics on a service port', () => {
  it('is not served when no token is configured', async () => {
    const app = await createHttpApp({ bodyLimit: 4096 });
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });

  it('answers 401 without the bearer token, and the Prometheus text with it', async () => {
    const app = await createHttpApp({ bodyLimit: 4096, metricsToken: TOKEN });
    app.get('/api/ping', { schema: { hide: true } }, async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/ping' });

    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.headers['content-type']).toMatch(/^application\/problem\+json/);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } });
    expect(wrong.statusCode).toBe(401);

    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('leadfloor_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/ping",status_code="200"}');
    expect(ok.body).toContain('nodejs_eventloop_lag_seconds');
    await app.close();
  });

  it('labels requests that matched no route as unmatched, never by their raw URL', async () => {
    const app = await createHttpApp({ bodyLimit: 4096, metricsToken: TOKEN });
    await app.inject({ method: 'GET', url: '/no/such/thing/42' });
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.body).toContain('route="unmatched",status_code="404"');
    expect(ok.body).not.toContain('/no/such/thing');
    await app.close();
  });
});

describe('the metrics port', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('serves /metrics on a port of its own, and nothing else', async () => {
    server = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('process_cpu_seconds_total');
    expect((await fetch(server.url.replace('/metrics', '/api/leads'))).status).toBe(404);
  });

  it('requires the token there too when one is set', async () => {
    server = await startMetricsServer({ host: '127.0.0.1', port: 0, token: TOKEN });
    expect((await fetch(server.url)).status).toBe(401);
    expect((await fetch(server.url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });
});

describe('bearerMatches', () => {
  it('accepts only the exact token in a Bearer header', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches([`Bearer ${TOKEN}`], TOKEN)).toBe(false);
  });
});
