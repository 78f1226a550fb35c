import { describe, expect, it } from 'vitest';
import { addedLabel, leadTypeCode, statusLabel } from './lead-labels';

describe('lead card labels (spec 2.7)', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it("codes the lead types RE, FI and FX, and anything else '??'", () => {
    expect(['real_estate', 'finance', 'forex', 'crypto', ''].map(leadTypeCode)).toEqual(['RE', 'FI', 'FX', '??', '??']);
  });

  it('capitalises the first letter of a status', () => {
    expect(statusLabel('available')).toBe('Available');
    expect(statusLabel('lost')).toBe('Lost');
  });

  it("reads 'Added {relative time}', or 'Added recently' without a creation date", () => {
    expect(addedLabel('2026-03-10T09:00:00Z', now)).toBe('Added 3h ago');
    expect(addedLabel('2026-03-07T12:00:00Z', now)).toBe('Added 3d ago');
    expect(addedLabel('2026-03-10T11:59:30Z', now)).toBe('Added just now');
    expect(addedLabel(null, now)).toBe('Added recently');
    expect(addedLabel('', now)).toBe('Added recently');
    expect(addedLabel('garbage', now)).toBe('Added recently');
  });
});
