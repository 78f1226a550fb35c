import { z } from 'zod';

// The builder's page JSON, in Puck's data shape: { root: { props }, content: [{ type, props: { id, ... } }] }.
// Bounds here keep a draft storable; what a page needs before it is published is validatePage's job,
// so a half-built draft (empty heading, no form fields yet) still saves.

const blockId = z.string().min(1).max(100);
const text = (max: number) => z.string().max(max, `At most ${max} characters`);

/** Lead fields a form field can fill; anything else goes to a custom field, `custom:<name>`. */
export const LEAD_FORM_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'state', 'notes'] as const;
export type LeadFormField = (typeof LEAD_FORM_FIELDS)[number];
export const CUSTOM_FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const FORM_FIELD_TYPES = ['text', 'email', 'tel', 'textarea'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const HeroPropsSchema = z.strictObject({
  id: blockId, heading: text(200), subheading: text(500), align: z.enum(['left', 'center']),
});
export const TextPropsSchema = z.strictObject({ id: blockId, body: text(5000) });
export const ImagePropsSchema = z.strictObject({ id: blockId, src: text(2000), alt: text(300), caption: text(300) });
export const VideoPropsSchema = z.strictObject({ id: blockId, url: text(2000), title: text(200) });
export const BulletListPropsSchema = z.strictObject({
  id: blockId, heading: text(200), items: z.array(z.strictObject({ text: text(300) })).max(30, 'At most 30 items'),
});
export const TestimonialPropsSchema = z.strictObject({ id: blockId, quote: text(1000), author: text(120), role: text(120) });
export const PricingPlanSchema = z.strictObject({
  name: text(80), price: text(60), period: text(60),
  /** One feature per line. */
  features: text(1000),
  highlighted: z.boolean(),
});
export const PricingPropsSchema = z.strictObject({
  id: blockId, heading: text(200), plans: z.array(PricingPlanSchema).max(4, 'At most 4 plans'),
});
export const CountdownPropsSchema = z.strictObject({
  id: blockId, heading: text(200),
  /** A UTC instant, `YYYY-MM-DDTHH:mm` (seconds and a trailing Z allowed); shown as a fixed deadline. */
  endsAt: text(40),
  note: text(300),
});
export const FaqPropsSchema = z.strictObject({
  id: blockId, heading: text(200),
  items: z.array(z.strictObject({ question: text(300), answer: text(2000) })).max(30, 'At most 30 questions'),
});
export const FormFieldSettingsSchema = z.strictObject({
  label: text(80), type: z.enum(FORM_FIELD_TYPES), required: z.boolean(),
  /** A lead field (`email`, `phone`, ...) or `custom:<name>` of a custom field. */
  mapsTo: text(47),
});
export const FormPropsSchema = z.strictObject({
  id: blockId, heading: text(200), submitLabel: text(80),
  fields: z.array(FormFieldSettingsSchema).max(20, 'At most 20 fields'),
});
export const NextButtonPropsSchema = z.strictObject({ id: blockId, label: text(80) });

const block = <T extends string, P extends z.ZodType>(type: T, props: P) =>
  z.strictObject({ type: z.literal(type), props, readOnly: z.record(z.string(), z.boolean()).optional() });

export const PageBlockSchema = z.discriminatedUnion('type', [
  block('Hero', HeroPropsSchema),
  block('Text', TextPropsSchema),
  block('Image', ImagePropsSchema),
  block('Video', VideoPropsSchema),
  block('BulletList', BulletListPropsSchema),
  block('Testimonial', TestimonialPropsSchema),
  block('Pricing', PricingPropsSchema),
  block('Countdown', CountdownPropsSchema),
  block('Faq', FaqPropsSchema),
  block('Form', FormPropsSchema),
  block('NextButton', NextButtonPropsSchema),
]);
export type PageBlock = z.infer<typeof PageBlockSchema>;
export type BlockType = PageBlock['type'];
export type BlockProps<T extends BlockType> = Extract<PageBlock, { type: T }>['props'];

export const PageContentSchema = z.strictObject({
  root: z.strictObject({
    props: z.strictObject({ title: text(200).optional() }).optional(),
    readOnly: z.record(z.string(), z.boolean()).optional(),
  }),
  content: z.array(PageBlockSchema).max(60, 'At most 60 blocks on a page'),
  /** Puck's named drop zones: this library has none, so only an empty map is accepted. */
  zones: z.record(z.string(), z.array(PageBlockSchema).max(0)).optional(),
});
export type PageContent = z.infer<typeof PageContentSchema>;

/** A new step's page: empty, ready for blocks. */
export const emptyPage = (): PageContent => ({ root: { props: {} }, content: [] });
