import { CustomFieldFilterSchema, LeadListQuerySchema, type CustomField } from '@leadfloor/contracts';
import { describe, expect, it } from 'vitest';
import { customFieldFilterSql, resolveCustomFieldFilters } from './custom-field-filters';

const field = (name: string, leadType: CustomField['leadType'], fieldType: CustomField['fieldType'], options: string[] = []): CustomField => ({
  id: 1, name, leadType, label: name[0]!.toUpperCase() + name.slice(1), fieldType, required: false, placeholder: null, options, order: 0, active: true,
});
const fields = [
  field('budget', 'real_estate', 'number'), field('budget', 'forex', 'text'), field('tier', 'finance', 'select', ['Gold', 'Silver']),
  field('vip', 'finance', 'boolean'), field('since', 'finance', 'date'),
];
const parse = (...terms: string[]) => terms.map((t) => CustomFieldFilterSchema.parse(t));
const resolve = (terms: string[], leadType?: string) => resolveCustomFieldFilters(fields, parse(...terms), leadType);

describe('custom field filter conditions', () => {
  it('reads name, operator and value, and takes one or many', () => {
    expect(parse('budget>=100', 'note~a=b')).toEqual([{ name: 'budget', op: '>=', value: '100' }, { name: 'note', op: '~', value: 'a=b' }]);
    expect(LeadListQuerySchema.parse({ customField: 'tier=gold' }).customField).toHaveLength(1);
    expect(LeadListQuerySchema.parse({ customField: ['tier=gold', 'vip=yes'] }).customField).toHaveLength(2);
    expect(LeadListQuerySchema.parse({}).customField).toEqual([]);
    for (const bad of ['Budget=1', 'budget', 'budget=', '1x=2']) expect(CustomFieldFilterSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('reads the value as its field reads one: options as spelled, yes/no, numbers and calendar dates', () => {
    expect(resolve(['tier=gold', 'vip=yes', 'since>=2026-01-31'])).toEqual([
      { name: 'tier', op: '=', byType: [{ leadType: 'finance', fieldType: 'select', value: 'Gold' }] },
      { name: 'vip', op: '=', byType: [{ leadType: 'finance', fieldType: 'boolean', value: true }] },
      { name: 'since', op: '>=', byType: [{ leadType: 'finance', fieldType: 'date', value: '2026-01-31' }] },
    ]);
  });

  it('keeps each lead type whose definition accepts the condition', () => {
    expect(resolve(['budget=500'])[0]!.byType.map((b) => b.leadType)).toEqual(['real_estate', 'forex']);
    expect(resolve(['budget~5k'])[0]!.byType.map((b) => b.leadType)).toEqual(['forex']);
    expect(resolve(['budget>=5'])[0]!.byType.map((b) => b.leadType)).toEqual(['real_estate']);
  });

  it.each([
    ['nosuch=1', undefined, 'There is no custom field "nosuch".'],
    ['budget>=5', 'forex', 'Budget is a text field: it cannot be at least a value (budget=…, budget~…).'],
    ['tier~g', undefined, 'Tier is a select field: it cannot contain a value (tier=…).'],
    ['tier=bronze', undefined, 'Tier must be one of: Gold, Silver.'],
    ['vip=maybe', undefined, 'Vip must be yes or no.'],
    ['since<=2026-02-30', undefined, 'Since must be a date (YYYY-MM-DD).'],
    ['budget>=lots', undefined, 'Budget must be a number.'],
    ['tier=gold', 'forex', 'There is no custom field "tier" for this lead type.'],
  ])('refuses %s (lead type %s) with a 400 naming customField', (term, leadType, message) => {
    expect(() => resolve([term], leadType)).toThrow(expect.objectContaining({ status: 400, error: 'validation_failed', message, extras: { field: 'customField' } }));
  });

  it('writes equality as containment (the GIN index), and never splices a value into the SQL', () => {
    const params: unknown[] = [];
    const sql = customFieldFilterSql(resolve(['tier=gold', 'budget>=5', "budget~'; drop"]), (v) => `$${params.push(v)}`)!;
    expect(sql).toContain('cf.values @> $1::jsonb');
    expect(params[0]).toBe('{"tier":"Gold"}');
    expect(sql).not.toContain('drop');
    expect(params).toContain("%'; drop%");
    expect(customFieldFilterSql([], () => '')).toBeNull();
  });
});
