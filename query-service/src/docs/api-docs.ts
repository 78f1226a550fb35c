import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createHttpApp, type HttpApp } from '@leadfloor/infra/http/create-http-app';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { swaggerOptions, type OpenApiDocument } from './openapi-document';

/** A route as registered: what the schema check (route-inventory.ts) looks at. */
export type RegisteredRoute = { method: string; url: string; schema?: FastifySchema };

const inventories = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered on `app` after its docs were, HEAD twins left out. */
export const registeredRoutes = (app: FastifyInstance): RegisteredRoute[] => [...(inventories.get(app) ?? [])];

/**
 * The API's documentation, generated from the routes themselves: registered first, so that
 * every route after it is seen. Serves the OpenAPI 3.1 document at /api/openapi.json and a
 * browsable reference at /api/docs (Swagger UI, its assets from this origin, under the app's
 * CSP). `joined` are documents of routes served elsewhere (see describeRoutes).
 */
export async function registerApiDocs(app: HttpApp, { joined = [] }: { joined?: OpenApiDocument[] } = {}) {
  const routes: RegisteredRoute[] = [];
  inventories.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
  });

  await app.register(swagger, swaggerOptions(joined));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'LeadFloor API' },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()));
}

/**
 * The document of routes this process does not serve itself: in the distributed form the
 * gateway proxies writes, so it registers command-service's route plugin (handed over by the
 * launcher, as in the embedded form) in an app of its own that never listens, and takes its
 * operations. The gateway's /api/openapi.json then lists the same routes in both forms,
 * generated from the same zod schemas.
 */
export async function describeRoutes(register: (app: HttpApp) => PromiseLike<unknown>, { bodyLimit }: { bodyLimit: number }): Promise<OpenApiDocument> {
  const app = await createHttpApp({ bodyLimit });
  try {
    await app.register(swagger, swaggerOptions());
    await register(app);
    await app.ready();
    return app.swagger() as OpenApiDocument;
  } finally {
    await app.close();
  }
}
