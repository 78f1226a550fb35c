/** A transcript split into who said what. */
export type ParsedTranscript = { agent: string; customer: string; all: string; labelled: boolean };

const AGENT = /^(agent|rep|sales ?rep|closer|me)$/i;
const SPEAKER = /^\s*([A-Za-z][A-Za-z .'-]{0,30}?)\s*:\s*(.*)$/;

/** Lower case, straight quotes, single spaces: the form phrases are matched in. */
export const normalize = (text: string) =>
  ` ${text.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim()} `;

/**
 * Lines are read as `Speaker: words`. `Agent:` (or Rep, Closer, Me) is the agent; any other
 * speaker is the customer. A line without a speaker continues the previous one. A transcript
 * with no speakers at all is taken as a whole for both sides.
 */
export function parseTranscript(text: string): ParsedTranscript {
  const agent: string[] = [];
  const customer: string[] = [];
  let current: string[] | null = null;
  let labelled = false;
  for (const line of text.split(/\r?\n/)) {
    const m = SPEAKER.exec(line);
    if (m) {
      labelled = true;
      current = AGENT.test(m[1]!.trim()) ? agent : customer;
      current.push(m[2]!);
    } else if (line.trim() !== '') {
      (current ?? customer).push(line.trim());
    }
  }
  if (!labelled) return { agent: text, customer: text, all: text, labelled };
  return { agent: agent.join('\n'), customer: customer.join('\n'), all: text, labelled };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first of `phrases` said in `text` as whole words, or null. */
export function firstSaid(text: string, phrases: readonly string[]): string | null {
  const t = normalize(text);
  return phrases.find((p) => new RegExp(`(?<![a-z0-9'])${escape(p)}(?![a-z0-9'])`).test(t)) ?? null;
}

/** How many times `phrases` are said in `text`, all together. */
export function timesSaid(text: string, phrases: readonly string[]): number {
  const t = normalize(text);
  return phrases.reduce((n, p) => n + (t.match(new RegExp(`(?<![a-z0-9'])${escape(p)}(?![a-z0-9'])`, 'g'))?.length ?? 0), 0);
}

export const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
