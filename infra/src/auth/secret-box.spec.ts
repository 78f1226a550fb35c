import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);
  it('opens what it sealed, for the same row', () => {
    const box = createSecretBox(key, 'crm-tokens');
    const sealed = box.seal('access-token-123', 'integration:4');
    expect(sealed).not.toContain('access-token-123');
    expect(box.open(sealed, 'integration:4')).toBe('access-token-123');
  });
  it('refuses a ciphertext moved to another row, another purpose or another key', () => {
    const sealed = createSecretBox(key, 'crm-tokens').seal('access-token-123', 'integration:4');
    expect(() => createSecretBox(key, 'crm-tokens').open(sealed, 'integration:5')).toThrow();
    expect(() => createSecretBox(key, 'webhook-secrets').open(sealed, 'integration:4')).toThrow();
    expect(() => createSecretBox(randomBytes(32), 'crm-tokens').open(sealed, 'integration:4')).toThrow();
  });
  it('seals the same secret differently each time (a fresh nonce)', () => {
    const box = createSecretBox(key, 'crm-tokens');
    expect(box.seal('x', 'a')).not.toBe(box.seal('x', 'a'));
  });
});
