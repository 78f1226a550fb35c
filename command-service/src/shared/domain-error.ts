/**
 * The one error type a decider throws. `kind` is what the HTTP edge maps to a status
 * (NotFound 404, Forbidden 403, RuleViolation and VersionConflict 409); `code` is stable and
 * safe for clients to branch on; `message` is for people; `details` carries facts the answer
 * may show (for a lost claim race: the lead's status and who holds it).
 */
export type DomainErrorKind = 'NotFound' | 'Forbidden' | 'RuleViolation' | 'VersionConflict';

export type DomainErrorDetails = Readonly<Record<string, unknown>>;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details?: DomainErrorDetails,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

// One subclass per kind so throw sites read as the rule they enforce
// (`throw new Forbidden('lead.not_claimer', ...)`) and `instanceof DomainError` still catches all.
export class NotFound extends DomainError {
  constructor(code: string, message: string, details?: DomainErrorDetails) {
    super('NotFound', code, message, details);
  }
}

export class Forbidden extends DomainError {
  constructor(code: string, message: string, details?: DomainErrorDetails) {
    super('Forbidden', code, message, details);
  }
}

export class RuleViolation extends DomainError {
  constructor(code: string, message: string, details?: DomainErrorDetails) {
    super('RuleViolation', code, message, details);
  }
}

export class VersionConflict extends DomainError {
  constructor(code: string, message: string, details?: DomainErrorDetails) {
    super('VersionConflict', code, message, details);
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
