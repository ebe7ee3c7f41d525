import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-forty-characters!!',
  DATABASE_URL: 'postgres://portal@db/portal',
};

describe('the configuration', () => {
  it('outside production seeds the demo and simulates payments, with the dev mailbox', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/portal-config-test' });
    expect(config.seedDemo).toBe(true);
    expect(config.payments.provider).toBe('simulated');
    expect(config.devMailbox).toBe(true);
    expect(config.demoInProduction).toEqual([]);
  });

  it('in production never seeds demo accounts by default and has no dev mailbox', () => {
    const config = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'live_key',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.devMailbox).toBe(false);
    expect(config.payments.provider).toBe('mollie');
    expect(config.demoInProduction).toEqual([]);
  });

  it('in production needs a payment provider named', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: required in production/);
  });

  it.each([
    [{ SEED_DEMO: 'true', PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k' }, /SEED_DEMO/],
    [{ PAYMENT_PROVIDER: 'simulated' }, /PAYMENT_PROVIDER=simulated/],
  ])('in production refuses %o unless acknowledged', (env, named) => {
    expect(() => loadConfig({ ...production, ...env })).toThrow(named);
    expect(() => loadConfig({ ...production, ...env })).toThrow(/ALLOW_DEMO_IN_PRODUCTION=1/);
    const acknowledged = loadConfig({ ...production, ...env, ALLOW_DEMO_IN_PRODUCTION: '1' });
    expect(acknowledged.demoInProduction).toEqual([expect.stringMatching(named)]);
  });

  it('in production refuses a missing JWT secret', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k' }),
    ).toThrow(/JWT_SECRET/);
  });
});
