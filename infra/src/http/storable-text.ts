import type { FastifySchemaCompiler } from 'fastify';

/**
 * PostgreSQL cannot hold every JavaScript string: text and JSONB refuse U+0000, and JSONB
 * refuses a UTF-16 surrogate without its pair (text turns it into U+FFFD, silently). Both arrive
 * easily in JSON (`"\u0000"`, `"\ud800"`) and in query strings (`%00`), and would fail only at
 * the append or the query: a 500, or an event no projection can apply. So every request part is
 * checked once, at the edge, before its schema: one rule for every route, present and future.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL characters (U+0000) or unpaired UTF-16 surrogates';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const isStorableText = (s: string) => !s.includes('\u0000') && s.search(LONE_SURROGATE) === -1;
/** The text with what PostgreSQL cannot store replaced by U+FFFD (to name a bad key in an answer). */
const storableCopy = (s: string) => s.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');

type Visit = { value: unknown; key: string | number | null; parent: Visit | null };
const pathOf = (v: Visit) => {
  const path: (string | number)[] = [];
  for (let at: Visit | null = v; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * The path of the first string (value or object key) PostgreSQL cannot store, in document order;
 * undefined when there is none. Iterative, and linear in the size of the input, so a deeply
 * nested body exhausts neither the stack nor the memory.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | undefined {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(visit);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push({ value: v[i], key: i, parent: visit });
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      const badKey = keys.find((k) => !isStorableText(k));
      if (badKey !== undefined) return [...pathOf(visit), badKey];
      for (let i = keys.length - 1; i >= 0; i--) pending.push({ value: (v as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: visit });
    }
  }
  return undefined;
}

// Headers are left alone: Node's parser refuses NUL in them, and none is stored as given.
const CHECKED_PARTS = new Set(['body', 'querystring', 'params']);

/**
 * Wraps a validator compiler: a body, query or path parameter holding unstorable text fails as
 * a validation issue (a 400 `validation_failed` naming the field, as a schema failure does)
 * before the route's own schema runs.
 */
export function refusingUnstorableText<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (route) => {
    const validate = compile(route);
    if (!CHECKED_PARTS.has(route.httpPart ?? '')) return validate;
    return (data) => {
      const path = unstorableTextPath(data);
      if (path === undefined) return validate(data);
      const instancePath = path.map((p) => `/${typeof p === 'string' ? storableCopy(p) : p}`).join('');
      return { error: [{ keyword: 'unstorable_text', instancePath, schemaPath: '#', params: {}, message: UNSTORABLE_TEXT_MESSAGE }] };
    };
  };
}
