import { describe, expect, it } from 'vitest';
import { searchExcerpt, searchWords } from './chat-search';

const marked = (parts: { text: string; match: boolean }[]) => parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

describe('a search result', () => {
  it('takes the words of a search as the server does: letters and digits, lower-cased', () => {
    expect(searchWords('Call  SMI!')).toEqual(['call', 'smi']);
    expect(searchWords('  ?! ')).toEqual([]);
  });
  it('marks every word that starts with a searched word', () => {
    expect(marked(searchExcerpt('Called Smith about the call-back', 'call smi'))).toBe('[Called] [Smith] about the [call]-back');
  });
  it('marks nothing in the middle of a word', () => {
    expect(marked(searchExcerpt('recall the client', 'call'))).toBe('recall the client');
  });
  it('shows a long message around its first match, cut at spaces, with an ellipsis where text was left out', () => {
    const long = `${'lorem ipsum '.repeat(20)}the Oakwood listing is ready ${'dolor sit '.repeat(20)}`;
    const excerpt = marked(searchExcerpt(long, 'oakwood', 30));
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('the [Oakwood] listing is ready');
    expect(excerpt.length).toBeLessThan(110);
    // whole words either side: it starts and ends on a word of the text
    expect(excerpt).toMatch(/^…(lorem|ipsum) /);
    expect(excerpt).toMatch(/ (dolor|sit)…$/);
  });
  it('reads line breaks as spaces', () => {
    expect(marked(searchExcerpt('first line\nsecond line', 'second'))).toBe('first line [second] line');
  });
});
