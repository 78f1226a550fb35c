import { CUSTOM_FIELD_NAME, LEAD_FORM_FIELDS, type FormFieldType, type LeadFormField, type PageContent } from './page-content';

export type FormField = {
  /** The input's name in the submitted form: the same string as `mapsTo`. */
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  mapsTo: LeadFormField | `custom:${string}`;
};

/** Hidden inputs every form carries besides the ctx's hidden fields: the signed render token and the honeypot. */
export const RENDER_TOKEN_FIELD = '_rt';
/** Left empty by people (it is off-screen and not announced); bots that fill every input fill it. */
export const HONEYPOT_FIELD = 'website_url';

export function isFieldTarget(mapsTo: string): mapsTo is FormField['mapsTo'] {
  if ((LEAD_FORM_FIELDS as readonly string[]).includes(mapsTo)) return true;
  return mapsTo.startsWith('custom:') && CUSTOM_FIELD_NAME.test(mapsTo.slice('custom:'.length));
}

/** The page's form fields as a submission is checked against them (a page has at most one form). */
export function formFieldsOf(content: PageContent): FormField[] {
  const form = content.content.find((b) => b.type === 'Form');
  if (!form || form.type !== 'Form') return [];
  return form.props.fields.flatMap((f) => {
    const mapsTo = f.mapsTo.trim();
    return isFieldTarget(mapsTo) ? [{ name: mapsTo, label: f.label.trim(), type: f.type, required: f.required, mapsTo }] : [];
  });
}
