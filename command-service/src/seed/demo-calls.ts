import type { CallResult, LeadType } from '@leadfloor/events';
import type { Random } from './random';

// The demo floor's call transcripts: written conversations the analyzer reads like real ones.
// `{agent}` and `{customer}` are first names; each lead type has its own subject lines.
const subject: Record<LeadType, { need: string; offer: string; product: string }> = {
  real_estate: { need: 'a three-bedroom home near good schools', offer: 'We can book a viewing of two listings in your neighborhood', product: 'the house on Maple' },
  finance: { need: 'refinancing at a lower rate', offer: 'We offer a fixed rate that would cut your monthly payment', product: 'the refinance' },
  forex: { need: 'a trading account with lower spreads', offer: 'We can open a demo account with tighter spreads and risk tools', product: 'the trading account' },
};

type Tone = 'eager' | 'interested' | 'hesitant' | 'cold';

const templates: Record<Tone, string[]> = {
  eager: [
    `Agent: Hi {customer}, my name is {agent}, calling from LeadFloor. Is this a good time?
Customer: Yes, perfect timing, thanks for calling back!
Agent: Great. Tell me about what you need most right now.
Customer: We want {need}. How much would {product} cost? We are pre-approved and ready.
Agent: {offer}. Our clients love it. Any questions so far?
Customer: That sounds great. Please send me the contract, I'd love to move forward.
Agent: Wonderful. The next step is to schedule the signing, and I'll send you the details today.`,
    `Agent: Good morning {customer}, this is {agent} from LeadFloor. Do you have a moment?
Customer: Sure, I was hoping you'd call. I'm excited about this.
Agent: What matters most to you in {product}?
Customer: Honestly, the price and the timing. When can we start? My budget is flexible.
Agent: {offer}. That means you could be set up this month. How does that sound?
Customer: Let's do it. Where do I sign?
Agent: I'll send you the paperwork right away and book a call to walk through it.`,
  ],
  interested: [
    `Agent: Hi {customer}, my name is {agent}, calling from LeadFloor about your enquiry. Is now a good time?
Customer: Yes, a few minutes is fine.
Agent: Tell me about what you're looking for.
Customer: We're looking at {need}, but we're still comparing options.
Agent: {offer}. Does that make sense for you?
Customer: It could work. What are the fees, roughly?
Agent: I'll send you the details by email and we can schedule a follow up next week.
Customer: Okay, thank you. Call me back on Tuesday.`,
  ],
  hesitant: [
    `Agent: Hi {customer}, this is {agent} from LeadFloor.
Customer: Oh, hi. I'm a bit busy.
Agent: I'll be quick. {offer}.
Customer: I'm not sure. It sounds too expensive and I need to think about it.
Agent: I understand. Any concerns I can answer?
Customer: I already have an advisor. Maybe call me later this month.
Agent: No problem, I'll follow up then.`,
  ],
  cold: [
    `Agent: We offer {product} at great rates, you would get a lot out of it.
Customer: I'm not interested, sorry. This is a bad time.
Agent: It would only take a minute.
Customer: No. Please stop calling, I'm annoyed and frustrated.`,
  ],
};

export type PlannedCall = {
  result: CallResult; durationSeconds: number; transcript: string | null; notes: string | null;
};

/** A call to a lead, drawn from `r`: the tone follows how far the lead got. */
export function planCall(r: Random, o: { leadType: LeadType; agent: string; customer: string; outcome: 'won' | 'working' | 'lost'; reached: boolean }): PlannedCall {
  if (!o.reached) {
    const result = r.pick(['voicemail', 'no_answer', 'busy'] as const);
    return { result, durationSeconds: result === 'voicemail' ? r.int(20, 60) : 0, transcript: null, notes: result === 'voicemail' ? 'Left a voicemail.' : null };
  }
  const tone: Tone = o.outcome === 'won' ? r.pick(['eager', 'eager', 'interested'] as const)
    : o.outcome === 'lost' ? r.pick(['hesitant', 'cold'] as const)
    : r.pick(['interested', 'interested', 'hesitant', 'eager'] as const);
  const s = subject[o.leadType];
  const transcript = r.pick(templates[tone])
    .replaceAll('{agent}', o.agent).replaceAll('{customer}', o.customer)
    .replaceAll('{need}', s.need).replaceAll('{offer}', s.offer).replaceAll('{product}', s.product);
  const notes = { eager: 'Ready to buy.', interested: 'Comparing options; follow up.', hesitant: 'Price concerns.', cold: 'Not interested for now.' }[tone];
  return { result: 'connected', durationSeconds: r.int(180, 900), transcript, notes };
}

/** Sale amounts in cents by lead type: a home, a loan or policy, a first deposit. */
export const saleAmountCents = (r: Random, leadType: LeadType) =>
  leadType === 'real_estate' ? r.int(180_000, 750_000) * 100 : leadType === 'finance' ? r.int(5_000, 60_000) * 100 : r.int(1_000, 25_000) * 100;

export const rejectionReasons = ['Client cancelled within the cooling-off period.', 'Duplicate of an earlier sale.', 'Payment did not clear.'];
