import type { CustomFieldEvent, CustomFieldType, LeadType } from '@leadfloor/events';

export type CustomFieldDefinition = {
  id: number; name: string; leadType: LeadType; label: string; fieldType: CustomFieldType; required: boolean;
  placeholder: string | null; options: string[]; order: number; active: boolean;
};

/** The floor's custom fields, as their one stream describes them. */
export type CustomFieldSet = { fields: CustomFieldDefinition[] };

export const customFieldStream = 'custom_fields-floor';
export const initialCustomFieldSet = (): CustomFieldSet => ({ fields: [] });

export function evolveCustomFieldSet(s: CustomFieldSet, e: CustomFieldEvent): CustomFieldSet {
  switch (e.type) {
    case 'CustomFieldDefined': {
      const { fieldId, by: _by, at: _at, ...d } = e.data;
      return { fields: [...s.fields, { id: fieldId, ...d }] };
    }
    case 'CustomFieldChanged':
      return { fields: s.fields.map((f) => (f.id === e.data.fieldId ? { ...f, ...e.data.changes } : f)) };
  }
}

/** The active fields of one lead type, in their order: what a lead of that type is checked against. */
export const activeFieldsFor = (s: CustomFieldSet, leadType: LeadType) =>
  s.fields.filter((f) => f.active && f.leadType === leadType).sort((a, b) => a.order - b.order || a.id - b.id);
