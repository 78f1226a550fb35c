import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts as current, toast, TOAST_REMOVE_DELAY } from './toast-store';

describe('toast store (spec 4, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('keeps one toast at a time: a new one replaces the one on screen', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    expect(current().map((t) => t.title)).toEqual(['Second']);
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    const { id, dismiss } = toast({ title: 'Bye' });
    dismiss();
    expect(current().find((t) => t.id === id)?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(current().some((t) => t.id === id)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(current().some((t) => t.id === id)).toBe(false);
  });
});
