import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './create-http-app';
import { looseObjectPaths, NonStrictBodyError } from './strict-bodies';

describe('looseObjectPaths', () => {
  it('finds nothing in a body strict throughout', () => {
    const body = z.strictObject({
      name: z.string(),
      address: z.strictObject({ city: z.string() }).optional(),
      tags: z.array(z.strictObject({ label: z.string() })),
      either: z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.number() })]),
    });
    expect(looseObjectPaths(body)).toEqual([]);
  });

  it('names every object that would drop unknown keys, however deep', () => {
    const body = z.strictObject({
      address: z.object({ city: z.string() }).nullable(),
      tags: z.array(z.looseObject({ label: z.string() })),
      trimmed: z.object({ v: z.string() }).transform((o) => o.v),
    });
    expect(looseObjectPaths(z.object({ x: z.string() }))).toEqual(['$']);
    expect(looseObjectPaths(body)).toEqual(['$.address', '$.tags[]', '$.trimmed']);
  });

  it('accepts .strict() as well as z.strictObject', () => {
    expect(looseObjectPaths(z.object({ x: z.string() }).strict())).toEqual([]);
  });
});

describe('route registration', () => {
  it('refuses a route whose body would strip unknown keys', async () => {
    const app = await createHttpApp({ bodyLimit: 1024 });
    expect(() => app.post('/things', { schema: { body: z.object({ name: z.string() }) } }, async () => ({})))
      .toThrow(NonStrictBodyError);
    await app.close();
  });

  it('accepts a route whose body is strict', async () => {
    const app = await createHttpApp({ bodyLimit: 1024 });
    app.post('/things', { schema: { body: z.strictObject({ name: z.string() }) } }, async () => ({}));
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
