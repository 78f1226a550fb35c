import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routesMissingSchemas } from './route-inventory';

const Lead = z.object({ id: z.number() });
const Params = z.object({ id: z.coerce.number() });

describe('routesMissingSchemas', () => {
  it('flags a route registered without a schema', () => {
    expect(routesMissingSchemas([{ method: 'GET', url: '/api/things' }])).toEqual([
      'GET /api/things: no schema (declare its request and answers, or hide: true if it is no API operation)',
    ]);
  });

  it('flags a route whose schema leaves out its answer, its path parameters or its body', () => {
    expect(routesMissingSchemas([
      { method: 'GET', url: '/api/leads/:id', schema: { params: Params } },
      { method: 'GET', url: '/api/leads/:id/history', schema: { response: { 200: Lead } } },
      { method: 'POST', url: '/api/leads', schema: { response: { 201: Lead } } },
    ])).toEqual([
      'GET /api/leads/:id: no 2xx response schema',
      'GET /api/leads/:id/history: no params schema',
      'POST /api/leads: no body schema (z.strictObject({}).optional() for none)',
    ]);
  });

  it('accepts documented routes and routes hidden on purpose', () => {
    expect(routesMissingSchemas([
      { method: 'PATCH', url: '/api/leads/:id', schema: { params: Params, body: z.strictObject({}), response: { 200: Lead } } },
      { method: 'GET', url: '/api/docs/static/*', schema: { hide: true } },
    ])).toEqual([]);
  });
});
