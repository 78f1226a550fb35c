import { describe, expect, it } from 'vitest';
import type { CustomField } from '@leadfloor/contracts';
import { applySaved, guessMapping } from './column-guess';

const budget: CustomField = {
  id: 1, name: 'budget', leadType: 'real_estate', label: 'Max budget', fieldType: 'number', required: false, placeholder: null, options: [], order: 0, active: true,
};

describe('guessing a mapping', () => {
  it('maps usual header names to lead fields and custom fields by name or label, the rest ignored', () => {
    expect(guessMapping(['Full Name', 'E-mail', 'Mobile', 'Town', 'Max Budget', 'Shoe size'], [budget])).toEqual({
      'Full Name': 'name', 'E-mail': 'email', Mobile: 'phone', Town: 'city', 'Max Budget': 'custom:budget', 'Shoe size': 'ignore',
    });
  });
  it('fills each target once: a second phone column is ignored', () => {
    expect(guessMapping(['Phone', 'Cell'], [])).toEqual({ Phone: 'phone', Cell: 'ignore' });
  });
  it("applies a saved mapping to the columns this file has, guessing the others without taking the saved ones' targets", () => {
    expect(applySaved(['Email', 'Name', 'Notes'], { Email: 'email', Notes: 'ignore', Gone: 'city' }, [])).toEqual({ Email: 'email', Name: 'name', Notes: 'ignore' });
  });
});
