import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { metrics } from '@leadfloor/infra/metrics/metrics';
import { isDomainError } from './domain-error';

export type CommandOutcomeLabel = 'accepted' | 'conflict' | 'rejected' | 'failed';

/**
 * How a command ended, as `leadfloor_commands_total` counts it. A conflict is a 409: the state
 * forbids the command (a claim that lost the race meets a lead that is no longer available),
 * the stream kept moving, or a unique name is taken. A rejection is any other refusal (not
 * allowed, not found, too fast). Anything else is a failure.
 */
export function outcomeOf(err: unknown): CommandOutcomeLabel {
  if (isDomainError(err)) return err.kind === 'RuleViolation' || err.kind === 'VersionConflict' ? 'conflict' : 'rejected';
  if (err instanceof UniqueKeyTakenError) return 'conflict';
  if (err instanceof ApiError) return err.status === 409 ? 'conflict' : err.status < 500 ? 'rejected' : 'failed';
  return 'failed';
}

/** The command types of one command or of a batch decided as a whole (a multi-field PATCH). */
export function commandTypes(command: unknown): string[] {
  const all = Array.isArray(command) ? command : [command];
  return all.map((c) => (c && typeof (c as { type?: unknown }).type === 'string' ? (c as { type: string }).type : 'unknown'));
}

/** Counts each command of the batch once; a command refused before it was built counts as `unknown`. */
export function countCommands(types: string[], outcome: CommandOutcomeLabel) {
  for (const command of types.length > 0 ? types : ['unknown']) metrics.commands.inc({ command, outcome });
}
