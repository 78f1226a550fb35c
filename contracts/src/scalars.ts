import { z } from 'zod';

/**
 * Ids, sequence numbers and the like land in PostgreSQL `int` columns or are compared with
 * them; a number beyond them fails in the database (a 500), so every such input stops here.
 */
export const INT32_MAX = 2_147_483_647;

/** An entity id in a body: a positive int4. */
export const IdSchema = z.number().int().positive().max(INT32_MAX);
/** The same in a query string or path (`?userId=7`): coerced from its text, same bounds. */
export const IdQuerySchema = z.coerce.number().int().positive().max(INT32_MAX);
/** `/…/:id` of every route on one entity. */
export const IdParamsSchema = z.object({ id: IdQuerySchema });

// Instants are stored and passed on in UTC (`toISOString()`), which must stay a four-digit year:
// PostgreSQL has no year 0000 and JSON readers of the events expect `YYYY-…`, yet ISO 8601
// (and zod's format) accepts `0000-01-01T00:00:00Z`, and `9999-12-31T23:59:59-14:00` is in
// year 10000 once in UTC. Either would fail a query, or worse, be appended and then fail
// every read and projection of its stream.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
const inStorableYears = (v: string) => {
  const t = Date.parse(v);
  return t >= EARLIEST && t <= LATEST;
};
const OUT_OF_RANGE = 'Must fall within the years 0001 to 9999 (UTC)';

/** A date-time with its offset (`2025-03-01T09:00:00Z`, `…+02:00`). */
export const InstantSchema = z.iso.datetime({ offset: true }).refine(inStorableYears, OUT_OF_RANGE);
/** A filter bound: an instant, or a calendar date (`2025-03-01`). */
export const InstantOrDateSchema = InstantSchema.or(z.iso.date().refine(inStorableYears, OUT_OF_RANGE));
