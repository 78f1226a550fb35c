import type { CustomField } from '@leadfloor/contracts';
import { describe, expect, it } from 'vitest';
import { customFieldOf, draftOf, readDraft } from './custom-field-draft';

const field = (name: string, fieldType: CustomField['fieldType'], extra: Partial<CustomField> = {}): CustomField => ({
  id: 1, name, leadType: 'real_estate', label: name.toUpperCase(), fieldType, required: false, placeholder: null, options: [], order: 0, active: true, ...extra,
});
const fields = [field('budget', 'number', { required: true }), field('vip', 'boolean'), field('tier', 'select', { options: ['Gold', 'Silver'] })];

describe('custom field forms', () => {
  it('shows stored values as form text, yes/no for booleans, empty for none', () => {
    expect(draftOf(fields, { budget: 250000, vip: false })).toEqual({ budget: '250000', vip: 'no', tier: '' });
  });

  it('reads the form as the server will: numbers, yes/no, options as spelled, empty as none', () => {
    expect(readDraft(fields, { budget: ' 12.5 ', vip: 'yes', tier: 'gold' })).toEqual({ ok: true, values: { budget: 12.5, vip: true, tier: 'Gold' } });
    expect(readDraft(fields, { budget: '1', vip: '', tier: '' })).toEqual({ ok: true, values: { budget: 1, vip: null, tier: null } });
  });

  it('names every field in error: a required one left empty, a value that does not fit', () => {
    expect(readDraft(fields, { budget: '', tier: 'Bronze' })).toEqual({
      ok: false, errors: { budget: 'BUDGET is required.', tier: 'TIER must be one of: Gold, Silver.' },
    });
    expect(readDraft(fields, { budget: 'lots' })).toEqual({ ok: false, errors: { budget: 'BUDGET must be a number.' } });
  });

  it("finds the custom field a server's 400 names", () => {
    expect(customFieldOf('customFields.budget')).toBe('budget');
    expect(customFieldOf('values.move_in')).toBe('move_in');
    expect(customFieldOf('email')).toBeNull();
  });
});
