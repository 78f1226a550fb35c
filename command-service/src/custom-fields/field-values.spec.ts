import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from './custom-field-set';
import { coerceFieldValue } from '@leadfloor/contracts';
import { checkFieldValues } from './field-values';

const field = (fieldType: CustomFieldDefinition['fieldType'], extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  id: 1, name: 'f', leadType: 'finance', label: 'F', fieldType, required: false, placeholder: null, options: [], order: 0, active: true, ...extra,
});

describe('custom field values', () => {
  it.each([
    ['number', '12.5', 12.5], ['number', ' -3 ', -3], ['number', 7, 7],
    ['date', '2026-02-28', '2026-02-28'], ['boolean', 'Yes', true], ['boolean', '0', false], ['boolean', true, true],
    ['text', 'anything =1+1', 'anything =1+1'],
  ] as const)('reads a %s from %j', (type, raw, value) => {
    expect(coerceFieldValue(field(type), raw)).toEqual({ value });
  });
  it.each([
    ['number', '1e9'], ['number', '12,5'], ['number', 'NaN'], ['date', '2026-02-30'], ['date', '28/02/2026'], ['boolean', 'maybe'],
  ] as const)('refuses a %s from %j', (type, raw) => {
    expect(coerceFieldValue(field(type), raw)).toHaveProperty('error');
  });
  it('matches a select option ignoring case and stores it as spelled', () => {
    expect(coerceFieldValue(field('select', { options: ['High', 'Low'] }), ' high ')).toEqual({ value: 'High' });
    expect(coerceFieldValue(field('select', { options: ['High', 'Low'] }), 'Medium')).toHaveProperty('error');
  });
  it('treats empty text as no value, and a text over 2,000 characters as too long', () => {
    expect(coerceFieldValue(field('number'), '  ')).toEqual({ value: null });
    expect(coerceFieldValue(field('text'), 'x'.repeat(2001))).toHaveProperty('error');
  });
  it('asks a complete set for every required field, and drops empty values from it', () => {
    const fields = [field('text', { name: 'a', required: true }), field('text', { name: 'b' })];
    expect(checkFieldValues(fields, { b: 'x' }, { complete: true })).toMatchObject({ ok: false, field: 'a' });
    expect(checkFieldValues(fields, { a: 'y', b: '' }, { complete: true })).toEqual({ ok: true, values: { a: 'y' } });
    expect(checkFieldValues(fields, { b: null }, { complete: false })).toEqual({ ok: true, values: { b: null } });
  });
});
