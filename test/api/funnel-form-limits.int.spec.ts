import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../api-harness';
import { publishedFunnel } from './funnel-setup';

let api: Api;
let slug: string;
beforeAll(async () => {
  api = await startApi({ funnelSubmitLimits: { perAddress: { max: 3, windowMs: 60_000 }, perForm: { max: 5, windowMs: 60_000 }, minFillMs: 2_000, maxAgeMs: 86_400_000 } });
  ({ slug } = await publishedFunnel(api, await api.agent('owen'), 'Limited'));
}, 120_000);
afterAll(async () => api.close());

const post = (remoteAddress: string) => api.app.inject({
  method: 'POST', url: `/f/${slug}/submit`, remoteAddress,
  payload: new URLSearchParams({ name: 'x' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('form rate limits', () => {
  it('answers 429 with Retry-After past the per-address limit, then past the per-form limit from any address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('198.51.100.7')).statusCode);
    expect(codes).toEqual([303, 303, 303, 429]);
    const limited = await post('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Three counted for the form so far (a refused address counts nothing for it): two more, then the form is full.
    expect([(await post('203.0.113.1')).statusCode, (await post('203.0.113.2')).statusCode, (await post('203.0.113.3')).statusCode]).toEqual([303, 303, 429]);
  });
});
