import type { ProblemInput } from '@leadfloor/infra/http/problem';
import { isDomainError, type DomainError } from './domain-error';

const status = { NotFound: 404, Forbidden: 403, RuleViolation: 409, VersionConflict: 409 } satisfies Record<DomainError['kind'], number>;

/** The one place that knows how a domain refusal reads over HTTP. */
export function domainErrorToProblem(err: unknown): ProblemInput | undefined {
  if (!isDomainError(err)) return undefined;
  return { status: status[err.kind], code: err.code, detail: err.message, ...(err.details ? { details: err.details } : {}) };
}
