import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime (spec 9)', () => {
  it('reads "just now" under 60 seconds, and for instants slightly in the future', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(59), now)).toBe('just now');
    expect(relativeTime(ago(-5), now)).toBe('just now');
  });
  it('counts minutes, then hours, then days', () => {
    expect(relativeTime(ago(60), now)).toBe('1m ago');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('59m ago');
    expect(relativeTime(ago(3600), now)).toBe('1h ago');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('23h ago');
    expect(relativeTime(ago(86_400), now)).toBe('1d ago');
    expect(relativeTime(ago(40 * 86_400), now)).toBe('40d ago');
  });
  it('accepts ISO strings as the API sends them', () => {
    expect(relativeTime('2026-03-10T11:00:00.000Z', now)).toBe('1h ago');
  });
  it('gives nothing for an unreadable date', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
