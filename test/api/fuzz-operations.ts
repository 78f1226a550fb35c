/**
 * The API's operations as its OpenAPI document lists them, and a plausible request for each:
 * what the fuzz test (fuzz.int.spec.ts) starts from before it makes one part hostile. Read from
 * the document, never from a list kept here, so a route added later is fuzzed without a change.
 */

export type JsonSchema = {
  $ref?: string; type?: string | string[]; enum?: unknown[]; const?: unknown; format?: string; pattern?: string;
  minLength?: number; maxLength?: number; minimum?: number; exclusiveMinimum?: number; maximum?: number;
  minItems?: number; items?: JsonSchema; properties?: Record<string, JsonSchema>; required?: string[];
  anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
};
type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type DocOperation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> } };
export type ApiDocument = { paths?: Record<string, Record<string, DocOperation>>; components?: { schemas?: Record<string, JsonSchema> } };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Param = { name: string; schema: JsonSchema; required: boolean };
export type Operation = {
  method: Method; path: string; pathParams: Param[]; queryParams: Param[];
  body?: { schema: JsonSchema; required: boolean };
};

/** Every operation of the document (method and path, e.g. `PATCH /api/leads/{id}`). */
export function operationsOf(doc: ApiDocument): Operation[] {
  const resolve = resolverOf(doc);
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => {
    const params = (op.parameters ?? []).map((p) => ({ in: p.in, name: p.name, required: p.required === true, schema: resolve(p.schema ?? {}) }));
    const json = op.requestBody?.content?.['application/json']?.schema;
    return {
      method: method.toUpperCase() as Method,
      path,
      pathParams: params.filter((p) => p.in === 'path'),
      queryParams: params.filter((p) => p.in === 'query'),
      ...(json ? { body: { schema: resolve(json), required: op.requestBody?.required !== false } } : {}),
    };
  }));
}

const resolverOf = (doc: ApiDocument) => function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc.components?.schemas?.[name] ?? {});
};

/** `{id}` of the path, and what an example fills in: the fixture ids (most tables start at 1). */
export type ExampleContext = { id: number; userId: number };

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
/** The option of a union an example takes: the first that is not null. */
export const mainOption = (s: JsonSchema): JsonSchema => {
  const options = s.anyOf ?? s.oneOf ?? s.allOf;
  if (!options) return s;
  return mainOption(options.find((o) => !typesOf(o).includes('null')) ?? options[0]!);
};

/**
 * A value the schema plausibly accepts (not a full JSON Schema sampler: enough that the hostile
 * part, not some other field, is what a route meets). Objects are created without a prototype
 * and carry every property, optional ones too; the request picks which it sends.
 */
export function exampleOf(schema: JsonSchema, ctx: ExampleContext): unknown {
  const s = mainOption(schema);
  if ('const' in s) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = typesOf(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'integer': case 'number': {
      const low = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum ?? ctx.id;
      return Math.min(Math.max(ctx.id, low), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean': return true;
    case 'array': return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => exampleOf(s.items ?? {}, ctx));
    case 'object': {
      const out: Record<string, unknown> = Object.create(null);
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = exampleOf(prop, ctx);
      return out;
    }
    default: return exampleText(s, ctx);
  }
}

function exampleText(s: JsonSchema, ctx: ExampleContext): string {
  switch (s.format) {
    // A minute ago: "never in the future" holds, and so does "not long past".
    case 'date-time': return new Date(Date.now() - 60_000).toISOString();
    case 'date': return new Date().toISOString().slice(0, 10);
    case 'email': return 'fuzz@example.com';
    case 'uri': case 'url': return 'https://example.com/recording';
  }
  const candidates = ['Fuzz value', `00000000-0000-4000-8000-000000000000:${ctx.userId}`, String(ctx.id)];
  const fits = (v: string) => (!s.pattern || new RegExp(s.pattern).test(v)) && v.length <= (s.maxLength ?? Infinity);
  const text = candidates.find(fits) ?? 'Fuzz value';
  return text.padEnd(s.minLength ?? 0, 'z');
}

/** Paths to every value inside an example (object keys and the first array element), outermost first. */
export function pathsIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length > 0 ? [[...at, 0], ...pathsIn(value[0], [...at, 0])] : [];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsIn(v, [...at, k])]);
  }
  return [];
}

/** The schema of the value at `path` (as pathsIn gives it). */
export function schemaAt(schema: JsonSchema, path: (string | number)[]): JsonSchema {
  let s = schema;
  for (const key of path) {
    const main = mainOption(s);
    s = (typeof key === 'number' ? main.items : main.properties?.[key]) ?? {};
  }
  return s;
}
