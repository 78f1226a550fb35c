import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, metricsTokenOnMainPort, requireConfig } from './config';

const problemsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems.map((p) => p.variable);
    throw err;
  }
  return [];
};

describe('loadConfig', () => {
  it('defaults to the embedded form on port 3000 with data under .data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(problemsOf(() => loadConfig({ PORT: 'three thousand' }))).toEqual(['PORT']);
    expect(problemsOf(() => loadConfig({ DATABASE_URL: 'mysql://x' }))).toEqual(['DATABASE_URL']);
    expect(problemsOf(() => loadConfig({ KAFKA_BROKERS: 'localhost' }))).toEqual(['KAFKA_BROKERS']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('requireConfig', () => {
  it('names every missing variable a mode needs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/x' });
    expect(problemsOf(() => requireConfig(config, ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS']))).toEqual(['REDIS_URL', 'KAFKA_BROKERS']);
  });

  it('passes a complete config through', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/x', KAFKA_BROKERS: 'k1:9092,k2:9092' });
    expect(requireConfig(config, ['DATABASE_URL', 'KAFKA_BROKERS']).KAFKA_BROKERS).toEqual(['k1:9092', 'k2:9092']);
  });
});

describe('metrics exposure', () => {
  it('keeps metrics unexposed unless a token or a port is given', () => {
    const config = loadConfig({});
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.METRICS_PORT).toBeUndefined();
    expect(metricsTokenOnMainPort(config)).toBeUndefined();
  });

  it('serves the token on the main port only when metrics have no port of their own', () => {
    const token = 'scrape-token-0123456789';
    expect(metricsTokenOnMainPort(loadConfig({ METRICS_TOKEN: token }))).toBe(token);
    expect(metricsTokenOnMainPort(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }))).toBeUndefined();
  });

  it('refuses a guessable token', () => {
    expect(problemsOf(() => loadConfig({ METRICS_TOKEN: 'short' }))).toEqual(['METRICS_TOKEN']);
  });
});
