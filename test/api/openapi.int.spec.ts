import { randomBytes } from 'node:crypto';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandRoutes } from '../../command-service/src/app';
import type { HttpApp } from '../../infra/src/http/create-http-app';
import { startApi, type Api } from '../api-harness';
import { buildApp } from '../../query-service/src/app';
import { registeredRoutes } from '../../query-service/src/docs/api-docs';
import type { OpenApiDocument } from '../../query-service/src/docs/openapi-document';
import { routesMissingSchemas } from '../../query-service/src/docs/route-inventory';

// The document of both forms: embedded (command routes mounted in the gateway) and distributed
// (the gateway proxies writes and documents them from command-service's own plugin, as the
// launcher hands it over).
let api: Api;
let distributed: HttpApp;

const documentOf = async (app: HttpApp) => {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApiDocument;
};

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`)).sort();

/** `/api/leads/:id` as the document writes it: `/api/leads/{id}`. */
const documentedPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

beforeAll(async () => {
  api = await startApi();
  distributed = await buildApp({
    pool: api.pool, secureCookies: false, bodyLimit: 1_048_576, checks: {},
    writes: {
      kind: 'proxy', commandServiceUrl: 'http://127.0.0.1:9',
      describe: (app) => app.register(commandRoutes, { pool: api.pool, bodyLimit: 1_048_576, secureCookies: false, twoFactorKey: randomBytes(32) }),
    },
  });
});

afterAll(async () => {
  await distributed?.close();
  await api?.close();
});

describe('the API document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const doc = await documentOf(api.app);
    expect(doc.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    await expect(SwaggerParser.validate(structuredClone(await documentOf(distributed)) as never)).resolves.toBeTruthy();
  });

  it('has no route registered without a schema, in either form', () => {
    expect(routesMissingSchemas(registeredRoutes(api.app))).toEqual([]);
    expect(routesMissingSchemas(registeredRoutes(distributed))).toEqual([]);
  });

  it('lists every route the gateway serves', async () => {
    const documented = new Set(operationsOf(await documentOf(api.app)));
    const served = registeredRoutes(api.app).filter((r) => r.schema?.hide !== true).map((r) => `${r.method} ${documentedPath(r.url)}`);
    expect(served.filter((op) => !documented.has(op))).toEqual([]);
    expect(documented.has('POST /api/leads/{id}/claim')).toBe(true);
  });

  it('lists the same operations when the gateway proxies the writes', async () => {
    const embedded = await documentOf(api.app);
    const proxied = await documentOf(distributed);
    expect(operationsOf(proxied)).toEqual(operationsOf(embedded));
    expect(proxied.paths!['/api/leads/{id}/claim']).toEqual(embedded.paths!['/api/leads/{id}/claim']);
  });

  it('documents error answers as problem+json, with the route\'s own refusals', async () => {
    const doc = await documentOf(api.app);
    const claim = doc.paths!['/api/leads/{id}/claim']!.post!;
    expect(Object.keys(claim.responses!)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429', '500', '503']));
    expect(claim.responses!['409']).toMatchObject({
      description: expect.stringContaining('lead.not_available'),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    });
    expect(doc.paths!['/api/auth/login']!.post!.responses!['401']!.description).toContain('invalid_credentials');
    expect(doc.components!.schemas!.Problem).toMatchObject({ required: expect.arrayContaining(['type', 'title', 'status', 'code']) });
  });

  it('marks public routes, and every route it says needs a session answers 401 without one', async () => {
    const doc = await documentOf(api.app);
    expect(doc.security).toEqual([{ session: [] }]);
    const publicOps: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths!)) {
      for (const [method, op] of Object.entries(ops)) {
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        if (isPublic) publicOps.push(`${method.toUpperCase()} ${path}`);
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await api.app.inject({ method: method.toUpperCase() as 'GET', url });
        expect({ op: `${method} ${path}`, unauthorized: res.statusCode === 401 }).toEqual({ op: `${method} ${path}`, unauthorized: !isPublic });
      }
    }
    expect(publicOps).toEqual(expect.arrayContaining(['POST /api/auth/login', 'POST /api/auth/register', 'GET /api/auth/current-user', 'GET /readyz']));
  });

  it('documents the Idempotency-Key header and optional bodies of commands', async () => {
    const claim = (await documentOf(api.app)).paths!['/api/leads/{id}/claim']!.post! as { parameters?: { in: string; name: string }[]; requestBody?: { required?: boolean } };
    expect(claim.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    expect(claim.requestBody?.required).toBe(false);
  });

  it('serves a browsable reference from its own origin under the CSP', async () => {
    const page = await api.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const script = await api.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
