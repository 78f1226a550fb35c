import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config';

export type { Logger };

const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'confirmPassword', 'passwordHash', 'token', 'sessionToken'];
const SECRET_HEADERS = ['.cookie', '.authorization', '["set-cookie"]'];

/**
 * What never reaches a log line, whichever serializer or call site logs it: passwords and
 * their hashes, session tokens, and the headers that carry them (a request's cookie and
 * authorization, a response's set-cookie), at the top level and one or two levels down
 * (`{ body: { password } }`, `{ err: { config: { headers: { cookie } } } }`).
 */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ...SECRET_HEADERS.flatMap((h) => [`headers${h}`, `*.headers${h}`, `*.*.headers${h}`]),
];

/**
 * The process logger. Made here so every entry point and the Fastify apps share one instance
 * and one level; services and the launcher reach pino through infra. Every request's lines
 * carry its `reqId` (the x-request-id), which is also the correlation id of the events its
 * command appends, and which the relay, projectors and jobs log at debug.
 *
 * JSON lines on stdout, what a log shipper reads; on a terminal (or LOG_FORMAT=pretty) one
 * readable, coloured line each. Redaction happens before either.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'> & Partial<Pick<Config, 'LOG_FORMAT'>>, name = 'leadfloor', destination?: DestinationStream): Logger {
  const options = { name, level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  if (destination) return pino(options, destination);
  return wantsPretty(config.LOG_FORMAT ?? 'auto', process.stdout.isTTY === true) ? pino(options, prettyStream()) : pino(options);
}

export const wantsPretty = (format: Config['LOG_FORMAT'], stdoutIsTerminal: boolean) =>
  format === 'pretty' || (format === 'auto' && stdoutIsTerminal);

/** Synchronous, in this thread: a line is on the terminal before a crash or an exit that follows it. */
export const prettyStream = (options: { colorize?: boolean; destination?: NodeJS.WritableStream } = {}) =>
  pretty({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', colorize: options.colorize ?? process.stdout.isTTY === true, ...(options.destination ? { destination: options.destination } : {}) });
