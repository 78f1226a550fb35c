import type { ComponentType } from 'react';
import type { Config, Fields } from '@puckeditor/core';
import { BLOCK_COMPONENTS } from '@leadfloor/funnel-pages/blocks/page-blocks';
import { FORM_FIELD_TYPES, LEAD_FORM_FIELDS, type BlockProps, type BlockType } from '@leadfloor/funnel-pages/page-content';

type Props = { [T in BlockType]: Omit<BlockProps<T>, 'id'> };
type RootProps = { title?: string };
export type FunnelPuckConfig = Config<Props, RootProps>;

const text = (label: string) => ({ type: 'text' as const, label });
const area = (label: string) => ({ type: 'textarea' as const, label });
const yesNo = (label: string) => ({ type: 'radio' as const, label, options: [{ label: 'Yes', value: true }, { label: 'No', value: false }] });

const LEAD_FIELD_LABELS: Record<(typeof LEAD_FORM_FIELDS)[number], string> = {
  name: 'Lead: name', email: 'Lead: email', phone: 'Lead: phone', address: 'Lead: address', city: 'Lead: city', state: 'Lead: state', notes: 'Lead: notes',
};
const TYPE_LABELS: Record<(typeof FORM_FIELD_TYPES)[number], string> = { text: 'Text', email: 'Email', tel: 'Phone', textarea: 'Long text' };

/** Each block's fields in the builder's side panel, with a filled-in start so a new block shows at once. */
function blocks(customFields: { name: string; label: string }[]): { [T in BlockType]: { label: string; fields: Fields<Props[T]>; defaultProps: Props[T] } } {
  const mapsTo = [
    ...LEAD_FORM_FIELDS.map((f) => ({ label: LEAD_FIELD_LABELS[f], value: f })),
    ...customFields.map((f) => ({ label: `Custom: ${f.label}`, value: `custom:${f.name}` })),
  ];
  return {
    Hero: {
      label: 'Hero',
      fields: { heading: text('Heading'), subheading: area('Subheading'), align: { type: 'radio', label: 'Alignment', options: [{ label: 'Centre', value: 'center' }, { label: 'Left', value: 'left' }] } },
      defaultProps: { heading: 'A headline that names the result', subheading: 'One sentence on who it is for and what they get.', align: 'center' },
    },
    Text: { label: 'Text', fields: { body: area('Text (a blank line starts a new paragraph)') }, defaultProps: { body: 'Tell visitors what happens next.' } },
    Image: {
      label: 'Image',
      fields: { src: text('Image address (https://)'), alt: text('Description for screen readers'), caption: text('Caption') },
      defaultProps: { src: '', alt: '', caption: '' },
    },
    Video: { label: 'Video', fields: { url: text('YouTube, Vimeo or https:// .mp4 link'), title: text('Title') }, defaultProps: { url: '', title: '' } },
    BulletList: {
      label: 'Bullet list',
      fields: { heading: text('Heading'), items: { type: 'array', label: 'Items', arrayFields: { text: text('Item') }, defaultItemProps: { text: 'A benefit' }, getItemSummary: (i) => i.text || 'Item' } },
      defaultProps: { heading: 'What you get', items: [{ text: 'A first benefit' }, { text: 'A second benefit' }] },
    },
    Testimonial: {
      label: 'Testimonial',
      fields: { quote: area('Quote'), author: text('Author'), role: text('Role or place') },
      defaultProps: { quote: 'What a happy customer said.', author: 'A customer', role: '' },
    },
    Pricing: {
      label: 'Pricing',
      fields: {
        heading: text('Heading'),
        plans: {
          type: 'array', label: 'Plans', getItemSummary: (p) => p.name || 'Plan',
          arrayFields: { name: text('Name'), price: text('Price'), period: text('Per (month, year…)'), features: area('Features (one per line)'), highlighted: yesNo('Highlight') },
          defaultItemProps: { name: 'Plan', price: '$0', period: 'month', features: '', highlighted: false },
        },
      },
      defaultProps: { heading: 'Plans', plans: [{ name: 'Starter', price: '$0', period: 'month', features: 'The basics', highlighted: false }] },
    },
    Countdown: {
      label: 'Countdown',
      fields: { heading: text('Heading'), endsAt: text('Deadline (UTC, YYYY-MM-DD HH:mm)'), note: text('Note') },
      defaultProps: { heading: 'The offer ends', endsAt: '', note: '' },
    },
    Faq: {
      label: 'FAQ',
      fields: {
        heading: text('Heading'),
        items: { type: 'array', label: 'Questions', arrayFields: { question: text('Question'), answer: area('Answer') }, defaultItemProps: { question: '', answer: '' }, getItemSummary: (i) => i.question || 'Question' },
      },
      defaultProps: { heading: 'Questions', items: [{ question: 'Is it free?', answer: 'Yes.' }] },
    },
    Form: {
      label: 'Form',
      fields: {
        heading: text('Heading'),
        submitLabel: text('Button'),
        fields: {
          type: 'array', label: 'Fields', getItemSummary: (f) => f.label || 'Field',
          arrayFields: {
            label: text('Label'),
            type: { type: 'select', label: 'Type', options: FORM_FIELD_TYPES.map((t) => ({ label: TYPE_LABELS[t], value: t })) },
            required: yesNo('Required'),
            mapsTo: { type: 'select', label: 'Fills', options: mapsTo },
          },
          defaultItemProps: { label: 'Name', type: 'text', required: false, mapsTo: 'name' },
        },
      },
      defaultProps: {
        heading: 'Get in touch', submitLabel: 'Send',
        fields: [{ label: 'Name', type: 'text', required: true, mapsTo: 'name' }, { label: 'Email', type: 'email', required: true, mapsTo: 'email' }],
      },
    },
    NextButton: { label: 'Button to next step', fields: { label: text('Label') }, defaultProps: { label: 'Continue' } },
  };
}

/** The block library as Puck components: the very components the published page is rendered from. */
export function funnelPuckConfig(customFields: { name: string; label: string }[]): FunnelPuckConfig {
  const defs = blocks(customFields);
  const components = Object.fromEntries((Object.keys(defs) as BlockType[]).map((type) => {
    const Block = BLOCK_COMPONENTS[type] as ComponentType<Record<string, unknown>>;
    return [type, {
      ...defs[type],
      render: ({ puck: _puck, editMode: _editMode, ...props }: Record<string, unknown>) => <div className="fp-block"><Block {...props} /></div>,
    }];
  })) as unknown as FunnelPuckConfig['components'];
  return {
    categories: {
      content: { title: 'Content', components: ['Hero', 'Text', 'BulletList', 'Testimonial', 'Faq'] },
      media: { title: 'Media', components: ['Image', 'Video'] },
      conversion: { title: 'Conversion', components: ['Form', 'NextButton', 'Pricing', 'Countdown'] },
    },
    components,
    root: {
      fields: { title: text('Page title (the browser tab)') },
      render: ({ children }) => <div className="fp-page">{children}</div>,
    },
  };
}
