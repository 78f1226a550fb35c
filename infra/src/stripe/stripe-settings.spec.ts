import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { stripeSettingsOf } from './stripe-settings';

const all = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_TEAM: 'price_team', STRIPE_PRICE_FLOOR: 'price_floor' };

describe('Stripe settings', () => {
  it('are off without STRIPE_SECRET_KEY: plans are set by hand', () => {
    expect(stripeSettingsOf(loadConfig({}))).toBeNull();
  });
  it('take all four variables, and the API address when given', () => {
    expect(stripeSettingsOf(loadConfig({ ...all, STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toEqual({
      secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', prices: { team: 'price_team', floor: 'price_floor' }, apiUrl: 'http://127.0.0.1:12111',
    });
  });
  it('stop the start naming what is missing, or what is set without the key', () => {
    const { STRIPE_WEBHOOK_SECRET: _s, STRIPE_PRICE_FLOOR: _f, ...partial } = all;
    expect(() => stripeSettingsOf(loadConfig(partial))).toThrow(ConfigError);
    expect(() => stripeSettingsOf(loadConfig(partial))).toThrow('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY; STRIPE_PRICE_FLOOR: is required with STRIPE_SECRET_KEY');
    expect(() => stripeSettingsOf(loadConfig({ STRIPE_PRICE_TEAM: 'price_team' }))).toThrow('STRIPE_PRICE_TEAM: is set but STRIPE_SECRET_KEY is not');
  });
  it('refuse values that are not what Stripe issues', () => {
    expect(() => loadConfig({ ...all, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow('STRIPE_SECRET_KEY');
    expect(() => loadConfig({ ...all, STRIPE_API_URL: 'ftp://example.com' })).toThrow('STRIPE_API_URL');
  });
});
