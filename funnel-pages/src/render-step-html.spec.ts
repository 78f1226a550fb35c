import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, RENDER_TOKEN_FIELD, formFieldsOf } from './form-fields';
import { FUNNEL_PAGE_CSS } from './page-css';
import { renderStepHtml, type StepRenderContext } from './render-step-html';
import { samplePage } from './sample-page';
import { FUNNEL_PAGE_STYLE_SOURCE } from './style-hash';

/** Every tag of the document, its attribute values emptied: what a browser would build elements from. */
const tagsOf = (html: string) => html.replace(/<style>[^<]*<\/style>/, '<style></style>').replace(/"[^"]*"/g, '""').match(/<[^!][^>]*>/g) ?? [];
const ALLOWED_TAGS = ['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'header', 'h1', 'h2', 'h3', 'p', 'br', 'section', 'figure',
  'figcaption', 'img', 'div', 'iframe', 'ul', 'li', 'blockquote', 'span', 'article', 'time', 'details', 'summary', 'form', 'input', 'label',
  'button', 'a'];

const ctx: StepRenderContext = {
  title: 'Free valuation', formAction: '/f/home-value/submit', renderToken: 'tok.123', nextPath: '/p/home-value/thanks',
  hiddenFields: { step: '7', variant: 'A', utm_source: 'Facebook' },
};

describe('renderStepHtml', () => {
  it('gives the same bytes for the same page, however often and from however many copies', () => {
    const first = renderStepHtml(samplePage(), ctx);
    expect(renderStepHtml(structuredClone(samplePage()), { ...ctx, hiddenFields: { ...ctx.hiddenFields } })).toBe(first);
    expect(renderStepHtml(JSON.parse(JSON.stringify(samplePage())), ctx)).toBe(first);
  });

  it('renders every block as static HTML with no script', () => {
    const html = renderStepHtml(samplePage(), ctx);
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).not.toMatch(/<script/i);
    for (const tag of tagsOf(html)) expect(tag).not.toMatch(/\son[a-z]+=/i);
    for (const text of ['What is your home worth?', 'No obligation, no spam.', 'alt="A brick house"', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'Three comparable sales', 'Sold above asking.', 'Everything in Basic', '31 December 2026, 18:00 UTC', '<summary>Is it free?</summary>', 'Continue']) {
      expect(html).toContain(text);
    }
  });

  it('posts the form to the step address with its token, hidden fields and an empty honeypot', () => {
    const html = renderStepHtml(samplePage(), ctx);
    expect(tagsOf(html)).toContain('<form class="" action="" method="">');
    expect(html).toContain('action="/f/home-value/submit"');
    expect(html).toContain(`<input type="hidden" name="${RENDER_TOKEN_FIELD}" value="tok.123"/>`);
    expect(html).toContain('<input type="hidden" name="utm_source" value="Facebook"/>');
    expect(html).toContain(`<input id="form-1-hp" type="text" tabindex="-1" autoComplete="off" name="${HONEYPOT_FIELD}"/>`);
    expect(html).toContain('<input id="form-1-email" required="" autoComplete="email" type="email" maxLength="300" name="email"/>');
    expect(html).toContain('name="custom:budget"');
    expect(html).toContain('<a class="fp-button" href="/p/home-value/thanks">Continue</a>');
  });

  it('leaves the next-step button without a link on the last step', () => {
    const html = renderStepHtml(samplePage(), { ...ctx, nextPath: null });
    expect(html).toContain('<span class="fp-button" aria-disabled="true">Continue</span>');
  });

  it('inlines the stylesheet whose hash the CSP allows', () => {
    const html = renderStepHtml(samplePage(), ctx);
    expect(html).toContain(`<style>${FUNNEL_PAGE_CSS}</style>`);
    expect(FUNNEL_PAGE_STYLE_SOURCE).toBe(`'sha256-${createHash('sha256').update(FUNNEL_PAGE_CSS).digest('base64')}'`);
    expect(FUNNEL_PAGE_CSS).not.toContain('</style');
  });

  it('refuses content that is not a page', () => {
    expect(() => renderStepHtml({ content: 'nope' }, ctx)).toThrow();
  });

  describe('hostile strings', () => {
    const hostile = [
      '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>", '</style><script>alert(1)</script>',
      '&lt;b&gt; & &amp;', '\u202Egnp.exe', '=HYPERLINK("http://evil")',
    ];

    it.each(hostile)('shows %j as text in every block, title and hidden field', (evil) => {
      const html = renderStepHtml(samplePage((s) => `${s} ${evil}`), {
        ...ctx, title: evil, renderToken: evil, nextPath: `/p/x/${evil}`, hiddenFields: { utm_source: evil, [evil]: 'v' },
      });
      for (const tag of tagsOf(html)) {
        expect(ALLOWED_TAGS).toContain(/^<\/?([a-z0-9]+)/.exec(tag)?.[1]);
        expect(tag).not.toMatch(/\son[a-z]+=/i);
      }
      expect(html.match(/<\/style>/g)).toHaveLength(1);
      const escaped = evil.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
      expect(html).toContain(`<title>${escaped}</title>`);
      for (const id of ['What is your home worth?', 'Sold above asking.', 'Three comparable sales', 'Is it free?', 'Yes.', 'A call', 'Book before then.', 'Get my valuation', 'Continue']) {
        expect(html).toContain(`${id} ${escaped}`);
      }
    });
  });
});

describe('formFieldsOf', () => {
  it('lists the form fields with the names they are posted under', () => {
    expect(formFieldsOf(samplePage())).toEqual([
      { name: 'name', label: 'Your name', type: 'text', required: true, mapsTo: 'name' },
      { name: 'email', label: 'Email', type: 'email', required: true, mapsTo: 'email' },
      { name: 'phone', label: 'Phone', type: 'tel', required: false, mapsTo: 'phone' },
      { name: 'custom:budget', label: 'Budget', type: 'text', required: false, mapsTo: 'custom:budget' },
    ]);
  });

  it('is empty for a page without a form', () => {
    expect(formFieldsOf({ root: {}, content: [{ type: 'Text', props: { id: 't', body: 'Thanks!' } }] })).toEqual([]);
  });
});
