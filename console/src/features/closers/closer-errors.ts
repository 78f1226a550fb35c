import { isApiError, serverMessage } from '../../lib/api';

/** A refused change in the server's own words (its problem's `message`), or a plain fallback. */
export const refusal = (error: unknown): string => serverMessage(error) ?? 'Something went wrong. Try again.';

/** 409: someone else changed it first (a stale version), or the rule the server named. */
export const isConflict = (error: unknown): boolean => isApiError(error, 409);
