import type { RouteOptions } from 'fastify';

/**
 * zod's `z.object` strips unknown keys, so a client's misspelt or forbidden field (a
 * `claimedBy` it has no right to send) would vanish silently. LeadFloor answers 400 instead:
 * every object in a request body must be strict (`z.strictObject({...})`, or `.strict()`).
 * Rather than trust the convention, each app refuses to register a route whose body schema
 * holds a non-strict object, so the mistake fails at start-up and in every test, not in
 * production.
 */
export class NonStrictBodyError extends Error {
  constructor(route: string, path: string) {
    super(`${route}: the body schema's object at ${path} is not strict; use z.strictObject({...}) so unknown keys answer 400`);
    this.name = 'NonStrictBodyError';
  }
}

type ZodDef = { type?: string; catchall?: ZodLike; shape?: Record<string, ZodLike>; innerType?: ZodLike;
  element?: ZodLike; options?: ZodLike[]; in?: ZodLike; out?: ZodLike; left?: ZodLike; right?: ZodLike };
type ZodLike = { _zod?: { def?: ZodDef } };

/** Paths of the non-strict objects inside a zod schema (empty when it is strict throughout). */
export function looseObjectPaths(schema: unknown, path = '$', seen = new Set<unknown>()): string[] {
  const def = (schema as ZodLike | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const walk = (s: ZodLike | undefined, p: string) => looseObjectPaths(s, p, seen);
  switch (def.type) {
    case 'object': {
      const own = def.catchall?._zod?.def?.type === 'never' ? [] : [path];
      return [...own, ...Object.entries(def.shape ?? {}).flatMap(([k, v]) => walk(v, `${path}.${k}`))];
    }
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
      return walk(def.innerType, path);
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'union':
      return (def.options ?? []).flatMap((o) => walk(o, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'pipe':
      // Only the input side meets the client's keys.
      return walk(def.in, path);
    default:
      return [];
  }
}

/** An onRoute hook: registering a route with a loose body object throws NonStrictBodyError. */
export function assertStrictBody(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>) {
  const body = route.schema?.body;
  if (!body) return;
  const loose = looseObjectPaths(body);
  if (loose.length > 0) {
    const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new NonStrictBodyError(`${method} ${route.url}`, loose[0]!);
  }
}
