import { checkoutSettingsSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';

let t: TestApp;
let admin: string;
let purchaser: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, purchaser] = (await Promise.all(
    ['admin@demo.test', 'purchaser@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string];
});
afterAll(async () => {
  await t.close();
});

const url = '/api/settings/code/checkout_settings';
const put = (value: unknown, token = admin) =>
  t.app.inject({ method: 'PUT', url, payload: { value }, headers: bearer(token) });

describe('checkout_settings', () => {
  it('is seeded with valid defaults every signed-in user can read', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const response = await t.app.inject({ url, headers: bearer(purchaser) });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe('checkout_settings');
    const value = checkoutSettingsSchema.parse(response.json().value);
    expect(value).toMatchObject({ seller_country: 'NL', vat_rates: { NL: 21, DE: 19 } });
  });

  it('is changed by staff only, checked field by field', async () => {
    const { value } = (await t.app.inject({ url, headers: bearer(admin) })).json();
    expect((await put(value, purchaser)).statusCode).toBe(403);

    const missingZone = await put({ ...value, shipping_zones: value.shipping_zones.slice(1) });
    expect(missingZone.statusCode).toBe(400);
    expect(missingZone.json().details.map((d: { field: string }) => d.field)).toEqual([
      'value.shipping_zones',
    ]);
    const wrong = await put({ ...value, seller_country: 'US', delivery_days: -1, price: 1 });
    expect(
      wrong
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['value.delivery_days', 'value.price', 'value.seller_country']);
  });

  it('prices the next summary with the new rates at once', async () => {
    const { value } = (await t.app.inject({ url, headers: bearer(admin) })).json();
    const product = await stockProduct(t, 0, { priceCents: 10_000, quantity: 50 });
    const home = await addAddress(t, purchaser, 'delivery');
    await putInCart(t, purchaser, product, 5);
    const summary = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/checkout/summary',
          payload: { delivery_address_id: home },
          headers: bearer(purchaser),
        })
      ).json().totals;
    expect(await summary()).toMatchObject({ vat_rate: 21, shipping_amount: 6.95 });

    const zones = value.shipping_zones.map((zone: { countries: string[] }) =>
      zone.countries.includes('NL')
        ? { ...zone, rates: [{ max_weight_grams: 100_000, price: 4.5 }] }
        : zone,
    );
    const saved = await put({
      ...value,
      vat_rates: { ...value.vat_rates, NL: 9 },
      shipping_zones: zones,
    });
    expect(saved.statusCode).toBe(200);
    expect(await summary()).toMatchObject({
      vat_rate: 9,
      shipping_amount: 4.5,
      // (500 + 4.50) × 9 % = 45.405
      tax_amount: 45.41,
      total: 549.91,
    });
    await put(value);
  });
});
