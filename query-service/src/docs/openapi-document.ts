import { STATUS_CODES } from 'node:http';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ErrorBodySchema } from '@leadfloor/contracts';
import { SESSION_COOKIE } from '@leadfloor/infra/auth/sessions';
import { baseProblems, SESSION_SECURITY } from '@leadfloor/infra/http/openapi';
import { PROBLEM_CONTENT_TYPE } from '@leadfloor/infra/http/problem';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The parts of an OpenAPI 3.1 document this module reads and writes. */
export type OpenApiDocument = {
  openapi: string;
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown>; [part: string]: unknown };
  [member: string]: unknown;
};
type OpenApiOperation = {
  responses?: Record<string, { description?: string }>; requestBody?: { required?: boolean }; [member: string]: unknown;
};

const API_VERSION = '1.0.0';
const PROBLEM_REF = '#/components/schemas/Problem';
// Carries "this body may be left out" from a route's zod schema to its operation (@fastify/swagger
// marks every body required); removed from the final document.
const OPTIONAL_BODY = 'x-leadfloor-optional-body';

const DESCRIPTION = `LeadFloor's HTTP API: the lead pool, pipelines, accounts and dashboards of a sales floor.

- **Authentication:** a session cookie (\`${SESSION_COOKIE}\`, httpOnly) set by \`POST /api/auth/login\` or \`POST /api/auth/register\`. Routes marked with no security are public.
- **Errors** are RFC 9457 problem details (\`application/problem+json\`, schema \`Problem\`), with a stable \`code\` to branch on.
- **Commands** (writes) answer the stream \`version\` they produced. Pass it back as \`minVersion\` on the next read to see your own write. A retried command with the same \`Idempotency-Key\` header answers its first result and appends nothing.
- **Every answer** carries \`x-request-id\`. The same id is the correlation id of the events a command appends; quote it when reporting a problem.
- **Live updates** come over the WebSocket \`/ws\` (the same session cookie). Each message carries a position cursor; after a gap, refetch over HTTP.`;

const zodTransform = createJsonSchemaTransform({ skipList: [] });

const problemResponse = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: PROBLEM_REF } } },
});

/** `POST /api/leads/:id/claim` -> `postLeadsByIdClaim`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url.split('/').filter((p) => p && p !== 'api' && p !== '*')
    .flatMap((p) => (p.startsWith(':') ? ['by', p.slice(1)] : p.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const acceptsNoBody = (body: unknown) => body instanceof z.ZodType && body.safeParse(undefined).success;

/** Grouped by the first segment after /api (`leads`, `auth`...); the probes outside /api are `health`. */
const tagOf = (url: string) => (url.startsWith('/api/') ? url.split('/')[2] ?? 'api' : 'health');

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];

/**
 * Each route's schema as an operation: zod schemas to JSON Schema (the same schemas that
 * validate the route), then the error answers the shared HTTP base and the route declare,
 * an operation id and a tag.
 */
function transformRoute(input: TransformInput) {
  const { schema, url, route } = input as TransformInput & { route: RouteOptions };
  if (!schema || schema.hide) return zodTransform(input);
  const { problems: _documentedBelow, ...zodSchema } = schema;
  const out = zodTransform({ ...input, schema: zodSchema }).schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const problems = Object.entries(baseProblems(method, url, schema)).map(([status, when]) => [status, problemResponse(when)]);
  return {
    url,
    schema: {
      ...out,
      operationId: out.operationId ?? operationIdOf(method, url),
      tags: out.tags ?? [tagOf(url)],
      response: { ...out.response, ...Object.fromEntries(problems) },
      ...(acceptsNoBody(schema.body) ? { [OPTIONAL_BODY]: true } : {}),
    },
  };
}

/**
 * The whole document: zod registry components, the problem schema, answers described by their
 * status, and the operations documented elsewhere (the writes proxied to command-service).
 */
function transformDocument(joined: OpenApiDocument[]) {
  return (input: Parameters<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>[0]) => {
    const doc = jsonSchemaTransformObject(input) as OpenApiDocument;
    for (const other of joined) {
      for (const [path, operations] of Object.entries(other.paths ?? {})) doc.paths![path] = { ...operations, ...doc.paths![path] };
      doc.components!.schemas = { ...other.components?.schemas, ...doc.components!.schemas };
    }
    const { $schema: _draft, ...problem } = z.toJSONSchema(ErrorBodySchema.loose(), { target: 'draft-2020-12', io: 'output' });
    doc.components!.schemas = { ...doc.components!.schemas, Problem: problem };
    for (const operations of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(operations)) {
        if (op[OPTIONAL_BODY]) {
          delete op[OPTIONAL_BODY];
          if (op.requestBody) op.requestBody.required = false;
        }
        for (const [status, answer] of Object.entries(op.responses ?? {})) {
          if (answer.description === 'Default Response') answer.description = STATUS_CODES[Number(status)] ?? 'Answer';
        }
      }
    }
    return doc;
  };
}

/**
 * @fastify/swagger's options: OpenAPI 3.1 from the routes' zod schemas, the session cookie as
 * the default security (public routes say `security: []`), and `joined` documents (built by
 * describeRoutes) merged in.
 */
export function swaggerOptions(joined: OpenApiDocument[] = []): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'LeadFloor API', version: API_VERSION, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SESSION_SECURITY]: {
            type: 'apiKey', in: 'cookie', name: SESSION_COOKIE,
            description: 'The session cookie set at sign-in (httpOnly, SameSite=Lax, Secure in production).',
          },
        },
      },
      security: [{ [SESSION_SECURITY]: [] }],
    },
    transform: transformRoute as FastifyDynamicSwaggerOptions['transform'],
    transformObject: transformDocument(joined) as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
