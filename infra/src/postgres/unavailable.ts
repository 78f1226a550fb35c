// SQLSTATE classes and codes that mean "the database cannot serve you right now", not "your
// request is wrong": connection exceptions (08…), the server shutting down or starting up
// (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now), and insufficient
// resources such as too many connections (53…).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[123])/;
// Socket-level failures of a connection to the server (refused, reset, unreachable, timed out).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// What node-postgres says when a connection dies under a query, or the pool cannot get one.
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;

/**
 * True when `err` says PostgreSQL is down, restarting or out of connections: the request may
 * well succeed if retried shortly, so it is answered 503 rather than 500. Looks through an
 * AggregateError (a host with several addresses) and the `cause` chain.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || (e.code.length === 5 && UNAVAILABLE_SQLSTATE.test(e.code)))) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
