import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { publishProblems } from './publish-errors';

const refusal = (body: unknown, status = 400) => {
  const text = JSON.stringify(body);
  return new ApiError(status, text, JSON.parse(text), null);
};
const page = { stepId: 3, variant: 'B', blockId: 'Form-1', field: 'fields', message: 'Ask for an email or a phone number, and make it required' };

describe('publishProblems', () => {
  it('lists each refused block of a publish by step and variant', () => {
    const error = refusal({ type: 't', title: 'Bad Request', status: 400, code: 'funnel.invalid_pages', error: 'funnel.invalid_pages', message: '1 thing to fix before publishing.', details: { pages: [page] } });
    expect(publishProblems(error)).toEqual([page]);
  });

  it('is null for any other failure, which the builder shows as the server worded it', () => {
    expect(publishProblems(refusal({ code: 'funnel.no_steps', error: 'funnel.no_steps', message: 'Add a step before publishing.' }, 409))).toBeNull();
    expect(publishProblems(refusal({ code: 'validation_failed', error: 'validation_failed' }))).toBeNull();
    expect(publishProblems(refusal({ code: 'funnel.invalid_pages', error: 'funnel.invalid_pages', details: { pages: [{ stepId: 'x' }] } }))).toBeNull();
    expect(publishProblems(new Error('offline'))).toBeNull();
  });
});
