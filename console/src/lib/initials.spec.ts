import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials (spec 2.4)', () => {
  it('takes the first letters of the full name, at most two, upper-cased', () => {
    expect(initials('Dana Demo')).toBe('DD');
    expect(initials('maria de la cruz')).toBe('MD');
    expect(initials('  Cher ')).toBe('C');
  });
  it("falls back to 'U' when there is no name", () => {
    expect(initials('')).toBe('U');
    expect(initials('   ')).toBe('U');
    expect(initials(null)).toBe('U');
    expect(initials(undefined)).toBe('U');
  });
  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜lex Ünal')).toBe('𝒜Ü');
  });
});
