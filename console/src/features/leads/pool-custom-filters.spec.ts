import type { CustomField } from '@leadfloor/contracts';
import { describe, expect, it } from 'vitest';
import { filterableFields, withCondition } from './components/custom-field-filters';
import { filterChips } from './filter-chips';
import { DEFAULT_FILTERS, poolQueryParams, readPoolState, writePoolState } from './lead-filters';

const field = (id: number, name: string, leadType: CustomField['leadType'], extra: Partial<CustomField> = {}): CustomField => ({
  id, name, leadType, label: name, fieldType: 'number', required: false, placeholder: null, options: [], order: 0, active: true, ...extra,
});

describe("the pool's custom field filters", () => {
  const filters = { ...DEFAULT_FILTERS, customFields: [{ name: 'budget', op: '>=' as const, value: '100000' }, { name: 'bedrooms', op: '=' as const, value: '3+' }] };

  it('keep their conditions in the address bar, repeated, and drop malformed ones on reading', () => {
    const url = writePoolState({ tab: 'all', sort: 'newest', view: 'list', filters });
    expect(url.getAll('customField')).toEqual(['budget>=100000', 'bedrooms=3+']);
    url.append('customField', 'Not A Condition');
    expect(readPoolState(url).filters.customFields).toEqual(filters.customFields);
  });

  it('send every condition to the server and show one chip each, by label', () => {
    expect(poolQueryParams('all', 'newest', filters).customField).toEqual(['budget>=100000', 'bedrooms=3+']);
    const chips = filterChips(filters, { budget: 'Budget' });
    expect(chips.map((c) => c.label)).toEqual(['Budget ≥ 100000', 'bedrooms: 3+']);
    expect(chips[0]!.without(filters).customFields).toEqual([filters.customFields[1]]);
  });

  it('set, replace and clear one condition per field and operator', () => {
    const once = withCondition([], 'budget', '>=', ' 5 ');
    expect(once).toEqual([{ name: 'budget', op: '>=', value: '5' }]);
    expect(withCondition(once, 'budget', '>=', '7')).toEqual([{ name: 'budget', op: '>=', value: '7' }]);
    expect(withCondition(once, 'budget', '<=', '9')).toHaveLength(2);
    expect(withCondition(once, 'budget', '>=', '')).toEqual([]);
  });

  it("offer the chosen type's active fields, or every type's once per name, in order", () => {
    const fields = [field(1, 'budget', 'real_estate', { order: 2 }), field(2, 'budget', 'forex'), field(3, 'rooms', 'real_estate', { order: 1 }), field(4, 'old', 'forex', { active: false })];
    expect(filterableFields(fields, 'real_estate').map((f) => f.id)).toEqual([3, 1]);
    expect(filterableFields(fields, 'all').map((f) => f.id)).toEqual([2, 3]);
    expect(filterableFields(fields, 'finance')).toEqual([]);
  });
});
