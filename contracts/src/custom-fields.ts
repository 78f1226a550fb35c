import { z } from 'zod';
import { CustomFieldTypeSchema, CustomFieldValueSchema, LeadTypeSchema } from '@leadfloor/events';
import { IdQuerySchema } from './scalars';

export { CustomFieldTypeSchema, CustomFieldValueSchema };

const settings = {
  label: z.string().trim().min(1, 'Give the field a label').max(80, 'At most 80 characters'),
  fieldType: CustomFieldTypeSchema,
  required: z.boolean(),
  placeholder: z.string().max(120, 'At most 120 characters').nullable(),
  options: z.array(z.string().max(80, 'At most 80 characters')).max(50, 'At most 50 options'),
  order: z.number().int().min(0).max(10_000),
  active: z.boolean(),
};

/** POST /api/custom-fields: a manager defines a field for one lead type. `name` is the key values are stored under. */
export const CreateCustomFieldBodySchema = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'Lowercase letters, digits and _ (start with a letter, at most 40)'),
  leadType: LeadTypeSchema,
  label: settings.label,
  fieldType: settings.fieldType,
  required: settings.required.default(false),
  placeholder: settings.placeholder.default(null),
  options: settings.options.default([]),
  order: settings.order.default(0),
  active: settings.active.default(true),
});
export type CreateCustomFieldBody = z.input<typeof CreateCustomFieldBodySchema>;

/** PATCH /api/custom-fields/{id}: any of the settings; the name and lead type stay. */
export const UpdateCustomFieldBodySchema = z.strictObject({
  label: settings.label.optional(), fieldType: settings.fieldType.optional(), required: settings.required.optional(),
  placeholder: settings.placeholder.optional(), options: settings.options.optional(), order: settings.order.optional(),
  active: settings.active.optional(),
}).refine((b) => Object.keys(b).length > 0, 'Change at least one setting');
export type UpdateCustomFieldBody = z.input<typeof UpdateCustomFieldBodySchema>;

export const CustomFieldSchema = z.object({
  id: z.number().int(), name: z.string(), leadType: LeadTypeSchema, label: z.string(), fieldType: CustomFieldTypeSchema,
  required: z.boolean(), placeholder: z.string().nullable(), options: z.array(z.string()), order: z.number().int(), active: z.boolean(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

/** GET /api/custom-fields: `leadType` narrows to one type; `active=true` to the fields forms ask for. */
export const CustomFieldListQuerySchema = z.strictObject({
  leadType: LeadTypeSchema.optional(),
  active: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  /** Read-your-writes: the version a field write answered; the read waits (bounded) until the list has it. */
  minVersion: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});
/** A handful of fields per floor (at most 50 per lead type): one page holds them all. */
export const CustomFieldListResponseSchema = z.object({ fields: z.array(CustomFieldSchema) });
export const CustomFieldResponseSchema = z.object({ field: CustomFieldSchema, version: z.number().int() });
export const CustomFieldParamsSchema = z.object({ id: IdQuerySchema });

/** A lead's custom field values, by field name: GET and PUT /api/leads/{id}/custom-fields. */
export const LeadCustomFieldValuesSchema = z.record(z.string().max(40), CustomFieldValueSchema);
export type CustomFieldValues = z.infer<typeof LeadCustomFieldValuesSchema>;
export const LeadCustomFieldsResponseSchema = z.object({
  values: LeadCustomFieldValuesSchema, fields: z.array(CustomFieldSchema), version: z.number().int(),
});
/** GET: `minVersion`, the version a PUT answered: the read waits (bounded) until the values reflect it. */
export const LeadCustomFieldsQuerySchema = z.strictObject({ minVersion: z.coerce.number().int().min(0).max(2_147_483_647).optional() });
/** PUT: the fields to change (null clears one); other fields keep their values. */
export const SetLeadCustomFieldsBodySchema = z.strictObject({
  values: z.record(z.string().max(40), z.union([z.string().max(2000), z.number(), z.boolean()]).nullable())
    .refine((v) => Object.keys(v).length <= 50, 'At most 50 fields'),
});

/**
 * One custom field condition of the pool's filters (GET /api/leads and the export, repeatable):
 * `name=value` equals (text ignoring case, a select's option, yes/no, a number, a date),
 * `name~text` contains (text fields), `name>=from` and `name<=to` bound a number or a date.
 */
export const CUSTOM_FIELD_FILTER_OPS = ['>=', '<=', '=', '~'] as const;
export type CustomFieldFilterOp = (typeof CUSTOM_FIELD_FILTER_OPS)[number];
const FILTER_TERM = /^([a-z][a-z0-9_]{0,39})(>=|<=|=|~)(.+)$/s;
export const CustomFieldFilterSchema = z.string().max(300)
  .regex(FILTER_TERM, 'name=value, name~text, name>=from or name<=to')
  .transform((t) => {
    const m = FILTER_TERM.exec(t)!;
    return { name: m[1]!, op: m[2] as CustomFieldFilterOp, value: m[3]! };
  });
export type CustomFieldFilter = z.output<typeof CustomFieldFilterSchema>;
/** A condition as the query parameter spells it. */
export const customFieldFilterParam = (f: CustomFieldFilter) => `${f.name}${f.op}${f.value}`;
