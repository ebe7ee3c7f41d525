import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app';
import { addAddress, putInCart, stockProduct } from '../test/checkout';

/** Links (payment return, mails) when the portal is browsed on another address than APP_URL. */
describe.each([
  { appUrl: '', expected: 'http://127.0.0.1:4321' },
  { appUrl: 'http://portal.test', expected: 'http://portal.test' },
])('links with APP_URL=$appUrl, browsed as 127.0.0.1:4321', ({ appUrl, expected }) => {
  let t: TestApp;
  let purchaser: string;
  let battery: string;
  let home: string;
  const host = { host: '127.0.0.1:4321' };

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: appUrl, NODE_ENV: 'development' });
    purchaser = await t.signIn('purchaser@demo.test');
    battery = await stockProduct(t, 0, { priceCents: 5_000, quantity: 50 });
    home = await addAddress(t, purchaser, 'delivery');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the buyer to pay and back on the address they use', async () => {
    await putInCart(t, purchaser, battery, 5);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { delivery_address_id: home, payment_method: 'ideal' },
      headers: { ...bearer(purchaser), ...host },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { redirect_url: redirectUrl, order } = placed.json<{
      redirect_url: string;
      order: { _id: string; payments: { _id: string }[] };
    }>();
    expect(redirectUrl.startsWith(`${expected}/api/payments/simulated/`)).toBe(true);

    const providerId = redirectUrl.split('/').at(-1) as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/simulated/${providerId}`,
      payload: 'outcome=paid',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...host },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`^${expected}/api/payments/return/`));

    const back = await t.app.inject({
      url: `/api/payments/return/${order.payments[0]!._id}`,
      headers: host,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`${expected}/payment-successful?order_id=${order._id}`);
  });

  it('puts the same address in mails written while answering, even in the background', async () => {
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      payload: { email: 'accountant@demo.test' },
      headers: host,
    });
    expect(requested.statusCode).toBe(200);
    await t.app.background.idle();
    const [mail] = await t.mailsTo('accountant@demo.test', 'password_reset');
    expect(mail?.text).toContain(`${expected}/set-password?type=reset&key=`);
  });

  it('ignores a Host that is no address', async () => {
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { ...bearer(purchaser), host: 'evil.test/<script>' },
    });
    expect(me.statusCode).toBe(200);
  });
});
