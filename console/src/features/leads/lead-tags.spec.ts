import { describe, expect, it } from 'vitest';
import { cleanTags, MAX_TAG_LENGTH, withTag } from './lead-tags';

describe('tag cleaning (spec 2.7)', () => {
  it('trims tags and drops empty ones', () => {
    expect(cleanTags(['  VIP ', '', '   ', 'Hot Lead'])).toEqual(['VIP', 'Hot Lead']);
  });

  it('drops duplicates, ignoring case, keeping the first spelling and the order', () => {
    expect(cleanTags(['VIP', 'Hot Lead', 'vip', ' VIP'])).toEqual(['VIP', 'Hot Lead']);
  });

  it('cuts a tag to the length the server stores', () => {
    expect(cleanTags(['x'.repeat(80)])[0]).toHaveLength(MAX_TAG_LENGTH);
  });

  it('adds a new tag, and reports nothing to save for an empty or duplicate one', () => {
    expect(withTag(['VIP'], ' Ready to Buy ')).toEqual(['VIP', 'Ready to Buy']);
    expect(withTag(['VIP'], '  ')).toBeNull();
    expect(withTag(['VIP'], 'vip')).toBeNull();
  });
});
