// What the analyzer listens for. Phrases are lower case and matched as whole words in the
// normalized transcript (curly quotes straightened, whitespace collapsed). Each entry is a
// label and the phrases that evidence it.
type PhraseList = readonly (readonly [label: string, phrases: readonly string[]])[];

/** Said by the customer. */
export const buyingSignals: PhraseList = [
  ['Asked about price', ['how much', 'what does it cost', "what's the price", 'what is the price', 'what are the fees', 'what would the rate be']],
  ['Asked about timing', ['when can we start', 'how soon can', 'when could we', 'how long does it take']],
  ['Asked for the paperwork', ['send me the contract', 'send over the paperwork', 'where do i sign', 'ready to sign', 'send me the application']],
  ['Agreed to go ahead', ["let's do it", 'lets do it', "i'm in", 'sign me up', "let's move forward", 'go ahead with']],
  ['Named a budget', ['my budget is', 'we can afford', 'pre-approved', 'preapproved']],
  ['Asked about next steps', ['what are the next steps', "what's the next step", 'what happens next']],
];

/** Said by the customer. */
export const objections: PhraseList = [
  ['Price', ['too expensive', 'too much money', "can't afford", 'cannot afford', 'cheaper', 'out of my budget']],
  ['Timing', ['not the right time', 'call me later', 'maybe next year', 'not right now', 'bad time']],
  ['Needs to think it over', ['need to think', 'think about it', 'talk to my wife', 'talk to my husband', 'talk to my partner']],
  ['Not interested', ['not interested', 'stop calling', 'remove me', 'do not call']],
  ['Already has a provider', ['already have', 'another broker', 'another agent', 'other company', 'working with someone']],
  ['Trust', ['sounds like a scam', 'not sure i trust', 'too good to be true']],
];

/** Anywhere in the call. */
export const topics: PhraseList = [
  ['Pricing', ['price', 'cost', 'fee', 'fees', 'rate', 'rates', 'commission']],
  ['Timeline', ['when', 'soon', 'this week', 'next week', 'this month', 'timeline', 'deadline']],
  ['Financing', ['loan', 'mortgage', 'pre-approved', 'preapproved', 'financing', 'credit']],
  ['Property', ['house', 'home', 'condo', 'bedroom', 'bedrooms', 'neighborhood', 'property']],
  ['Investments', ['portfolio', 'retirement', 'investment', 'invest', 'savings']],
  ['Trading', ['trading', 'spread', 'spreads', 'leverage', 'forex', 'pips', 'account']],
  ['Insurance', ['insurance', 'policy', 'coverage']],
  ['Competition', ['broker', 'competitor', 'another agent', 'other company']],
];

/** Anywhere in the call: commitments someone has to keep. */
export const actionItems: PhraseList = [
  ['Send the contract', ['send me the contract', 'send over the paperwork', 'send me the application', 'send you the contract']],
  ['Schedule a follow-up call', ['call me back', 'call me later', 'call me tomorrow', 'call me next week', 'call you back', 'talk again']],
  ['Email the details', ['send me an email', 'email me', 'send me the details', 'send you the details', 'email you']],
  ['Book a meeting', ['book a', 'schedule a viewing', 'meet in person', 'schedule a meeting', 'set up a meeting']],
];

/** What to do about each objection next time. */
export const objectionAdvice: Record<string, string> = {
  Price: 'Tie the price to the value the customer named before quoting numbers.',
  Timing: 'Agree on a concrete time to talk again instead of an open "later".',
  'Needs to think it over': 'Ask what would help them decide, and offer to include their partner.',
  'Not interested': 'Confirm their situation before pitching, and respect a clear no.',
  'Already has a provider': 'Ask what they would improve about their current provider.',
  Trust: 'Offer references, licences or a written summary to build trust.',
};
