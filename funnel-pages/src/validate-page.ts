import { isFieldTarget } from './form-fields';
import { deadline, httpsUrl, videoSource } from './media-urls';
import { PageContentSchema, type PageBlock } from './page-content';

export type PageIssue = { blockId: string | null; field: string | null; message: string };
export type PageValidation = { ok: true } | { ok: false; errors: PageIssue[] };

const blank = (s: string) => s.trim() === '';

function blockIssues(block: PageBlock): Omit<PageIssue, 'blockId'>[] {
  const out: Omit<PageIssue, 'blockId'>[] = [];
  const need = (value: string, field: string, message: string) => { if (blank(value)) out.push({ field, message }); };
  switch (block.type) {
    case 'Hero': need(block.props.heading, 'heading', 'Write a heading'); break;
    case 'Text': need(block.props.body, 'body', 'Write some text'); break;
    case 'Image':
      if (!httpsUrl(block.props.src)) out.push({ field: 'src', message: 'Give an https:// image address' });
      need(block.props.alt, 'alt', 'Describe the image for people who cannot see it');
      break;
    case 'Video':
      if (!videoSource(block.props.url)) out.push({ field: 'url', message: 'Give a YouTube or Vimeo link, or an https:// .mp4 or .webm file' });
      need(block.props.title, 'title', 'Give the video a title');
      break;
    case 'BulletList':
      if (block.props.items.length === 0) out.push({ field: 'items', message: 'Add at least one item' });
      block.props.items.forEach((item, i) => need(item.text, `items.${i}.text`, 'Write the item or remove it'));
      break;
    case 'Testimonial':
      need(block.props.quote, 'quote', 'Write the quote');
      need(block.props.author, 'author', 'Say who said it');
      break;
    case 'Pricing':
      if (block.props.plans.length === 0) out.push({ field: 'plans', message: 'Add at least one plan' });
      block.props.plans.forEach((plan, i) => {
        need(plan.name, `plans.${i}.name`, 'Name the plan');
        need(plan.price, `plans.${i}.price`, 'Give the price');
      });
      break;
    case 'Countdown':
      need(block.props.heading, 'heading', 'Write a heading');
      if (!deadline(block.props.endsAt)) out.push({ field: 'endsAt', message: 'Give the deadline as YYYY-MM-DD HH:mm (UTC)' });
      break;
    case 'Faq':
      if (block.props.items.length === 0) out.push({ field: 'items', message: 'Add at least one question' });
      block.props.items.forEach((item, i) => {
        need(item.question, `items.${i}.question`, 'Write the question');
        need(item.answer, `items.${i}.answer`, 'Write the answer');
      });
      break;
    case 'Form': {
      need(block.props.submitLabel, 'submitLabel', 'Label the submit button');
      const fields = block.props.fields;
      if (fields.length === 0) out.push({ field: 'fields', message: 'Add at least one field' });
      const seen = new Set<string>();
      fields.forEach((f, i) => {
        const mapsTo = f.mapsTo.trim();
        need(f.label, `fields.${i}.label`, 'Label the field');
        if (!isFieldTarget(mapsTo)) out.push({ field: `fields.${i}.mapsTo`, message: 'Choose a lead field, or custom:<name> of a custom field' });
        else if (seen.has(mapsTo)) out.push({ field: `fields.${i}.mapsTo`, message: 'Two fields fill the same lead field' });
        seen.add(mapsTo);
        if (mapsTo === 'email' && f.type !== 'email') out.push({ field: `fields.${i}.type`, message: 'The email field has the email type' });
        if (mapsTo === 'phone' && f.type !== 'tel') out.push({ field: `fields.${i}.type`, message: 'The phone field has the phone type' });
      });
      const contact = fields.filter((f) => ['email', 'phone'].includes(f.mapsTo.trim()));
      if (fields.length > 0 && !contact.some((f) => f.required)) {
        out.push({ field: 'fields', message: 'Ask for an email or a phone number, and make it required' });
      }
      break;
    }
    case 'NextButton': need(block.props.label, 'label', 'Label the button'); break;
  }
  return out;
}

/** Everything that must hold before a page is published; a draft may save without it. */
export function validatePage(content: unknown): PageValidation {
  const parsed = PageContentSchema.safeParse(content);
  if (!parsed.success) {
    const blocks = (content as { content?: unknown } | null)?.content;
    return { ok: false, errors: parsed.error.issues.map((issue) => {
      const [where, index, , ...field] = issue.path;
      const id = where === 'content' && typeof index === 'number' && Array.isArray(blocks)
        ? (blocks[index] as { props?: { id?: unknown } } | undefined)?.props?.id : undefined;
      return { blockId: typeof id === 'string' ? id : null, field: field.length ? field.join('.') : null, message: issue.message };
    }) };
  }
  const page = parsed.data;
  const errors: PageIssue[] = [];
  if (page.content.length === 0) errors.push({ blockId: null, field: null, message: 'Add at least one block to the page' });
  const ids = new Set<string>();
  let forms = 0;
  for (const block of page.content) {
    if (ids.has(block.props.id)) errors.push({ blockId: block.props.id, field: 'id', message: 'Two blocks share this id' });
    ids.add(block.props.id);
    if (block.type === 'Form' && ++forms === 2) errors.push({ blockId: block.props.id, field: null, message: 'A page holds one form' });
    errors.push(...blockIssues(block).map((e) => ({ blockId: block.props.id, ...e })));
  }
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
}
