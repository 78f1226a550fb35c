import { ApiError } from '@leadfloor/infra/http/api-error';

/**
 * Refuses an instant the floor has not reached yet: the past is fixed, the future unknown.
 * `now` is the server's clock, never the browser's. An instant before the floor's first event
 * is answered, not refused: the floor was empty then.
 */
export function checkAsOf(asOf: string, now: Date): Date {
  const at = new Date(asOf);
  if (at.getTime() > now.getTime()) {
    throw new ApiError(400, 'as_of_in_future', 'asOf is later than now: the floor can be shown as it was, not as it will be.', { field: 'asOf' });
  }
  return at;
}
