import { describe, expect, it } from 'vitest';
import { emptyPage, type PageBlock, type PageContent } from './page-content';
import { samplePage } from './sample-page';
import { starterPage } from './starter-pages';
import { validatePage } from './validate-page';

const withBlock = (block: PageBlock): PageContent => ({ root: { props: {} }, content: [block] });
const errorsOf = (content: unknown) => {
  const result = validatePage(content);
  return result.ok ? [] : result.errors;
};

describe('validatePage', () => {
  it('passes a page whose every block is filled in', () => {
    expect(validatePage(samplePage())).toEqual({ ok: true });
  });

  it('refuses an empty page', () => {
    expect(errorsOf(emptyPage())).toEqual([{ blockId: null, field: null, message: 'Add at least one block to the page' }]);
  });

  it('names the block and field of each missing required value', () => {
    const errors = errorsOf({ root: { props: {} }, content: [
      { type: 'Hero', props: { id: 'h', heading: ' ', subheading: '', align: 'center' } },
      { type: 'Testimonial', props: { id: 't', quote: 'Great', author: '', role: '' } },
      { type: 'Pricing', props: { id: 'p', heading: '', plans: [{ name: 'Basic', price: '', period: '', features: '', highlighted: false }] } },
      { type: 'Faq', props: { id: 'f', heading: '', items: [] } },
      { type: 'NextButton', props: { id: 'n', label: '' } },
    ] });
    expect(errors.map((e) => [e.blockId, e.field])).toEqual([
      ['h', 'heading'], ['t', 'author'], ['p', 'plans.0.price'], ['f', 'items'], ['n', 'label'],
    ]);
  });

  it('refuses media that is not https, and a video from an unknown host', () => {
    for (const src of ['javascript:alert(1)', 'http://example.com/a.jpg', 'data:image/png;base64,AAAA', '/relative.png', 'https://user:pw@example.com/a.jpg']) {
      expect(errorsOf(withBlock({ type: 'Image', props: { id: 'i', src, alt: 'x', caption: '' } }))).toEqual([
        { blockId: 'i', field: 'src', message: 'Give an https:// image address' },
      ]);
    }
    expect(errorsOf(withBlock({ type: 'Video', props: { id: 'v', url: 'https://example.com/watch', title: 'x' } })).map((e) => e.field)).toEqual(['url']);
    expect(errorsOf(withBlock({ type: 'Video', props: { id: 'v', url: 'https://vimeo.com/76979871', title: 'x' } }))).toEqual([]);
  });

  it('refuses a countdown without a real deadline', () => {
    for (const endsAt of ['', 'tomorrow', '2026-02-30 10:00', '2026-01-01 24:00']) {
      expect(errorsOf(withBlock({ type: 'Countdown', props: { id: 'c', heading: 'Ends', endsAt, note: '' } })).map((e) => e.field)).toEqual(['endsAt']);
    }
  });

  describe('forms', () => {
    const form = (fields: Extract<PageBlock, { type: 'Form' }>['props']['fields']): PageContent =>
      withBlock({ type: 'Form', props: { id: 'form', heading: '', submitLabel: 'Send', fields } });

    it('needs a required email or phone field', () => {
      expect(errorsOf(form([{ label: 'Name', type: 'text', required: true, mapsTo: 'name' }]))).toEqual([
        { blockId: 'form', field: 'fields', message: 'Ask for an email or a phone number, and make it required' },
      ]);
      expect(errorsOf(form([{ label: 'Email', type: 'email', required: false, mapsTo: 'email' }])).map((e) => e.field)).toEqual(['fields']);
      expect(errorsOf(form([{ label: 'Phone', type: 'tel', required: true, mapsTo: 'phone' }]))).toEqual([]);
    });

    it('maps each field to one lead field or a custom field', () => {
      const errors = errorsOf(form([
        { label: 'Email', type: 'email', required: true, mapsTo: 'email' },
        { label: 'Again', type: 'email', required: false, mapsTo: 'email' },
        { label: 'Owner', type: 'text', required: false, mapsTo: 'claimedBy' },
        { label: 'Bad', type: 'text', required: false, mapsTo: 'custom:Not Valid' },
        { label: 'Phone', type: 'text', required: false, mapsTo: 'phone' },
      ]));
      expect(errors.map((e) => [e.field, e.message])).toEqual([
        ['fields.1.mapsTo', 'Two fields fill the same lead field'],
        ['fields.2.mapsTo', 'Choose a lead field, or custom:<name> of a custom field'],
        ['fields.3.mapsTo', 'Choose a lead field, or custom:<name> of a custom field'],
        ['fields.4.type', 'The phone field has the phone type'],
      ]);
    });

    it('allows one form on a page', () => {
      const page = samplePage();
      const second = structuredClone(page.content.find((b) => b.type === 'Form')!);
      second.props.id = 'form-2';
      page.content.push(second);
      expect(errorsOf(page)).toEqual([{ blockId: 'form-2', field: null, message: 'A page holds one form' }]);
    });
  });

  it('reports a block the library does not have, and unknown props, by block id', () => {
    expect(errorsOf({ root: {}, content: [{ type: 'Script', props: { id: 's', code: 'alert(1)' } }] })[0]).toMatchObject({ blockId: 's' });
    expect(errorsOf({ root: {}, content: [{ type: 'Text', props: { id: 't', body: 'x', onclick: 'alert(1)' } }] })[0]).toMatchObject({ blockId: 't' });
  });

  it('refuses oversized text and duplicate block ids', () => {
    expect(errorsOf(withBlock({ type: 'Text', props: { id: 't', body: 'x'.repeat(5001) } }))).toEqual([
      { blockId: 't', field: 'body', message: 'At most 5000 characters' },
    ]);
    const page = withBlock({ type: 'Text', props: { id: 't', body: 'x' } });
    page.content.push({ type: 'Text', props: { id: 't', body: 'y' } });
    expect(errorsOf(page)).toEqual([{ blockId: 't', field: 'id', message: 'Two blocks share this id' }]);
  });
});

describe('starter pages', () => {
  it('are ready to publish as they come', () => {
    let n = 0;
    const newId = (type: string) => `${type}-${++n}`;
    expect(validatePage(starterPage('opt-in', newId))).toEqual({ ok: true });
    expect(validatePage(starterPage('follow-up', newId))).toEqual({ ok: true });
  });
});
