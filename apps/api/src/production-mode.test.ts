import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from './db/schema';
import { bearer, createTestApp, type TestApp } from './test/app';

/**
 * Production serializes answers with JSON.stringify where development and tests run them
 * through their contract schema (server.ts), and catalog answers skip the schema check there.
 * Both apps start from the same seeded template: every answer must be the same in both.
 */
let test: TestApp;
let production: TestApp;
let tokens: { test: string; production: string };

beforeAll(async () => {
  [test, production] = await Promise.all([
    createTestApp(),
    createTestApp({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'simulated',
      ALLOW_DEMO_IN_PRODUCTION: '1',
    }),
  ]);
  tokens = {
    test: await test.signIn('owner@demo.test'),
    production: await production.signIn('owner@demo.test'),
  };
});
afterAll(async () => {
  await Promise.all([test?.close(), production?.close()]);
});

/** Fields that differ between two databases by time, not by serializer. */
const VOLATILE = new Set(['created_at', 'updated_at', 'last_login_at', 'xml_feed_url']);
const withoutVolatile = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutVolatile)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !VOLATILE.has(key))
            .map(([key, inner]) => [key, withoutVolatile(inner)]),
        )
      : value;

describe('answers in production mode', () => {
  it('runs in production with its own serializer', () => {
    expect(production.config.env).toBe('production');
    expect(test.config.env).toBe('test');
  });

  it.each([
    ['GET', '/api/categories/nested-categories?locale=de'],
    ['GET', '/api/categories'],
    ['GET', '/api/products?search=battery&limit=5'],
    ['POST', '/api/products/advanced-filter'],
    ['GET', '/api/carts/my-cart'],
    ['GET', '/api/addresses/delivery'],
    ['GET', '/api/orders?page=1'],
    ['GET', '/api/invoices?page=1'],
    ['GET', '/api/claims?page=1'],
    ['GET', '/api/users/notification-preferences'],
    ['GET', '/api/dashboard/most-bought'],
    ['GET', '/api/settings/code/product_settings'],
  ])('%s %s is the same answer as in development', async (method, url) => {
    const call = (app: TestApp, token: string) =>
      app.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: bearer(token),
        ...(method === 'POST' ? { payload: { page: 1, limit: 10 } } : {}),
      });
    const [inTest, inProduction] = await Promise.all([
      call(test, tokens.test),
      call(production, tokens.production),
    ]);
    expect(inProduction.statusCode, inProduction.body).toBe(inTest.statusCode);
    expect(inTest.statusCode, inTest.body).toBe(200);
    // A cart is made on first use, with an id of its own in each database.
    const comparable = (body: Record<string, unknown>) =>
      withoutVolatile(url === '/api/carts/my-cart' ? { ...body, _id: undefined } : body);
    expect(comparable(inProduction.json())).toEqual(comparable(inTest.json()));
  });

  it('answers a product page the same', async () => {
    const [{ id }] = (await test.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.sku)
      .limit(1)) as [{ id: string }];
    const [inTest, inProduction] = await Promise.all([
      test.app.inject({ url: `/api/products/${id}`, headers: bearer(tokens.test) }),
      production.app.inject({ url: `/api/products/${id}`, headers: bearer(tokens.production) }),
    ]);
    expect(inTest.statusCode).toBe(200);
    expect(withoutVolatile(inProduction.json())).toEqual(withoutVolatile(inTest.json()));
  });
});
