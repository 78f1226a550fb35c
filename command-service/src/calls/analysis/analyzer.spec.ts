import { defaultCallScript } from '@leadfloor/events';
import { describe, expect, it } from 'vitest';
import { analyzeTranscript } from './analyzer';
import { firstSaid, parseTranscript } from './transcript';

const call = (transcript: string, checkpoints = defaultCallScript) => analyzeTranscript({ transcript, result: 'connected', durationSeconds: 312, checkpoints });

// A model call: every checkpoint of the default script, a happy customer who asks the price,
// names a budget and asks for the paperwork.
const eager = `Agent: Hi, my name is Sam and I'm calling from Harbor Homes. Is this a good time?
Customer: Sure, I have a few minutes. I love the pictures of the condo, it looks wonderful.
Agent: Great! Tell me about what matters most to you in a new home.
Customer: Space for the kids and a good school. How much is the asking price? We are pre-approved up to 450.
Agent: We can get you in under that. Our clients in that building love the amenities. Any questions so far?
Customer: None, that sounds perfect. Please send me the contract so we can move quickly.
Agent: Wonderful. The next step is to book a viewing for Saturday, and I'll send you the details by email.`;

// A rushed pitch to an unhappy customer who objects on price and timing.
const sour = `Agent: We offer the best rates in the market, you would get a great deal.
Customer: I'm not interested. Honestly this is too expensive and a waste of my time.
Agent: But the benefit is huge.
Customer: No. It's a bad time, call me later. I'm annoyed you keep calling.`;

describe('analyzeTranscript', () => {
  it('reads an eager customer: positive, buying signals, full script, the contract to send', () => {
    const a = call(eager);
    expect(a.sentiment).toBe('positive');
    expect(a.sentimentScore).toBeGreaterThanOrEqual(6);
    expect(a.sentimentScore).toBeLessThanOrEqual(10);
    expect(a.scriptAdherence).toBe(100);
    expect(a.scriptDeviations).toEqual([]);
    expect(a.buyingSignals).toEqual(['Asked about price', 'Asked for the paperwork', 'Named a budget']);
    expect(a.objections).toEqual([]);
    expect(a.actionItems).toEqual(['Send the contract', 'Email the details', 'Book a meeting']);
    expect(a.keyTopics).toEqual(expect.arrayContaining(['Property', 'Financing', 'Pricing']));
    expect(a.suggestions).toEqual([]);
    expect(a.summary).toMatch(/^Connected call of 5:12: customer sentiment positive \(\d\.\d\/10\), 3 buying signals, 0 objections, 100% of the script covered/);
  });

  it('reads an unhappy customer: negative, objections with advice, skipped checkpoints', () => {
    const a = call(sour);
    expect(a.sentiment).toBe('negative');
    expect(a.sentimentScore).toBeLessThanOrEqual(4);
    expect(a.objections).toEqual(['Price', 'Timing', 'Not interested']);
    expect(a.buyingSignals).toEqual([]);
    // only "Present the value" of the six default checkpoints was covered
    expect(a.scriptAdherence).toBe(17);
    expect(a.scriptDeviations).toEqual([
      'Skipped: Greet and introduce yourself', 'Skipped: Ask for a moment of their time', 'Skipped: Discover their needs',
      'Skipped: Check for concerns', 'Skipped: Agree on next steps',
    ]);
    expect(a.suggestions).toEqual(expect.arrayContaining([
      'Cover "Greet and introduce yourself" on the next call.',
      'Tie the price to the value the customer named before quoting numbers.',
      'The customer sounded unhappy: acknowledge their concerns before presenting.',
    ]));
    expect(a.actionItems).toEqual(['Schedule a follow-up call']);
  });

  it('takes sentiment from the customer only: a cheerful agent does not lift an unhappy call', () => {
    const a = call('Agent: Great, wonderful, fantastic, amazing, excellent!\nCustomer: This is terrible and I hate it.');
    expect(a.sentiment).toBe('negative');
  });

  it('matches whole words only, case- and quote-insensitively', () => {
    expect(firstSaid('We are SCHEDULING nothing', ['schedule'])).toBeNull();
    expect(firstSaid('Let’s do it!', ["let's do it"])).toBe("let's do it");
    expect(firstSaid('Sounds good. Lets do it', ["let's do it", 'lets do it'])).toBe('lets do it');
  });

  it('reads an unlabelled transcript as a whole, and neutral when no opinion words are said', () => {
    expect(parseTranscript('hello there\nhow much is it')).toMatchObject({ labelled: false, customer: 'hello there\nhow much is it' });
    const a = call('The meeting is on Tuesday at the office on Main Street.');
    expect(a).toMatchObject({ sentiment: 'neutral', sentimentScore: 5 });
    expect(a.insights).toContain('The customer used no clearly positive or negative words.');
  });

  it('holds a call to a team script: coverage is the share of its checkpoints said by the agent', () => {
    const script = [
      { id: 'warranty', label: 'Mention the warranty', phrases: ['warranty'] },
      { id: 'close', label: 'Ask for the sale', phrases: ['shall we go ahead', 'ready to sign'] },
      { id: 'name', label: 'Use the name', phrases: ['my name is'] },
    ];
    const a = call('Agent: my name is Ana. It comes with a warranty.\nCustomer: ready to sign', script);
    expect(a.scriptAdherence).toBe(67);
    expect(a.scriptAdherenceDetails).toEqual([
      { checkpoint: 'Mention the warranty', covered: true, matched: 'warranty' },
      { checkpoint: 'Ask for the sale', covered: false, matched: null }, // said by the customer, not the agent
      { checkpoint: 'Use the name', covered: true, matched: 'my name is' },
    ]);
  });

  it('is deterministic', () => {
    expect(call(eager)).toEqual(call(eager));
  });
});
