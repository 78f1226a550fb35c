import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../postgres/unavailable';
import { ApiError } from './api-error';
import { sendProblem, type ProblemInput } from './problem';

/** A service's own errors (a DomainError...) as problems; undefined leaves the error to the defaults. */
export type ErrorToProblem = (error: unknown) => ProblemInput | undefined;

type ValidationIssue = { instancePath?: string; keyword?: string; message?: string };
type HttpError = Partial<FastifyError> & { validation?: ValidationIssue[]; validationContext?: string };

// Errors Fastify raises while reading a body, before any handler runs. Each gets a code of its
// own so a client can tell "fix your JSON" from "send less".
const bodyErrors: Record<string, ProblemInput> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400, code: 'malformed_json', title: 'Malformed JSON body',
    detail: 'The body is not valid JSON, or it holds a forbidden key (__proto__, constructor.prototype).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400, code: 'malformed_json', title: 'Malformed JSON body',
    detail: 'The content type is application/json but the body is empty.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400, code: 'invalid_content_length', detail: 'The body size does not match Content-Length.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415, code: 'unsupported_media_type', detail: 'Send the body as application/json.',
  },
};

/** "Not Found" -> "not_found": the fallback code of an HTTP-level problem. */
export const statusCodeName = (status: number) =>
  (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/**
 * The one place that turns a thrown error into an answer. A route's own refusal (ApiError)
 * and the service's mapped errors answer as they say. Validation failures say what was
 * wrong; other client errors keep their status; anything else is a 500 with a generic title,
 * logged with its stack, which never reaches the client. Upstream 502/503/504 (a proxied
 * service that is down) keep their status so a client knows to retry, and so does a database
 * that is down or restarting: 503 `database_error` (spec 8's code for it), never a 500.
 */
export function problemErrorHandler({ mapError, bodyLimit }: { mapError?: ErrorToProblem; bodyLimit?: number } = {}) {
  return function handleError(this: unknown, error: unknown, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof ApiError) {
      request.log.debug({ err: error }, 'request refused');
      for (const [name, value] of Object.entries(error.extras.headers ?? {})) reply.header(name, value);
      return sendProblem(reply, error.toProblem());
    }
    const mapped = mapError?.(error);
    if (mapped) {
      request.log.debug({ err: error }, 'request refused');
      return sendProblem(reply, mapped);
    }
    const e = (typeof error === 'object' && error !== null ? error : {}) as HttpError;
    if (Array.isArray(e.validation)) {
      request.log.debug({ validation: e.validation }, 'request failed validation');
      // `field` is the input's name as a form knows it ("email", "tags.0"), so the console can
      // put the message beside it; the first issue's message is the problem's message.
      const errors = e.validation.map((v) => ({
        field: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.'),
        path: v.instancePath || '/',
        code: v.keyword ?? 'invalid',
        message: v.message ?? 'is invalid',
      }));
      return sendProblem(reply, {
        status: 400,
        code: 'validation_failed',
        title: 'Invalid request',
        detail: `The request ${e.validationContext ?? 'input'} does not match the expected shape.`,
        message: errors[0]?.message ?? 'Invalid request',
        ...(errors[0]?.field ? { field: errors[0].field } : {}),
        errors,
      });
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, {
        status: 413, code: 'body_too_large',
        detail: bodyLimit ? `The body exceeds the limit of ${bodyLimit} bytes.` : 'The body exceeds the size limit.',
      });
    }
    const known = e.code ? bodyErrors[e.code] : undefined;
    if (known) return sendProblem(reply, known);

    const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
    if (status === 500 && isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '1');
      return sendProblem(reply, {
        status: 503, code: 'database_error', title: 'Service Unavailable',
        detail: "We're having trouble connecting to our systems. Please try again in a few moments.",
      });
    }
    if (status >= 400 && status < 500) {
      request.log.debug({ err: error }, 'client error');
      return sendProblem(reply, { status, code: statusCodeName(status), detail: e.message });
    }
    const upstream = status === 502 || status === 503 || status === 504;
    request.log.error({ err: error }, upstream ? 'upstream failure' : 'unhandled error');
    return upstream
      ? sendProblem(reply, { status, code: 'upstream_unavailable', detail: 'A service behind this one did not answer. Retry shortly.' })
      : sendProblem(reply, { status: 500, code: 'internal_error', title: 'Internal Server Error' });
  };
}

export function notFoundProblem(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return sendProblem(reply, { status: 404, code: 'not_found', detail: `No resource at ${request.method} ${path}.` });
}
