import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, createBuyerCompany, putInCart, stockProduct } from '../../test/checkout';

const BUYERS = 50;
const UNITS = 10;

let t: TestApp;
let lastUnits: string;
const buyers: { token: string; address: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn('admin@demo.test');
  const current = await t.app.inject({
    url: '/api/settings/code/product_settings',
    headers: bearer(admin),
  });
  // One unit per buyer: lower the minimum item count so a single unit may be ordered.
  const lowered = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/code/product_settings',
    payload: { value: { ...current.json().value, min_cart_quantity: 1, min_cart_amount: 0 } },
    headers: bearer(admin),
  });
  expect(lowered.statusCode).toBe(200);
  lastUnits = await stockProduct(t, 0, { priceCents: 49_900, quantity: UNITS });
  for (let i = 0; i < BUYERS; i++) {
    const { email } = await createBuyerCompany(t);
    const token = await t.signIn(email);
    buyers.push({ token, address: await addAddress(t, token, 'delivery') });
  }
  // Every cart holds one of the last units before anyone checks out.
  await Promise.all(buyers.map((buyer) => putInCart(t, buyer.token, lastUnits, 1)));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the last units', () => {
  it(`sells exactly ${UNITS} units to ${BUYERS} buyers checking out at once`, async () => {
    const results = await Promise.all(
      buyers.map((buyer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: { delivery_address_id: buyer.address, payment_method: 'ideal' },
          headers: bearer(buyer.token),
        }),
      ),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(UNITS);
    expect(refused).toHaveLength(BUYERS - UNITS);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/ is out of stock$/);
    }
    const numbers = placed.map((r) => r.json().order.order_number as string);
    expect(new Set(numbers).size).toBe(UNITS);
    expect(numbers.every((n) => /^\d{10}$/.test(n))).toBe(true);

    const [product] = await t.db.select().from(products).where(eq(products.id, lastUnits));
    expect(product?.quantity).toBe(0);
    expect(await t.db.$count(orders)).toBe(UNITS);
  }, 120_000);
});
