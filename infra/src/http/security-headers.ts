import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const SCRIPT_HASH = /^'sha(256|384|512)-[A-Za-z0-9+/]+={0,2}'$/;

/**
 * Security headers on every answer, errors and 404s included (helmet sets them in onRequest,
 * before routing or body parsing can fail). The CSP fits the built console: scripts, styles,
 * fonts and API calls from our own origin only, no inline script, no framing (clickjacking on
 * the claim button), no plugins. `connect-src 'self'` covers the same-origin WebSocket in
 * current browsers. No referrer leaves the app: lead URLs carry ids.
 */
export async function registerSecurityHeaders(app: FastifyInstance, { scriptHashes = [] }: { scriptHashes?: string[] } = {}) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts only by exact hash (the console's pre-paint theme script), never 'unsafe-inline'.
        scriptSrc: ["'self'", ...scriptHashes.filter((h) => SCRIPT_HASH.test(h))],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The API answers cross-origin reads with nothing useful, and the console is same-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
