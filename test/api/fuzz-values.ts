import fc from 'fast-check';
import { mainOption, type JsonSchema } from './fuzz-operations';

/**
 * What a careless or malicious client puts where a field, a parameter, a key or a whole body
 * goes. Each field gets mostly the kind of trouble its type invites (overflow for a number,
 * NUL and unpaired surrogates for text, year 0000 for a date) and sometimes any other kind.
 * Values that would flood a failure report (megabyte strings) are markers, expanded only when
 * the request is written (fuzz-requests.ts).
 */

/** JSON text sent as is: numbers JSON.parse reads as Infinity or unsafe integers, prototype keys. */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod]() { return `raw(${this.text.length > 80 ? `${this.text.slice(0, 80)}…` : this.text})`; }
}
/** A string of `length` copies of `unit`. */
export class LongText {
  constructor(readonly unit: string, readonly length: number) {}
  [fc.toStringMethod]() { return `${JSON.stringify(this.unit)}×${this.length}`; }
}
export const textOf = (t: string | LongText) => (t instanceof LongText ? t.unit.repeat(t.length) : t);

/** A query or path value: text (percent-encoded when sent), raw escapes, or the key repeated. */
export type ParamValue = string | RawJson | LongText | { repeated: string[] };

const BODY_LIMIT = 1_048_576;
const BAD_CHARS = ['\u0000', '\ud800', '\udc00', '\udfff\ud800'];
const NUMERIC_TEXT = ['NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1.5', '1e5', '0x10', '0b1', ' 7 ', '2147483647', '2147483648',
  '-2147483649', '4294967296', '9007199254740991', '9007199254740993', '9223372036854775808', '1e308', '1e400'];
const DATE_TEXT = ['0000-01-01', '0000-01-01T00:00:00Z', '0000-12-31T23:59:59+14:00', '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00', '2024-02-30', '2024-13-01T00:00:00Z', '1969-12-31T23:59:59.999999999Z'];
const ODD_TEXT = ['', ' ', 'null', 'true', '[]', '{}', '__proto__', 'constructor', 'prototype', 'toString', '<script>alert(1)</script>',
  '=1+1', '\u202egnp.exe', "'; drop table events; --", '%', '\\', '"'];
const NUMBERS = [2147483647, 2147483648, -2147483648, -2147483649, 4294967296, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
  1e308, -1e308, -1, 0, 0.5, -0.000001, 5e-324, 100_000_000_001];
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '-0', '1E2'].map((t) => new RawJson(t));

/** A string holding NUL or an unpaired surrogate somewhere. */
const unstorableText = fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 8 })).map((p) => p.join(''));
const anyText = fc.oneof(
  fc.constantFrom(...NUMERIC_TEXT, ...DATE_TEXT, ...ODD_TEXT),
  unstorableText,
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  anyText,
  fc.constantFrom(new LongText('x', BODY_LIMIT), new LongText('é', 300_000), new LongText('\u0000', 1000), new LongText('\ud83d\udc4b', 5000)),
  fc.constantFrom(...NUMBERS, ...RAW_NUMBERS),
  fc.integer(), fc.double(),
  fc.constantFrom(true, false, null, [], {}, [null], ['\u0000'], { a: 1 }),
  fc.constantFrom(...['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '[{"__proto__":[]}]']
    .map((t) => new RawJson(t))),
);

const kindOf = (schema: JsonSchema) => {
  const s = mainOption(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string' && (s.format === 'date-time' || s.format === 'date')) return 'date';
  return type === 'string' && !s.enum ? 'text' : 'other';
};

/** A hostile JSON value for a body field of this schema. */
export function hostileValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kind = kindOf(schema);
  const likely = kind === 'number' ? fc.constantFrom(...NUMBERS, ...RAW_NUMBERS)
    : kind === 'date' ? fc.oneof(fc.constantFrom(...DATE_TEXT), unstorableText)
      : unstorableText;
  return fc.oneof({ weight: kind === 'other' ? 1 : 3, arbitrary: likely }, { weight: 2, arbitrary: anyJson });
}

/** A hostile query or path value for a parameter of this schema. */
export function hostileParamFor(schema: JsonSchema): fc.Arbitrary<ParamValue> {
  const kind = kindOf(schema);
  const likely = kind === 'number' ? fc.constantFrom(...NUMERIC_TEXT)
    : kind === 'date' ? fc.oneof(fc.constantFrom(...DATE_TEXT), unstorableText)
      : unstorableText;
  return fc.oneof(
    { weight: kind === 'other' ? 1 : 4, arbitrary: likely },
    { weight: 2, arbitrary: anyText },
    { weight: 1, arbitrary: fc.constantFrom(...['%00', '%ED%A0%80', '%', '%zz', '%C0%80', 'a%2Fb'].map((t) => new RawJson(t))) },
    { weight: 1, arbitrary: fc.constant(new LongText('9', 10_000)) },
    { weight: 1, arbitrary: fc.array(anyText, { minLength: 2, maxLength: 3 }).map((repeated) => ({ repeated })) },
  );
}

/** An object or query key a client should not be able to smuggle in. */
export const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'claimedBy', 'id', 'userId', 'role', ''),
  unstorableText,
);
/** A hostile query value for a key the operation does not know. */
export const hostileParam = hostileParamFor({});
/** A hostile JSON value for a key the body does not know. */
export const hostileJson = anyJson;

/** A whole body that is no object of the schema: wrong JSON types, broken JSON, too large, wrong media type. */
export const hostileBody = fc.oneof(
  fc.constantFrom('', 'null', '[]', '"text"', '1', 'true', '{', '{"a":', '{}}', '\u0000', '{"a":1,"a":2}', '\ufeff{}',
    '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}')
    .map((text) => ({ text, contentType: 'application/json' })),
  fc.constant({ text: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' }),
  fc.constant({ text: new LongText(' ', BODY_LIMIT + 1), contentType: 'application/json' }),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data')
    .map((contentType) => ({ text: '{}', contentType })),
);
