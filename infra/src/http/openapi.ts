import type { FastifySchema } from 'fastify';

/** Error statuses a route may declare beyond those every route of the shared base can answer. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The error answers particular to this route, status -> when it is given (`{ 409: 'The
     * lead is no longer available' }`). The API document lists them as problem+json beside
     * the ones the shared HTTP base gives every route (see `baseProblems`). Documentation only:
     * error bodies are never validated or stripped by a response schema.
     */
    problems?: Partial<Record<ProblemStatus, string>>;
  }
}

/** The security scheme of the session cookie in the API document. */
export const SESSION_SECURITY = 'session';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A route needs a session unless its schema says `security: []`. Documentation states it; the
 * route's own `requireSignedIn` hook enforces it, and a test checks that both agree.
 */
export const isPublic = (schema: FastifySchema | undefined) => Array.isArray(schema?.security) && schema.security.length === 0;

/**
 * The error answers a route of the shared HTTP base (create-http-app.ts) can give whatever
 * its handler does, from its shape: input that fails its schema, a body too large or of the
 * wrong type, a write from another site, no session, an id that names nothing, and the
 * server's own trouble. A route's `problems` add to these (its wording first).
 */
export function baseProblems(method: string, url: string, schema: FastifySchema | undefined): Record<string, string> {
  const s = schema ?? {};
  const out: Record<string, string> = {};
  if (s.body !== undefined || s.querystring !== undefined || s.params !== undefined || s.headers !== undefined) {
    out['400'] = 'The request does not match its schema (validation_failed, with `errors` per field), or its JSON is malformed (malformed_json).';
  }
  if (!isPublic(s)) out['401'] = 'No valid session cookie (not_authenticated): sign in with POST /api/auth/login.';
  if (WRITES.has(method)) out['403'] = 'A browser write from another site (foreign_origin).';
  if (/[:*]/.test(url)) out['404'] = 'Nothing at this address (not_found).';
  if (s.body !== undefined) {
    out['413'] = 'The body exceeds the size limit (body_too_large).';
    out['415'] = 'The body is not application/json (unsupported_media_type).';
  }
  out['500'] = 'An unexpected error (internal_error); the details are in the server log under the request id.';
  out['503'] = 'Not available right now: shutting down, a dependency is down, or (writes) command-service did not answer. Retry; a command with the same Idempotency-Key is applied once.';
  for (const [status, when] of Object.entries(s.problems ?? {})) {
    if (when) out[status] = out[status] ? `${when} Also: ${out[status]}` : when;
  }
  return out;
}
