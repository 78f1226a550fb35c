import fc from 'fast-check';
import { exampleOf, pathsIn, schemaAt, type ExampleContext, type Operation } from './fuzz-operations';
import {
  hostileBody, hostileJson, hostileKey, hostileParam, hostileParamFor, hostileValueFor, LongText, RawJson, textOf, type ParamValue,
} from './fuzz-values';

/**
 * Hostile requests for one operation: a plausible request (fuzz-operations.ts) with one or two
 * parts replaced by hostile values (fuzz-values.ts), and the request written for inject.
 */

type Mutation =
  | { in: 'path'; name: string; value: ParamValue }
  | { in: 'query'; name: string; value: ParamValue }
  | { in: 'query-key'; key: string; value: ParamValue }
  | { in: 'body'; path: (string | number)[]; value: unknown }
  | { in: 'body-key'; path: (string | number)[]; key: string; value: unknown }
  | { in: 'body-drop'; path: (string | number)[] }
  | { in: 'body-whole'; body: { text: string | LongText; contentType: string } };

export type HostileRequest = { as: 'agent' | 'manager'; query: string[]; fields: string[]; sendBody: boolean; mutations: Mutation[] };

/** Requests for `op`: a plausible one with one or two parts made hostile. */
export function hostileRequests(op: Operation, ctx: ExampleContext): fc.Arbitrary<HostileRequest> {
  const example = op.body ? exampleOf(op.body.schema, ctx) : undefined;
  const inBody = pathsIn(example);
  const objectPaths = [[], ...inBody.filter((p) => isObject(valueAt(example, p)))];
  // Each parameter and field is twice as likely a target as an unknown key, a dropped field or
  // the whole body.
  const mutations: fc.WeightedArbitrary<Mutation>[] = [
    ...op.pathParams.map((p) => hostileParamFor(p.schema).map((value): Mutation => ({ in: 'path', name: p.name, value }))),
    ...op.queryParams.map((p) => hostileParamFor(p.schema).map((value): Mutation => ({ in: 'query', name: p.name, value }))),
    ...inBody.map((path) => hostileValueFor(schemaAt(op.body!.schema, path)).map((value): Mutation => ({ in: 'body', path, value }))),
  ].map((arbitrary) => ({ arbitrary, weight: 2 }));
  mutations.push({ weight: 1, arbitrary: fc.record({ in: fc.constant('query-key' as const), key: hostileKey, value: hostileParam }) });
  if (op.body) {
    mutations.push(
      { weight: 1, arbitrary: fc.record({ in: fc.constant('body-key' as const), path: fc.constantFrom(...objectPaths), key: hostileKey, value: hostileJson }) },
      { weight: 1, arbitrary: hostileBody.map((body): Mutation => ({ in: 'body-whole', body })) },
    );
    if (inBody.length > 0) mutations.push({ weight: 1, arbitrary: fc.record({ in: fc.constant('body-drop' as const), path: fc.constantFrom(...inBody) }) });
  }
  return fc.record({
    as: fc.constantFrom('agent' as const, 'manager' as const),
    query: fc.subarray(op.queryParams.map((p) => p.name)),
    fields: fc.subarray(isObject(example) ? Object.keys(example) : []),
    sendBody: op.body?.required === false ? fc.boolean() : fc.constant(op.body !== undefined),
    mutations: fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 2 }),
  });
}

/** The request as inject takes it: URL, body text and its media type. */
export function written(op: Operation, req: HostileRequest, ctx: ExampleContext) {
  const pathValues = new Map<string, ParamValue>(op.pathParams.map((p) => [p.name, String(exampleOf(p.schema, ctx))]));
  const query: [string, ParamValue][] = op.queryParams.filter((p) => p.required || req.query.includes(p.name))
    .map((p) => [p.name, String(exampleOf(p.schema, ctx))]);
  let body: unknown;
  if (op.body && req.sendBody) {
    const example = exampleOf(op.body.schema, ctx);
    body = isObject(example) ? pick(example, req.fields, op.body.schema.required ?? []) : example;
  }
  let whole: { text: string | LongText; contentType: string } | undefined;
  for (const m of req.mutations) {
    if (m.in === 'path') pathValues.set(m.name, m.value);
    else if (m.in === 'query') setEntry(query, m.name, m.value);
    else if (m.in === 'query-key') query.push([m.key, m.value]);
    else if (m.in === 'body-whole') whole = m.body;
    else {
      if (!isObject(body)) body = Object.create(null);
      const example = exampleOf(op.body!.schema, ctx) as Record<string, unknown>;
      const top = m.path[0];
      if (typeof top === 'string' && !(top in (body as object))) (body as Record<string, unknown>)[top] = example[top];
      if (m.in === 'body') setAt(body, m.path, copy(m.value));
      else if (m.in === 'body-drop') setAt(body, m.path, undefined);
      else { const target = valueAt(body, m.path); if (isObject(target)) target[m.key] = copy(m.value); }
    }
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const v = pathValues.get(name) ?? '';
    return isRepeated(v) ? v.repeated.map(encodeParam).join('/') : encodeParam(v);
  });
  const search = query.flatMap(([k, v]) => (isRepeated(v) ? v.repeated : [v]).map((one) => `${encodeParam(k)}=${encodeParam(one)}`));
  const url = search.length > 0 ? `${path}?${search.join('&')}` : path;
  if (whole) return { url, payload: textOf(whole.text), contentType: whole.contentType };
  return body === undefined ? { url } : { url, payload: jsonText(body), contentType: 'application/json' };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawJson) && !(v instanceof LongText);
const isRepeated = (v: ParamValue): v is { repeated: string[] } => typeof v === 'object' && 'repeated' in v;

/** Arbitraries hand out the same constant objects run after run: a request edits copies. */
function copy(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(copy);
  // Without a prototype, so that a `__proto__` key set later is an own key, as JSON.parse makes it.
  if (isObject(v)) return Object.assign(Object.create(null), Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])));
  return v;
}

function pick(example: Record<string, unknown>, fields: string[], required: string[]) {
  const out: Record<string, unknown> = Object.create(null);
  for (const k of Object.keys(example)) if (required.includes(k) || fields.includes(k)) out[k] = example[k];
  return out;
}

function setEntry(entries: [string, ParamValue][], name: string, value: ParamValue) {
  const at = entries.findIndex(([k]) => k === name);
  if (at >= 0) entries[at] = [name, value];
  else entries.push([name, value]);
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let at = root;
  for (const key of path) at = Array.isArray(at) || isObject(at) ? (at as Record<string | number, unknown>)[key] : undefined;
  return at;
}

/** Sets (or, with undefined, removes) the value at `path`; a missing parent leaves the body as it is. */
function setAt(root: unknown, path: (string | number)[], value: unknown) {
  const parent = valueAt(root, path.slice(0, -1));
  const key = path[path.length - 1]!;
  if (!(Array.isArray(parent) || isObject(parent))) return;
  if (value === undefined && isObject(parent)) delete parent[key];
  else (parent as Record<string | number, unknown>)[key] = value === undefined ? null : value;
}

/** JSON text of a body that may hold markers and prototype-less objects with any key. */
function jsonText(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (v instanceof LongText) return JSON.stringify(textOf(v));
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}:${jsonText(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Percent-encodes text, an unpaired surrogate as the three bytes WTF-8 gives it; raw escapes pass as they are. */
function encodeParam(v: string | RawJson | LongText): string {
  if (v instanceof RawJson) return v.text;
  const text = textOf(v);
  let out = '';
  for (const ch of text.match(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g) ?? []) {
    const c = ch.charCodeAt(0);
    out += ch.length === 1 && c >= 0xd800 && c <= 0xdfff
      ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
      : encodeURIComponent(ch);
  }
  return out;
}
