import { ConfigError } from '@leadfloor/infra/config';
import type { Logger } from '@leadfloor/infra/logger';
import { EmbeddedPostgresError } from '@leadfloor/infra/postgres/embedded';
import { EmbeddedPostgresAccessError } from '@leadfloor/infra/postgres/run-as-postgres-user';

/**
 * A start that cannot go on ends with one line saying why: a bad variable (named), a data folder
 * PostgreSQL cannot use, a port in use. These are the operator's to fix, and a stack trace
 * would only bury the line. Anything unexpected is logged whole, stack included, because then
 * it is ours to fix.
 */
export function startupFailureLine(err: unknown): string | undefined {
  if (err instanceof ConfigError) {
    return `invalid configuration: ${err.problems.map((p) => `${p.variable}: ${p.message}`).join("; ")}`;
  }
  if (err instanceof EmbeddedPostgresError || err instanceof EmbeddedPostgresAccessError) return err.message;
  const e = err as NodeJS.ErrnoException & { port?: number };
  if (e?.code === 'EADDRINUSE') return `port ${e.port ?? '(PORT)'} is already in use; set PORT to a free one`;
  return undefined;
}

export function reportStartupFailure(err: unknown, logger?: Logger) {
  const line = startupFailureLine(err);
  if (line) process.stderr.write(`leadfloor: cannot start: ${line}\n`);
  else if (logger) logger.fatal({ err }, 'start-up failed');
  else process.stderr.write(`leadfloor: cannot start: ${String((err as Error)?.stack ?? err)}\n`);
}

export function exitOnStartupFailure(err: unknown, logger?: Logger): never {
  reportStartupFailure(err, logger);
  process.exit(1);
}
