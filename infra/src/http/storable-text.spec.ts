import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpApp } from './create-http-app';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE, unstorableTextPath } from './storable-text';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, accepts paired ones', () => {
    expect(isStorableText('plain, émoji 👋, RTL \u202e, <script>')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
    expect(isStorableText('\ud83d\udc4b')).toBe(true);
  });

  it('accepts every well-formed string without NUL', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => {
      expect(isStorableText(s)).toBe(!s.includes('\u0000'));
    }));
  });
});

describe('unstorableTextPath', () => {
  it('names the first bad value or key in document order', () => {
    expect(unstorableTextPath({ name: 'ok', tags: ['fine', 'bad\ud800', 'bad\u0000'] })).toEqual(['tags', 1]);
    expect(unstorableTextPath({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(unstorableTextPath('\u0000')).toEqual([]);
    expect(unstorableTextPath({ n: 1, b: true, z: null, s: 'ok' })).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath(deep)).toHaveLength(100_001);
  });
});

describe('the shared HTTP base', () => {
  const appWithRoutes = async () => {
    const app = await createHttpApp({ bodyLimit: 4096 });
    app.post('/things/:id', {
      schema: {
        params: z.object({ id: z.string() }),
        querystring: z.strictObject({ q: z.string().optional() }),
        body: z.strictObject({ name: z.string(), tags: z.array(z.string()) }),
      },
    }, async () => ({ ok: true }));
    return app;
  };

  it('answers 400 naming the field for unstorable text in the body, query and path', async () => {
    const app = await appWithRoutes();
    const body = await app.inject({ method: 'POST', url: '/things/1', payload: { name: 'x', tags: ['ok', '\udc00'] } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'validation_failed', field: 'tags.1', message: UNSTORABLE_TEXT_MESSAGE });
    const query = await app.inject({ method: 'POST', url: '/things/1?q=a%00b', payload: { name: 'x', tags: [] } });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'validation_failed', field: 'q' });
    const params = await app.inject({ method: 'POST', url: '/things/a%00', payload: { name: 'x', tags: [] } });
    expect(params.statusCode).toBe(400);
    expect(params.json()).toMatchObject({ code: 'validation_failed', field: 'id' });
    await app.close();
  });

  it('names an unstorable key without echoing what cannot be stored', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST', url: '/things/1', headers: { 'content-type': 'application/json' }, payload: '{"name":"x","tags":[],"k\\u0000":1}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', field: 'k\ufffd' });
    await app.close();
  });

  it('lets storable text through to the schema', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things/1?q=%F0%9F%91%8B', payload: { name: '👋 \u202e', tags: ['a'] } });
    expect(res.statusCode).toBe(200);
    await app.close();
  });
});
