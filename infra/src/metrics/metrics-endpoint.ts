import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../http/problem';
import { metrics, metricsText } from './metrics';

// Hashing both sides first makes the comparison constant-time whatever the lengths.
const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the request carries `Authorization: Bearer <token>` (Prometheus' `authorization` scrape setting). */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  const given = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * An onResponse hook: every answer's duration by route template (never the raw URL, so ids do
 * not explode the label set) and status. Requests that matched no route count as `unmatched`.
 */
export async function recordHttpDuration(request: FastifyRequest, reply: FastifyReply) {
  const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
  metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
}

/**
 * GET /metrics on the service's own port, for a scraper holding the token (METRICS_TOKEN).
 * Anyone else gets 401; it is left out of the API document.
 */
export const metricsRoute: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(reply, { status: 401, code: 'metrics_unauthorized', detail: 'Send the metrics token as Authorization: Bearer <token>.' });
    }
    const { contentType, body } = await metricsText();
    return reply.type(contentType).send(body);
  });
};

export type MetricsServer = { url: string; close(): Promise<void> };

/**
 * /metrics on a port of its own (METRICS_PORT, on METRICS_HOST: loopback unless told
 * otherwise), for processes without an HTTP API (projector, relay, worker) and for operators
 * who keep metrics off the public port. With a token, it is required here too.
 */
export async function startMetricsServer({ host, port, token }: { host: string; port: number; token?: string }): Promise<MetricsServer> {
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }).end('unauthorized\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  // A scraper's keep-alive connection must not hold shutdown up.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
