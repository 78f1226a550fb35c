import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TrustProxy } from '../config';
import { metricsRoute, recordHttpDuration } from '../metrics/metrics-endpoint';
import { drainOnClose } from './drain-on-close';
import { notFoundProblem, problemErrorHandler, type ErrorToProblem } from './error-handler';
import { sendProblem } from './problem';
import { refuseForeignOriginWrites } from './same-origin';
import { registerSecurityHeaders } from './security-headers';
import { refusingUnstorableText } from './storable-text';
import { assertStrictBody } from './strict-bodies';

export type HttpApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export type HttpAppOptions = {
  /** Largest accepted request body in bytes (config BODY_LIMIT); beyond it, 413. */
  bodyLimit: number;
  /** A pino logger (the process's), or false for silence (tests). */
  logger?: FastifyBaseLogger | false;
  /** The service's own errors as problems (command-service maps its DomainError). */
  mapError?: ErrorToProblem;
  /** Answers unknown routes; default a 404 problem (the gateway adds the console's SPA fallback). */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
  /** CSP hashes ('sha256-…') of inline scripts the served pages carry. */
  scriptHashes?: string[];
  /** Serve GET /metrics on this app to `Authorization: Bearer <token>` (config METRICS_TOKEN); unset: not served. */
  metricsToken?: string;
  /** Peers whose X-Forwarded-* headers count (config TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
};

export const REQUEST_ID_HEADER = 'x-request-id';
// A caller's id is kept for correlation (the gateway forwards its own to command-service),
// but only when it is short and plain: it ends up in every log line of the request.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The Fastify base both services share: zod validation and serialization, bodies taken as
 * given (no stripping: object bodies must be strict, checked at registration; no coercion:
 * zod coerces only where a schema says z.coerce, which bodies never do), prototype-poisoning
 * keys refused, text PostgreSQL cannot store (NUL, lone surrogates) refused in every body, query
 * and path parameter, a body limit, security headers, request ids, and problem+json for every error
 * and every unknown route. Routes, health checks and static files are added by the caller.
 */
export async function createHttpApp({ bodyLimit, logger = false, mapError, notFound = notFoundProblem, scriptHashes, metricsToken, trustProxy = false }: HttpAppOptions): Promise<HttpApp> {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit,
    // A union argument would pick fastify's http2 overload; the value is one of its accepted forms.
    trustProxy: trustProxy as boolean,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    genReqId: requestIdOf,
    requestIdHeader: false,
    // On close, answer 503 to new requests and drop idle keep-alive sockets so shutdown is prompt.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Errors raised before routing (an undecodable URL) get the same problem body as the rest.
    frameworkErrors: (error, _request, reply) => {
      void sendProblem(reply, { status: 400, code: 'bad_request', detail: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(refusingUnstorableText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', assertStrictBody);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onRequest', refuseForeignOriginWrites);
  await registerSecurityHeaders(app, { scriptHashes });
  app.setErrorHandler(problemErrorHandler({ mapError, bodyLimit }));
  app.setNotFoundHandler(notFound);
  app.addHook('onResponse', recordHttpDuration);
  drainOnClose(app);
  if (metricsToken !== undefined) await app.register(metricsRoute, { token: metricsToken });
  return app;
}
