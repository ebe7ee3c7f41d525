import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoClaims } from '../../db/seed/demo-claims';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('demo orders and claim', () => {
  it('lets a new user file a return and a warranty claim at once, and lists one claim', async () => {
    expect(await seedDemoClaims(t.db, t.config)).toBe(true);
    expect(await seedDemoClaims(t.db, t.config)).toBe(false);
    const owner = await t.signIn('owner@demo.test');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(owner) });
    const orders = (await get('/api/orders?status=completed')).json();
    expect(orders.items.map((o: { order_number: string }) => o.order_number).sort()).toEqual([
      '1000000001',
      '1000000002',
    ]);
    const recent = (await get('/api/claims/order/1000000001?kind=return')).json();
    expect(recent.lines.map((l: { eligibility: string }) => l.eligibility)).toEqual([
      'return_eligible',
      'return_eligible',
    ]);
    const older = (await get('/api/claims/order/1000000002?kind=return')).json();
    expect(older.lines[0].eligibility).toBe('expired_return');
    const warranty = (await get('/api/claims/order/1000000002?kind=warranty')).json();
    expect(warranty.lines[0].eligibility).toBe('under_warranty');
    const returns = (await get('/api/claims?kind=return')).json();
    expect(returns).toMatchObject({ total: 1, items: [{ request_status: 'draft' }] });
    expect(returns.items[0].items[0]).toMatchObject({ order: { order_number: '1000000001' } });
    const invoices = (await get('/api/invoices')).json();
    expect(invoices.total).toBe(2);
  });
});
