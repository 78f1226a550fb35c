import { UniqueKeyTakenError } from '@leadfloor/infra/event-store/errors';
import { ApiError } from '@leadfloor/infra/http/api-error';
import { describe, expect, it } from 'vitest';
import { commandTypes, outcomeOf } from './command-outcomes';
import { Forbidden, NotFound, RuleViolation, VersionConflict } from './domain-error';

describe('outcomeOf', () => {
  it('counts a 409 as a conflict: a lost claim race, a stream that kept moving, a taken name', () => {
    expect(outcomeOf(new RuleViolation('lead.not_available', 'not available'))).toBe('conflict');
    expect(outcomeOf(new VersionConflict('stream.busy', 'busy'))).toBe('conflict');
    expect(outcomeOf(new UniqueKeyTakenError('username', 'ann'))).toBe('conflict');
  });

  it('counts other refusals as rejected, and anything else as failed', () => {
    expect(outcomeOf(new Forbidden('lead.not_claimer', 'no'))).toBe('rejected');
    expect(outcomeOf(new NotFound('lead.not_found', 'none'))).toBe('rejected');
    expect(outcomeOf(new ApiError(429, 'rate_limited', 'slow down'))).toBe('rejected');
    expect(outcomeOf(new Error('connection refused'))).toBe('failed');
  });
});

describe('commandTypes', () => {
  it('names each command of a batch decided as a whole', () => {
    expect(commandTypes({ type: 'ClaimLead' })).toEqual(['ClaimLead']);
    expect(commandTypes([{ type: 'ChangeLeadStatus' }, { type: 'MoveLeadStage' }])).toEqual(['ChangeLeadStatus', 'MoveLeadStage']);
  });
});
