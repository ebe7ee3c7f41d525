import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { settingEntityId } from './service';

let t: TestApp;
let purchaser: string;
let accountant: string;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  [purchaser, accountant, admin, operator] = (await Promise.all(
    ['purchaser@demo.test', 'accountant@demo.test', 'admin@demo.test', 'operator@demo.test'].map(
      (email) => t.signIn(email),
    ),
  )) as [string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (code: string, value: unknown, token: string, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/settings/code/${code}`,
    payload: { value },
    headers: { ...bearer(token), 'accept-language': language },
  });

describe('staff change the shop settings', () => {
  it('keeps every save in the audit log, the changed fields before and after', async () => {
    const { value } = (await get('/api/settings/code/product_settings', admin)).json();
    const saved = await put('product_settings', { ...value, min_cart_amount: 425.5 }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'settings.update'),
          eq(auditLog.entityId, settingEntityId('product_settings')),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: 'setting',
      entityLabel: 'product_settings',
      before: { min_cart_amount: value.min_cart_amount },
      after: { min_cart_amount: 425.5 },
    });
    // Saving the same value again changes nothing and records nothing.
    await put('product_settings', { ...value, min_cart_amount: 425.5 }, admin);
    expect(
      await t.db.$count(
        auditLog,
        and(
          eq(auditLog.action, 'settings.update'),
          eq(auditLog.entityId, settingEntityId('product_settings')),
        ),
      ),
    ).toBe(1);
  });

  it('the cart follows a new minimum amount at once', async () => {
    const { value } = (await get('/api/settings/code/product_settings', admin)).json();
    await put('product_settings', { ...value, min_cart_amount: 98_765 }, admin);
    const cart = await get('/api/carts/my-cart', purchaser);
    expect(cart.json().minimum).toMatchObject({ amount: 98_765, amount_reached: false });
  });

  it('names the field of a bad value in the staff member’s language, and keeps the old one', async () => {
    const { value } = (await get('/api/settings/code/claim_settings', admin)).json();
    const bad = await put('claim_settings', { return_window_days: 0 }, admin, 'nl');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'value.return_window_days' });
    expect(bad.json().details[0].message).toMatch(/1/);
    expect((await get('/api/settings/code/claim_settings', admin)).json().value).toEqual(value);
  });

  it('is for admins only', async () => {
    const { value } = (await get('/api/settings/code/invoice_settings', accountant)).json();
    for (const token of [operator, purchaser, accountant]) {
      expect((await put('invoice_settings', value, token)).statusCode).toBe(403);
    }
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/code/invoice_settings',
      payload: { value },
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives a settings code a stable id shaped as a uuid', () => {
    expect(settingEntityId('product_settings')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(settingEntityId('product_settings')).toBe(settingEntityId('product_settings'));
    expect(settingEntityId('claim_settings')).not.toBe(settingEntityId('product_settings'));
  });
});
