import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundProblem } from '@leadfloor/infra/http/error-handler';

/** Where the console's build lands (`console/dist` at the repository root). */
export const defaultConsoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../console/dist');

export const isConsoleBuilt = (dir: string | undefined): dir is string =>
  dir !== undefined && existsSync(path.join(dir, 'index.html'));

/**
 * The hashes of the build's inline scripts (written by the console build as csp-hashes.json),
 * for the CSP to allow exactly those. A build without the file has no inline script to allow.
 */
export function consoleScriptHashes(dir: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, 'csp-hashes.json'), 'utf8')) as { 'script-src'?: unknown };
    const hashes = parsed['script-src'];
    return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

// Paths the server owns; everything else a browser GETs belongs to the console's router.
const SERVER_PATH = /^\/(api|ws|healthz|readyz)(\/|\?|$)/;

/**
 * Unknown routes in the gateway: a browser's deep link (`/leads/42`) gets the console's
 * index.html so the client-side router can take over; anything under /api (or a write) is a
 * 404 problem, never an HTML page a client would try to parse as JSON.
 */
export function spaFallback(request: FastifyRequest, reply: FastifyReply) {
  const isPageLoad = (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATH.test(request.url);
  if (!isPageLoad) return notFoundProblem(request, reply);
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

/**
 * Serves the built console: hashed assets cached for good, index.html always revalidated.
 * Registered on the root instance so `reply.sendFile` reaches the not-found handler.
 */
export async function serveConsole(app: FastifyInstance, dir: string) {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    index: 'index.html',
    // The build writes .br and .gz beside every text asset: a first visit downloads a third.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache');
    },
  });
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>LeadFloor</title></head>
<body>
<h1>LeadFloor is running</h1>
<p>The web console has not been built, so there is no user interface to show yet.</p>
<p>The API answers under <code>/api</code>, and <a href="/readyz">/readyz</a> reports whether this server is ready.</p>
<p><code>npm start</code> builds the console into <code>console/dist</code> when it is missing (unless <code>CONSOLE_BUILD=off</code>); <code>npm run build -w console</code> builds it by hand. Restart the server to use it here.</p>
</body>
</html>
`;

/** Without a build, `/` says so plainly instead of pretending to be the app. */
export const consoleNotBuiltRoute: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE));
};
