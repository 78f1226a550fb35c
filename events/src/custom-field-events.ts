import { z } from 'zod';
import { LeadTypeSchema } from './lead-events';

const at = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

export const CustomFieldTypeSchema = z.enum(['text', 'number', 'date', 'select', 'boolean']);
export type CustomFieldType = z.infer<typeof CustomFieldTypeSchema>;


/** What a manager can change about a field after defining it (its name and lead type stay: stored values are keyed by them). */
export const CustomFieldSettingsSchema = z.object({
  label: z.string(),
  fieldType: CustomFieldTypeSchema,
  required: z.boolean(),
  placeholder: z.string().nullable(),
  options: z.array(z.string()),
  order: z.number().int(),
  active: z.boolean(),
});

/**
 * The floor's custom field definitions, one stream for all (`custom_fields-floor`): a handful of
 * fields, so one version orders every change and a lead's values are checked against one state.
 * `name` is unique per lead type; a field is never deleted (values of old leads keep their
 * meaning), only made inactive.
 */
export const customFieldEventSchemas = {
  CustomFieldDefined: CustomFieldSettingsSchema.extend({ fieldId: id, name: z.string(), leadType: LeadTypeSchema, by: id, at }),
  CustomFieldChanged: z.object({ fieldId: id, changes: CustomFieldSettingsSchema.partial(), by: id, at }),
} as const;

export type CustomFieldEventType = keyof typeof customFieldEventSchemas;
export type CustomFieldEvent = {
  [T in CustomFieldEventType]: { type: T; data: z.infer<(typeof customFieldEventSchemas)[T]> };
}[CustomFieldEventType];
