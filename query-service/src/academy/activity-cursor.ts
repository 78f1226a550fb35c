import { ApiError } from '@leadfloor/infra/http/api-error';
import { BadCursorError, decodeCursor, encodeCursor } from '../leads/lead-list-sql';

/**
 * The academy's lists run most recently active first: a page's last row, as the next page
 * starts after it, is [its activity instant, its id].
 */
export const activityCursor = (at: Date, id: number) => encodeCursor([at.toISOString(), id]);

export function afterActivity(cursor: string): [string, number] {
  const bad = () => new ApiError(400, 'invalid_cursor', 'This cursor is not one of ours.', { field: 'cursor' });
  let key: unknown[];
  try {
    key = decodeCursor(cursor);
  } catch (err) {
    if (err instanceof BadCursorError) throw bad();
    throw err;
  }
  const [at, id] = key;
  if (key.length !== 2 || typeof at !== 'string' || Number.isNaN(Date.parse(at)) || !/^\d{4}-/.test(at)
    || !Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw bad();
  return [at, id as number];
}
