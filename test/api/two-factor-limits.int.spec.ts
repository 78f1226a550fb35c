import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../api-harness';
import { codeAt, codeStep, PASSWORD, passwordStep, turnOnTwoFactor, wrongCode } from './two-factor-setup';

// The default code limits (5 per pending sign-in, 10 wrong per account in 15 minutes), and 12
// codes per address. Each test signs in from an address of its own, so their counts stay apart.
const PER_ADDRESS = 12;
let api: Api;
beforeAll(async () => {
  api = await startApi({ limits: { twoFactorCodePerAddress: { max: PER_ADDRESS, windowMs: 60_000 } } });
});
afterAll(async () => api.close());

describe('limits on the code step', () => {
  it('locks a pending sign-in after five codes: 429 with Retry-After, then the password again', async () => {
    const from = '10.0.0.1';
    const agent = await api.agent('five');
    const { secret } = await turnOnTwoFactor(agent);
    const { pending } = await passwordStep(api, 'five', PASSWORD, from);
    const bad = await wrongCode(secret);
    for (let i = 0; i < 5; i++) expect((await codeStep(api, pending, { code: bad }, from)).statusCode).toBe(401);
    const locked = await codeStep(api, pending, { code: await codeAt(secret) }, from);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({ error: 'rate_limited' });
    // It stays locked, whatever comes next.
    expect((await codeStep(api, pending, { code: await codeAt(secret) }, from)).statusCode).toBe(429);
    // A new password step gives five more tries, and the right code then signs in.
    expect((await codeStep(api, (await passwordStep(api, 'five', PASSWORD, from)).pending, { code: await codeAt(secret) }, from)).statusCode).toBe(200);
  });

  it('counts five racing codes of one pending sign-in as five: the others find it spent', async () => {
    const from = '10.0.0.2';
    const agent = await api.agent('racer');
    const { secret } = await turnOnTwoFactor(agent);
    const { pending } = await passwordStep(api, 'racer', PASSWORD, from);
    const bad = await wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: 8 }, () => codeStep(api, pending, { code: bad }, from)));
    const checked = answers.filter((r) => r.statusCode === 401 && r.json().error === 'two_factor.invalid_code');
    expect(checked).toHaveLength(5);
    expect(answers.filter((r) => !checked.includes(r)).map((r) => r.statusCode)).toEqual([429, 429, 429]);
  });

  it('locks the account after ten wrong codes, whatever the sign-in they came through', async () => {
    const from = '10.0.0.3';
    const agent = await api.agent('tenwrong');
    const { secret } = await turnOnTwoFactor(agent);
    const bad = await wrongCode(secret);
    for (let round = 0; round < 2; round++) {
      const { pending } = await passwordStep(api, 'tenwrong', PASSWORD, from);
      for (let i = 0; i < 5; i++) expect((await codeStep(api, pending, { code: bad }, from)).statusCode).toBe(401);
    }
    // From another address too: it is the account that is locked.
    const elsewhere = '10.0.0.4';
    const locked = await codeStep(api, (await passwordStep(api, 'tenwrong', PASSWORD, elsewhere)).pending, { code: await codeAt(secret) }, elsewhere);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // Someone else on the floor is not held up by it.
    const other = await api.agent('unaffected');
    const theirs = await turnOnTwoFactor(other);
    expect((await codeStep(api, (await passwordStep(api, 'unaffected', PASSWORD, from)).pending, { code: await codeAt(theirs.secret) }, from)).statusCode).toBe(200);
  });

  it('counts the codes of one address, across accounts', async () => {
    const from = '10.0.0.5';
    const [x, y] = [await api.agent('addrx'), await api.agent('addry')];
    const [sx, sy] = [await turnOnTwoFactor(x), await turnOnTwoFactor(y)];
    // Ten wrong codes for x and two for y: the address has tried twelve.
    const badX = await wrongCode(sx.secret);
    for (let round = 0; round < 2; round++) {
      const { pending } = await passwordStep(api, 'addrx', PASSWORD, from);
      for (let i = 0; i < 5; i++) await codeStep(api, pending, { code: badX }, from);
    }
    const { pending } = await passwordStep(api, 'addry', PASSWORD, from);
    for (let i = 0; i < PER_ADDRESS - 10; i++) expect((await codeStep(api, pending, { code: await wrongCode(sy.secret) }, from)).statusCode).toBe(401);
    // y's right code from that address is refused, for the address's sake...
    const over = await codeStep(api, pending, { code: await codeAt(sy.secret) }, from);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // ...and accepted from another one.
    const elsewhere = '10.0.0.6';
    expect((await codeStep(api, (await passwordStep(api, 'addry', PASSWORD, elsewhere)).pending, { code: await codeAt(sy.secret) }, elsewhere)).statusCode).toBe(200);
  });
});
