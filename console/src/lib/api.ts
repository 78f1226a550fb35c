import type { z } from 'zod';
import { ErrorBodySchema, type ErrorBody } from '@leadfloor/contracts';

/** Any answer we may read members from: servers or proxies in front of them may omit some. */
const LenientErrorBodySchema = ErrorBodySchema.partial();
export type ApiErrorBody = Partial<ErrorBody>;

/**
 * A non-OK answer. The message keeps spec 7's form 'status: body text' (the auth screens show
 * an unparseable one as is); `body` holds the parsed error members when the text was JSON.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: ApiErrorBody | null,
    /** Seconds from a 429's Retry-After header, when the server sent one. */
    readonly retryAfter: number | null,
  ) {
    super(`${status}: ${bodyText}`);
  }

  /** The stable error code of spec 8 ('unknown_error' when the server gave none). */
  get code(): string {
    return this.body?.error ?? this.body?.code ?? 'unknown_error';
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed = LenientErrorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Options = {
  signal?: AbortSignal;
  /** A list is sent as the parameter repeated (`customField=a&customField=b`). */
  params?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  /** Extra request headers, e.g. a write's Idempotency-Key. */
  headers?: Record<string, string>;
};

function withParams(path: string, params: Options['params']): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value) search.append(key, v);
    else if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function request<S extends z.ZodType>(method: Method, path: string, schema: S, body: unknown, options: Options = {}): Promise<z.output<S>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // Bodies are JSON, and say so; a file upload is a form, whose type (with its boundary) the browser sets.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
  const response = await fetch(withParams(path, options.params), {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text, parseErrorBody(text), parseRetryAfter(response.headers.get('retry-after')));
  }
  const text = await response.text();
  // Answers are checked against the shared contract: a drifted server fails loudly here, not deep in a component.
  return schema.parse(text ? JSON.parse(text) : null);
}

/** The only way the console talks HTTP: same-origin cookies, JSON in, zod-checked JSON out. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Options) => request('GET', path, schema, undefined, options),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: Options) => request('POST', path, schema, body, options),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: Options) => request('PATCH', path, schema, body, options),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: Options) => request('PUT', path, schema, body, options),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: Options) => request('DELETE', path, schema, undefined, options),
  /** POST of a multipart form (a file upload). */
  upload: <S extends z.ZodType>(path: string, form: FormData, schema: S, options?: Options) => request('POST', path, schema, form, options),
};

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** The server's own words for a refusal (the problem's `message`), when the error is an answer that has them. */
export const serverMessage = (error: unknown): string | undefined => (isApiError(error) ? error.body?.message : undefined);
