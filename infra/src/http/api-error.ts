import type { ProblemInput } from './problem';

/**
 * An answer a route decides on (401 not signed in, 429 slow down, 409 taken...), carried as
 * an exception to the one error handler. `error` is the stable code the console branches on
 * (spec 8: invalid_credentials, database_error, server_error...); `field` names the input at
 * fault so a form can show the message beside it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly extras: { field?: string; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toProblem(): ProblemInput {
    return {
      status: this.status, code: this.error, detail: this.message,
      ...(this.extras.field ? { field: this.extras.field, errors: [{ field: this.extras.field, message: this.message }] } : {}),
      ...(this.extras.details ? { details: this.extras.details } : {}),
    };
  }
}

export const notSignedIn = () => new ApiError(401, 'not_authenticated', 'Please log in to continue.');
