import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://shop.example.com',
  JWT_SECRET: 'a-production-secret-of-forty-characters!!',
  DATABASE_URL: 'postgres://portal@db/portal',
  SMTP_URL: 'smtp://mail.example.com:587',
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
    [
      { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k', DATABASE_URL: '' },
      /DATABASE_URL: not a postgres:\/\/ address/,
    ],
    [
      { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k', DATABASE_URL: 'memory://' },
      /DATABASE_URL: not a postgres:\/\/ address/,
    ],
    [{ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k', SMTP_URL: '' }, /SMTP_URL: not set/],
  ])('in production refuses %o unless acknowledged', (env, named) => {
    expect(() => loadConfig({ ...production, ...env })).toThrow(named);
    expect(() => loadConfig({ ...production, ...env })).toThrow(/ALLOW_DEMO_IN_PRODUCTION=1/);
    const acknowledged = loadConfig({ ...production, ...env, ALLOW_DEMO_IN_PRODUCTION: '1' });
    expect(acknowledged.demoInProduction).toEqual([expect.stringMatching(named)]);
  });

  it('in production needs APP_URL; elsewhere without it, links follow the request', () => {
    const { APP_URL: _, ...withoutAppUrl } = production;
    expect(() =>
      loadConfig({ ...withoutAppUrl, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k' }),
    ).toThrow(/APP_URL: required in production/);
    const configured = loadConfig({
      ...production,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'k',
    });
    expect(configured).toMatchObject({
      appUrl: 'https://shop.example.com',
      appUrlFromRequest: false,
    });
    const demo = loadConfig({
      NODE_ENV: 'development',
      APP_URL: '',
      DATA_DIR: '/tmp/portal-config-test',
    });
    expect(demo).toMatchObject({ appUrl: 'http://localhost:3000', appUrlFromRequest: true });
  });

  it('in production refuses a missing JWT secret', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://shop.example.com',
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'k',
      }),
    ).toThrow(/JWT_SECRET/);
  });

  it('in production names every missing setting at once', () => {
    const message = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'mollie' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['APP_URL', 'MOLLIE_API_KEY', 'DATABASE_URL', 'SMTP_URL', 'JWT_SECRET']) {
      expect(message).toContain(`${name}: `);
    }
  });

  it('in production refuses a JWT secret that is long but not random', () => {
    const weak = { ...production, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'k' };
    expect(() => loadConfig({ ...weak, JWT_SECRET: 'changeme'.repeat(5) })).toThrow(
      /JWT_SECRET: too weak for production/,
    );
    expect(loadConfig({ ...weak, JWT_SECRET: 'x1Vq9rT0-pLm3ZbK8wYc7NdF2sHg6JaE' }).env).toBe(
      'production',
    );
  });
});
