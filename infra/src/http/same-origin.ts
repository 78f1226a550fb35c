import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A browser says the request comes from a page of another site (a foreign or opaque Origin). */
export function comesFromAnotherSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true; // "null" or garbage: not a page of ours
  }
}

/**
 * Cross-site request forgery guard: a write that a browser marks as coming from another site
 * (Origin of another host, or Sec-Fetch-Site: cross-site) is refused with 403 before anything
 * runs. Requests without those headers (API clients, curl) are not browsers riding a cookie.
 * Behind the gateway, the host the browser addressed arrives as X-Forwarded-Host, which
 * `request.host` honours only from a trusted proxy (TRUST_PROXY).
 */
export async function refuseForeignOriginWrites(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE.has(request.method)) return;
  if (comesFromAnotherSite(request)) {
    return sendProblem(reply, { status: 403, code: 'foreign_origin', detail: 'Writes are accepted only from LeadFloor itself.' });
  }
}
