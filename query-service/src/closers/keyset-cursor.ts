import { ApiError } from '@leadfloor/infra/http/api-error';

/** A keyset position: the sort values of a page's last row, then its id. */
export type CursorKey = (string | number)[];
export type CursorPart = 'instant' | 'int' | 'id';

const badCursor = () => new ApiError(400, 'invalid_cursor', 'This cursor is not one of ours.', { field: 'cursor' });
const valid: Record<CursorPart, (v: unknown) => boolean> = {
  instant: (v) => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v)),
  int: (v) => Number.isSafeInteger(v) && (v as number) >= 0,
  id: (v) => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647,
};

export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The key a cursor holds, checked part by part against the shape the list sorts by (a forged one is a 400). */
export function decodeCursor(cursor: string, shape: CursorPart[]): CursorKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key) || key.length !== shape.length || !shape.every((part, i) => valid[part](key[i]))) throw badCursor();
  return key as CursorKey;
}

/** Read-your-writes: waits (bounded) until `table`'s row `id` reflects `minVersion`, the version a command answered. */
export async function awaitRowVersion(
  pool: { query<R>(sql: string, params: unknown[]): Promise<{ rows: R[] }> }, table: 'job_opportunities_v1' | 'job_applications_v1',
  id: number, minVersion: number, waitMs: number,
) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { rows } = await pool.query<{ version: number }>(`select version from ${table} where id = $1`, [id]);
    if ((rows[0]?.version ?? 0) >= minVersion || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
