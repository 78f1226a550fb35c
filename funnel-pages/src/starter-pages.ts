import type { PageContent } from './page-content';

/**
 * What a new step's page starts as, ready to edit and to publish: the first step asks for the
 * visitor's name and email, a later one thanks them and says what happens next. `newId` makes
 * block ids (the builder gives Puck's `Type-uuid` form).
 */
export function starterPage(kind: 'opt-in' | 'follow-up', newId: (type: string) => string): PageContent {
  if (kind === 'opt-in') {
    return { root: { props: {} }, content: [
      { type: 'Hero', props: { id: newId('Hero'), heading: 'A headline that names the result', subheading: 'One sentence on who it is for and what they get.', align: 'center' } },
      { type: 'Form', props: { id: newId('Form'), heading: 'Get started', submitLabel: 'Send', fields: [
        { label: 'Name', type: 'text', required: true, mapsTo: 'name' },
        { label: 'Email', type: 'email', required: true, mapsTo: 'email' },
      ] } },
    ] };
  }
  return { root: { props: {} }, content: [
    { type: 'Hero', props: { id: newId('Hero'), heading: 'Thank you!', subheading: 'We have your details.', align: 'center' } },
    { type: 'Text', props: { id: newId('Text'), body: 'Someone from our team will contact you shortly.' } },
  ] };
}
