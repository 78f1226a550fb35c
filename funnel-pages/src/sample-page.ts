import type { PageContent } from './page-content';

/** A page with one block of every type, all filled in: what the specs and the demo start from. */
export function samplePage(text = (s: string) => s): PageContent {
  return {
    root: { props: { title: text('Free valuation') } },
    content: [
      { type: 'Hero', props: { id: 'hero-1', heading: text('What is your home worth?'), subheading: text('A local agent answers within a day.'), align: 'center' } },
      { type: 'Text', props: { id: 'text-1', body: text('We compare recent sales.\n\nNo obligation, no spam.') } },
      { type: 'Image', props: { id: 'image-1', src: 'https://images.example.com/house.jpg', alt: text('A brick house'), caption: text('Sold in 9 days') } },
      { type: 'Video', props: { id: 'video-1', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: text('How it works') } },
      { type: 'BulletList', props: { id: 'list-1', heading: text('You get'), items: [{ text: text('A price range') }, { text: text('Three comparable sales') }] } },
      { type: 'Testimonial', props: { id: 'quote-1', quote: text('Sold above asking.'), author: text('Dana K.'), role: text('Seller, Austin') } },
      { type: 'Pricing', props: { id: 'pricing-1', heading: text('Plans'), plans: [
        { name: text('Basic'), price: text('$0'), period: text('forever'), features: text('Valuation\nReport'), highlighted: false },
        { name: text('Plus'), price: text('$49'), period: text('month'), features: text('Everything in Basic\nA call'), highlighted: true },
      ] } },
      { type: 'Countdown', props: { id: 'countdown-1', heading: text('Offer ends'), endsAt: '2026-12-31 18:00', note: text('Book before then.') } },
      { type: 'Faq', props: { id: 'faq-1', heading: text('Questions'), items: [{ question: text('Is it free?'), answer: text('Yes.') }] } },
      { type: 'Form', props: { id: 'form-1', heading: text('Get my valuation'), submitLabel: text('Send'), fields: [
        { label: text('Your name'), type: 'text', required: true, mapsTo: 'name' },
        { label: text('Email'), type: 'email', required: true, mapsTo: 'email' },
        { label: text('Phone'), type: 'tel', required: false, mapsTo: 'phone' },
        { label: text('Budget'), type: 'text', required: false, mapsTo: 'custom:budget' },
      ] } },
      { type: 'NextButton', props: { id: 'next-1', label: text('Continue') } },
    ],
  };
}
