import replyFrom from '@fastify/reply-from';
import { AVATAR_MAX_BYTES, CLOSER_FILE_MAX_BYTES, IMPORT_MAX_BYTES } from '@leadfloor/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '@leadfloor/infra/http/create-http-app';
import { sendProblem } from '@leadfloor/infra/http/problem';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Room for a multipart form's boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The distributed form's write path: every POST/PUT/PATCH/DELETE under this plugin's prefix
 * goes to command-service unchanged. The body is read as raw bytes (the body limit still
 * applies here, so an oversized upload never crosses the network) and forwarded as is:
 * command-service validates it and answers, and its problem+json comes back verbatim. Cookies
 * pass through (command-service resolves the session); the request id follows the request so
 * one id traces it through both services' logs.
 */
export const commandProxy: FastifyPluginAsync<{ upstream: string }> = async (app, { upstream }) => {
  await app.register(replyFrom, {
    base: upstream,
    // Commands are not retried by the proxy: the client retries with its command id.
    retryMethods: [],
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const forward = (request: FastifyRequest, reply: FastifyReply) => reply.from(request.url, {
    // Passed with its content type, the body goes out byte for byte (reply-from would
    // otherwise re-serialise anything it takes for JSON, and a Buffer is not JSON).
    ...(Buffer.isBuffer(request.body) ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
    rewriteRequestHeaders: (_req, headers) => ({ ...headers, ...forwardedHeaders(request) }),
    onError: (_reply, { error }) => {
      request.log.error({ err: error }, 'command-service did not answer');
      void sendProblem(reply, upstreamProblem(error));
    },
  });
  for (const method of WRITE_METHODS) {
    // Documented as command-service's own routes (docs/api-docs.ts describeRoutes), not as a wildcard.
    app.route({ method, url: '/*', schema: { hide: true }, handler: forward });
  }
  // An avatar may be larger than BODY_LIMIT: command-service holds it to its own, exact limit.
  app.post('/profile/avatar', { schema: { hide: true }, bodyLimit: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD, handler: forward });
  // So may an import's file (command-service holds it to IMPORT_MAX_BYTES and 100,000 rows).
  app.post('/imports', { schema: { hide: true }, bodyLimit: IMPORT_MAX_BYTES + MULTIPART_OVERHEAD, handler: forward });
  app.post('/closers/files', { schema: { hide: true }, bodyLimit: CLOSER_FILE_MAX_BYTES + MULTIPART_OVERHEAD, handler: forward });
};

/**
 * command-service unreachable or slow: 503 or 504 problem, so the client knows to retry (with
 * the same command id, which makes a retried command harmless). Never a bare 500.
 */
function upstreamProblem(error: Error & { code?: string; statusCode?: number }) {
  const timedOut = error.statusCode === 504 || /TIMEOUT/i.test(error.code ?? '');
  return timedOut
    ? { status: 504, code: 'upstream_timeout', detail: 'command-service did not answer in time. Retry with the same command id.' }
    : { status: 503, code: 'upstream_unavailable', detail: 'command-service is unavailable. Retry shortly.' };
}

function forwardedHeaders(request: FastifyRequest) {
  const priorFor = request.headers['x-forwarded-for'];
  return {
    [REQUEST_ID_HEADER]: request.id,
    // Origin checks and per-address rate limits in command-service need what the browser sent.
    'x-forwarded-for': priorFor ? `${priorFor}, ${request.ip}` : request.ip,
    'x-forwarded-host': request.headers.host ?? '',
    'x-forwarded-proto': request.protocol,
  };
}
