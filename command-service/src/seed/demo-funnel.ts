import type { PageContent } from '@leadfloor/funnel-pages';
import type { EventStore } from '@leadfloor/infra/event-store/types';
import type { Pool } from '@leadfloor/infra/postgres/pool';
import type { FunnelCommand } from '../funnels/decide-funnel';
import { funnelAggregate, funnelSlugKeys, funnelStream } from '../funnels/funnel-aggregate';
import { storePage } from '../funnels/page-store';
import type { HandleCommand } from '../shared/handle-command';
import { DEMO_SEED_CORRELATION } from './demo-sign-ins';
import type { FloorMember } from './seed-leads';

/** The demo funnel's address: a newcomer opens /p/home-valuation and sees a live page. */
export const DEMO_FUNNEL_SLUG = 'home-valuation';

const optIn: PageContent = {
  root: { props: { title: 'Free home valuation' } },
  content: [
    { type: 'Hero', props: { id: 'hero', heading: 'What is your home worth today?', subheading: 'A local agent sends you a free valuation within one business day.', align: 'center' } },
    { type: 'BulletList', props: { id: 'benefits', heading: 'You get', items: [
      { text: 'A price range from recent sales on your street' }, { text: 'Three comparable homes, with photos' }, { text: 'No obligation and no spam' },
    ] } },
    { type: 'Testimonial', props: { id: 'quote', quote: 'The valuation was spot on: we listed at that price and sold in nine days.', author: 'Dana K.', role: 'Seller, Austin' } },
    { type: 'Form', props: { id: 'form', heading: 'Get my free valuation', submitLabel: 'Send me my valuation', fields: [
      { label: 'Your name', type: 'text', required: true, mapsTo: 'name' },
      { label: 'Email', type: 'email', required: true, mapsTo: 'email' },
      { label: 'Phone', type: 'tel', required: false, mapsTo: 'phone' },
      { label: 'City', type: 'text', required: false, mapsTo: 'city' },
    ] } },
    { type: 'Faq', props: { id: 'faq', heading: 'Questions', items: [
      { question: 'Is it really free?', answer: 'Yes. An agent prepares it by hand, and you owe nothing.' },
      { question: 'How soon will I hear back?', answer: 'Within one business day, by email or phone as you prefer.' },
    ] } },
  ],
};
const thanks: PageContent = {
  root: { props: { title: 'Thank you' } },
  content: [
    { type: 'Hero', props: { id: 'thanks', heading: 'Thank you! Your valuation is on its way.', subheading: 'An agent will reach you within one business day.', align: 'center' } },
    { type: 'Text', props: { id: 'next', body: 'Meanwhile, gather anything recent about your home: renovations, the roof\'s age, a past survey.' } },
  ],
};

/**
 * The demo floor's published two-step funnel (an opt-in page with a form, a thank-you page), made
 * by the manager through the funnel commands, so /funnels has something to open and
 * /p/home-valuation is a live page at once.
 */
export async function seedDemoFunnel({ pool, store, handle, members, now }: { pool: Pool; store: EventStore; handle: HandleCommand; members: FloorMember[]; now: Date }) {
  const manager = members.find((m) => m.role === 'manager');
  if (!manager) return { funnels: 0 };
  const funnelId = await store.nextId('funnel');
  const meta = { now: new Date(now.getTime() - 14 * 86_400_000).toISOString(), actor: { id: manager.id, role: manager.role, teamId: manager.teamId } };
  const ctx = { actorId: manager.id, correlationId: DEMO_SEED_CORRELATION };
  const run = (c: Pick<FunnelCommand, 'type' | 'data'>) => handle(funnelAggregate, funnelStream(funnelId), { ...c, meta } as FunnelCommand, ctx, funnelSlugKeys);
  await run({ type: 'CreateFunnel', data: { funnelId, name: 'Free Home Valuation', description: 'Sellers ask for a valuation; the floor calls them back.', slug: DEMO_FUNNEL_SLUG, leadType: 'real_estate' } });
  await run({ type: 'AddFunnelStep', data: { name: 'Opt-in', path: 'valuation' } });
  await run({ type: 'AddFunnelStep', data: { name: 'Thank you', path: 'thank-you' } });
  await run({ type: 'SaveFunnelDraft', data: { stepId: 1, variant: 'A', hash: await storePage(pool, optIn) } });
  await run({ type: 'SaveFunnelDraft', data: { stepId: 2, variant: 'A', hash: await storePage(pool, thanks) } });
  await run({
    type: 'EditFunnelMetadata',
    data: { metadata: {
      businessName: 'LeadFloor Realty', industry: 'Residential real estate', targetAudience: 'Homeowners thinking of selling in the next year',
      productFeatures: 'Free valuation by a local agent; comparable sales; a selling plan', valueProposition: 'Know your price before you list',
      specialOffers: 'Free valuation, no obligation', brandVoice: 'Warm, plain and local', ctaGoals: 'Valuation requests',
    } },
  });
  await run({ type: 'PublishFunnel', data: {} });
  return { funnels: 1 };
}
