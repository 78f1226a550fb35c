import { describe, expect, it } from 'vitest';
import { creditFor } from './heartbeats';

const t0 = new Date('2026-03-01T10:00:00.000Z');
const after = (s: number) => new Date(t0.getTime() + s * 1000);

describe('heartbeat credit', () => {
  it('starts the clock on the first heartbeat of a sitting', () => {
    expect(creditFor(30, null, t0)).toBe(0);
  });

  it("credits what the console counted, never more than the server's gap since the last heartbeat", () => {
    expect(creditFor(30, t0, after(31))).toBe(30);
    expect(creditFor(3600, t0, after(31))).toBe(31);
    expect(creditFor(30, t0, after(2))).toBe(2);
  });

  it('credits nothing after a gap past the idle cut-off (90 s), or a clock that went back', () => {
    expect(creditFor(30, t0, after(90))).toBe(30);
    expect(creditFor(30, t0, after(91))).toBe(0);
    expect(creditFor(30, after(10), t0)).toBe(0);
  });
});
