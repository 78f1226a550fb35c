import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter';

const rule = { max: 3, windowMs: 10_000 };

describe('the in-process rate limiter', () => {
  it('allows up to the rule\'s max in a window, refuses the next with the seconds left, then starts a new window', async () => {
    let t = 1_000_000;
    const limiter = createMemoryRateLimiter({ now: () => t });
    for (let i = 1; i <= 3; i++) expect(await limiter.hit('claim:user:1', rule)).toMatchObject({ allowed: true, count: i });
    t += 2_500;
    expect(await limiter.hit('claim:user:1', rule)).toEqual({ allowed: false, count: 4, retryAfterSeconds: 8 });
    expect(await limiter.peek('claim:user:1', rule)).toMatchObject({ allowed: false, count: 4 });
    t += 7_500; // the window began 10 s ago: it has ended
    expect(await limiter.peek('claim:user:1', rule)).toEqual({ allowed: true, count: 0, retryAfterSeconds: 0 });
    expect(await limiter.hit('claim:user:1', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts each key apart, and reset forgets one key only', async () => {
    const limiter = createMemoryRateLimiter({ now: () => 0 });
    for (let i = 0; i < 4; i++) await limiter.hit('a', rule);
    await limiter.hit('b', rule);
    expect((await limiter.peek('a', rule)).allowed).toBe(false);
    await limiter.reset('a');
    expect(await limiter.peek('a', rule)).toMatchObject({ allowed: true, count: 0 });
    expect(await limiter.peek('b', rule)).toMatchObject({ count: 1 });
  });

  it('drops ended windows once it holds many keys, and still counts the live ones', async () => {
    let t = 0;
    const limiter = createMemoryRateLimiter({ now: () => t });
    for (let i = 0; i <= 10_000; i++) await limiter.hit(`old:${i}`, rule);
    await limiter.hit('live', rule);
    t += 5_000;
    await limiter.hit('live', rule);
    t += 6_000; // the old windows (and live's) have ended; the next hit sweeps them
    expect(await limiter.hit('fresh', rule)).toMatchObject({ count: 1 });
    expect(await limiter.peek('old:1', rule)).toMatchObject({ count: 0 });
    expect(await limiter.hit('live', rule)).toMatchObject({ count: 1 });
  });
});
