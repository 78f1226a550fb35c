import type { FastifySchema } from 'fastify';
import type { RegisteredRoute } from './api-docs';

const WRITES_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What a route must declare to be documented from its schema: the answer (a 2xx response
 * schema), its path parameters, and for a write its body (so unknown fields answer 400
 * instead of passing unseen). Routes that are not API operations (the console's files, the
 * reference page's assets, /metrics, the write proxy) say `hide: true`. Returns one line per
 * gap, empty when every route is documented.
 */
export function routesMissingSchemas(routes: RegisteredRoute[]): string[] {
  const gaps: string[] = [];
  for (const { method, url, schema } of routes) {
    if (schema?.hide === true) continue;
    const at = `${method} ${url}`;
    if (!schema) {
      gaps.push(`${at}: no schema (declare its request and answers, or hide: true if it is no API operation)`);
      continue;
    }
    if (!hasSuccessAnswer(schema)) gaps.push(`${at}: no 2xx response schema`);
    if (/[:*]/.test(url) && schema.params === undefined) gaps.push(`${at}: no params schema`);
    if (WRITES_WITH_BODY.has(method) && schema.body === undefined) gaps.push(`${at}: no body schema (z.strictObject({}).optional() for none)`);
  }
  return gaps;
}

const hasSuccessAnswer = (schema: FastifySchema) =>
  typeof schema.response === 'object' && schema.response !== null && Object.keys(schema.response).some((s) => /^2(\d\d|xx)$/i.test(s));
