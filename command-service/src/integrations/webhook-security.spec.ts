import { describe, expect, it } from 'vitest';
import { signBody, verifySignature } from './webhook-signature';
import { addressRefusal, targetRefusal } from './webhook-targets';

const now = new Date('2026-03-01T10:00:00Z');
const body = '{"name":"Rita"}';

describe('webhook signatures', () => {
  it('verifies its own signature of the exact body', () => {
    expect(verifySignature('s3cret-s3cret-s3cret', body, signBody('s3cret-s3cret-s3cret', body, now), now)).toEqual({ ok: true });
  });
  it('refuses another body, another secret, a missing or malformed header', () => {
    const header = signBody('s3cret-s3cret-s3cret', body, now);
    expect(verifySignature('s3cret-s3cret-s3cret', `${body} `, header, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('another-secret-here', body, header, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifySignature('s3cret-s3cret-s3cret', body, undefined, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature('s3cret-s3cret-s3cret', body, 't=abc,v1=zz', now)).toEqual({ ok: false, reason: 'malformed' });
  });
  it('refuses a timestamp more than five minutes off (a replayed capture)', () => {
    const old = signBody('s3cret-s3cret-s3cret', body, new Date(now.getTime() - 301_000));
    expect(verifySignature('s3cret-s3cret-s3cret', body, old, now)).toEqual({ ok: false, reason: 'expired' });
    const recent = signBody('s3cret-s3cret-s3cret', body, new Date(now.getTime() - 299_000));
    expect(verifySignature('s3cret-s3cret-s3cret', body, recent, now)).toEqual({ ok: true });
  });
});

describe('webhook targets', () => {
  const dev = { production: false, allowPrivate: false };
  const prod = { production: true, allowPrivate: false };
  it('allows loopback outside production only', () => {
    expect(addressRefusal('127.0.0.1', dev)).toBeNull();
    expect(addressRefusal('::1', dev)).toBeNull();
    expect(addressRefusal('127.0.0.1', prod)).not.toBeNull();
  });
  it('refuses private, link-local, CGNAT, unspecified and IPv4-mapped private addresses', () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.0.10', '169.254.169.254', '100.64.0.1', '0.0.0.0', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '224.0.0.1']) {
      expect(addressRefusal(a, dev), a).not.toBeNull();
    }
    expect(addressRefusal('10.1.2.3', { production: true, allowPrivate: true })).toBeNull();
    expect(addressRefusal('93.184.216.34', prod)).toBeNull();
  });
  it('requires https in production and refuses credentials in the URL', async () => {
    expect(await targetRefusal('http://93.184.216.34/hook', prod)).toMatch(/https/);
    expect(await targetRefusal('https://93.184.216.34/hook', prod)).toBeNull();
    expect(await targetRefusal('http://127.0.0.1:9/hook', dev)).toBeNull();
    expect(await targetRefusal('https://u:p@93.184.216.34/', prod)).toMatch(/credentials/);
    expect(await targetRefusal('gopher://93.184.216.34/', dev)).toMatch(/http/);
  });
});
