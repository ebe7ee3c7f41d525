import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, putInCart, stockProduct } from '../../test/checkout';
import { reconcilePayments } from './reconcile';

const API_KEY = 'test_portalcheckout0000000000000000';

interface MolliePayment {
  id: string;
  status: string;
  amount: { currency: string; value: string };
  description: string;
  method: string | null;
  metadata: { order_id?: string };
  redirectUrl: string;
  webhookUrl: string;
  locale?: string;
}

/**
 * A small Mollie-compatible API on 127.0.0.1 (HTTPS: the client only speaks HTTPS): creates and
 * answers payments like api.mollie.com/v2, and lets the test play the customer at Mollie.
 */
class FakeMollie {
  readonly payments = new Map<string, MolliePayment>();
  readonly created: Record<string, unknown>[] = [];
  readonly refunds: {
    id: string;
    paymentId: string;
    key: string;
    amount: { currency: string; value: string };
  }[] = [];
  down = false;
  private server: Server;
  private dir = mkdtempSync(path.join(tmpdir(), 'fake-mollie-'));

  constructor() {
    const key = path.join(this.dir, 'key.pem');
    const cert = path.join(this.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        key,
        '-out',
        cert,
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    this.server = createServer(
      { key: readFileSync(key), cert: readFileSync(cert) },
      (request, response) => {
        if (this.down) {
          request.socket.destroy();
          return;
        }
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const reply = (status: number, json: unknown) => {
            response.writeHead(status, { 'content-type': 'application/hal+json' });
            response.end(JSON.stringify(json));
          };
          if (request.headers.authorization !== `Bearer ${API_KEY}`) {
            return reply(401, {
              status: 401,
              title: 'Unauthorized Request',
              detail: 'Missing authentication',
            });
          }
          const url = new URL(request.url ?? '/', 'https://127.0.0.1');
          if (request.method === 'POST' && url.pathname === '/v2/payments') {
            const input = JSON.parse(body) as Omit<MolliePayment, 'id' | 'status'>;
            this.created.push(input as unknown as Record<string, unknown>);
            const id = `tr_${randomBytes(5).toString('hex')}`;
            const payment = { ...input, id, status: 'open', method: input.method ?? null };
            this.payments.set(id, payment);
            return reply(201, this.resource(payment));
          }
          const refund = /^\/v2\/payments\/([\w]+)\/refunds$/.exec(url.pathname);
          if (request.method === 'POST' && refund) {
            const paymentId = refund[1] as string;
            const key = String(request.headers['idempotency-key'] ?? '');
            const known = this.refunds.find((r) => r.paymentId === paymentId && r.key === key);
            if (known) return reply(201, this.refundResource(known));
            if (this.payments.get(paymentId)?.status !== 'paid') {
              return reply(422, { status: 422, title: 'Unprocessable Entity', detail: 'Not paid' });
            }
            const input = JSON.parse(body) as { amount: { currency: string; value: string } };
            const created = {
              id: `re_${randomBytes(5).toString('hex')}`,
              paymentId,
              key,
              ...input,
            };
            this.refunds.push(created);
            return reply(201, this.refundResource(created));
          }
          const match = /^\/v2\/payments\/([\w]+)$/.exec(url.pathname);
          if (request.method === 'GET' && match) {
            const payment = this.payments.get(match[1] as string);
            if (!payment) {
              return reply(404, {
                status: 404,
                title: 'Not Found',
                detail: `No payment exists with token ${match[1]}.`,
              });
            }
            return reply(200, this.resource(payment));
          }
          return reply(404, { status: 404, title: 'Not Found', detail: 'Unknown route' });
        });
      },
    );
  }

  private refundResource(refund: FakeMollie['refunds'][number]) {
    return {
      resource: 'refund',
      id: refund.id,
      amount: refund.amount,
      status: 'pending',
      paymentId: refund.paymentId,
      createdAt: new Date().toISOString(),
      _links: { self: { href: `${this.url}payments/${refund.paymentId}/refunds/${refund.id}` } },
    };
  }

  private resource(payment: MolliePayment) {
    return {
      resource: 'payment',
      mode: 'test',
      createdAt: new Date().toISOString(),
      profileId: 'pfl_test',
      sequenceType: 'oneoff',
      ...payment,
      _links: {
        self: { href: `${this.url}payments/${payment.id}`, type: 'application/hal+json' },
        checkout:
          payment.status === 'open'
            ? {
                href: `https://www.mollie.com/checkout/select-method/${payment.id}`,
                type: 'text/html',
              }
            : undefined,
      },
    };
  }

  get url() {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2/`;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

let mollie: FakeMollie;
let t: TestApp;
let purchaser: string;
let battery: string;
let home: string;
const rejectUnauthorized = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  mollie = new FakeMollie();
  await mollie.start();
  // The fake API's certificate is self-signed; only this test process trusts it.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  t = await createTestApp({
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: API_KEY,
    MOLLIE_API_URL: mollie.url,
  });
  purchaser = await t.signIn('purchaser@demo.test');
  battery = await stockProduct(t, 0, { priceCents: 5_000, quantity: 200 });
  home = await addAddress(t, purchaser, 'delivery');
});
afterAll(async () => {
  await t.close();
  await mollie.stop();
  if (rejectUnauthorized === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = rejectUnauthorized;
});

async function placeOrder(method = 'ideal') {
  await putInCart(t, purchaser, battery, 5);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { delivery_address_id: home, payment_method: method },
    headers: bearer(purchaser),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const { order, redirect_url } = response.json<{
    order: { _id: string; order_number: string; payments: { _id: string }[] };
    redirect_url: string;
  }>();
  const mollieId = redirect_url.split('/').at(-1) as string;
  return { order, redirect_url, mollieId };
}

const webhook = (payload: string, type = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook/mollie',
    payload,
    headers: { 'content-type': type },
  });
const statusOf = async (orderId: string) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.s;

describe('Mollie', () => {
  it('creates the payment at Mollie with the method, amount, return and webhook URLs', async () => {
    const { order, redirect_url, mollieId } = await placeOrder();
    expect(redirect_url).toBe(`https://www.mollie.com/checkout/select-method/${mollieId}`);
    expect(mollie.created.at(-1)).toMatchObject({
      amount: { currency: 'EUR', value: '310.91' },
      method: 'ideal',
      description: `Order ${order.order_number}`,
      metadata: { order_id: order._id },
      redirectUrl: `http://portal.test/api/payments/return/${order.payments[0]!._id}`,
      webhookUrl: 'http://portal.test/api/payments/webhook/mollie',
      locale: 'en_US',
    });
    const choose = await placeOrder('checkout');
    expect(mollie.created.at(-1)?.method).toBeUndefined();
    expect(choose.redirect_url).toContain('mollie.com/checkout');
  });

  it('trusts only what Mollie answers, and changes the order once', async () => {
    const { order, mollieId } = await placeOrder();
    // A webhook that claims more than an id changes nothing while Mollie says open.
    await webhook(JSON.stringify({ id: mollieId, status: 'paid' }), 'application/json');
    expect(await statusOf(order._id)).toBe('pending');

    mollie.payments.get(mollieId)!.status = 'paid';
    const replies = await Promise.all(Array.from({ length: 20 }, () => webhook(`id=${mollieId}`)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await statusOf(order._id)).toBe('processing');
    const moves = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.status, 'processing')));
    expect(moves).toHaveLength(1);
    const mails = (await t.mailsTo('purchaser@demo.test', 'order_paid')).filter((m) =>
      m.subject.includes(order.order_number),
    );
    expect(mails).toHaveLength(1);
  });

  it('ignores unknown ids and payments whose amount or order does not match', async () => {
    expect((await webhook('id=tr_unknown')).json()).toEqual({ received: true });
    const { order, mollieId } = await placeOrder();
    const payment = mollie.payments.get(mollieId)!;
    payment.status = 'paid';
    payment.amount = { currency: 'EUR', value: '1.00' };
    await webhook(`id=${mollieId}`);
    expect(await statusOf(order._id)).toBe('pending');
    payment.amount = { currency: 'EUR', value: '310.91' };
    payment.metadata = { order_id: '00000000-0000-4000-8000-000000000000' };
    await webhook(`id=${mollieId}`);
    expect(await statusOf(order._id)).toBe('pending');
  });

  it('sends the buyer back to the page that matches what Mollie says', async () => {
    const paid = await placeOrder();
    mollie.payments.get(paid.mollieId)!.status = 'paid';
    const back = await t.app.inject({
      url: `/api/payments/return/${paid.order.payments[0]!._id}`,
    });
    expect(back.headers.location).toBe(
      `http://portal.test/payment-successful?order_id=${paid.order._id}`,
    );
    const canceled = await placeOrder();
    mollie.payments.get(canceled.mollieId)!.status = 'canceled';
    const failed = await t.app.inject({
      url: `/api/payments/return/${canceled.order.payments[0]!._id}`,
    });
    expect(failed.headers.location).toBe(
      `http://portal.test/payment-failed?order_id=${canceled.order._id}`,
    );
    expect(await statusOf(canceled.order._id)).toBe('canceled');
  });

  it('reconciles payments that expired at Mollie without a webhook', async () => {
    const { order, mollieId } = await placeOrder();
    mollie.payments.get(mollieId)!.status = 'expired';
    await t.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(payments.orderId, order._id));
    const summary = await reconcilePayments(
      { db: t.db, config: t.config, payments: t.app.payments, log: t.app.log },
      15,
    );
    expect(summary.changed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(order._id)).toBe('canceled');
  });

  it('keeps the order when Mollie cannot be reached, and starts the payment later', async () => {
    mollie.down = true;
    await putInCart(t, purchaser, battery, 5);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { delivery_address_id: home, payment_method: 'ideal' },
      headers: { ...bearer(purchaser), 'idempotency-key': 'mollie-down-1' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ type: 'SERVER_ERROR', code: 503 });
    expect(response.json().message).toBe(
      'The payment provider cannot be reached right now, please try again later',
    );
    mollie.down = false;
    // The same request again answers the order, now with Mollie's page.
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { delivery_address_id: home, payment_method: 'ideal' },
      headers: { ...bearer(purchaser), 'idempotency-key': 'mollie-down-1' },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().redirect_url).toContain('mollie.com/checkout');
    expect(retry.json().order.status).toBe('pending');
  });

  it('refunds a paid order through Mollie when staff cancel it, once', async () => {
    const admin = await t.signIn('admin@demo.test');
    const { order, mollieId } = await placeOrder();
    mollie.payments.get(mollieId)!.status = 'paid';
    await webhook(`id=${mollieId}`);
    expect(await statusOf(order._id)).toBe('processing');
    mollie.down = true;
    const cancel = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/orders/${order._id}/status`,
        payload: { status: 'canceled' },
        headers: bearer(admin),
      });
    expect((await cancel()).statusCode).toBe(503);
    expect(await statusOf(order._id)).toBe('processing');
    mollie.down = false;
    const canceled = await cancel();
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(mollie.refunds).toEqual([
      expect.objectContaining({
        paymentId: mollieId,
        amount: { currency: 'EUR', value: expect.stringMatching(/^\d+\.\d{2}$/) },
      }),
    ]);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment).toMatchObject({ status: 'refunded', providerRefundId: mollie.refunds[0]!.id });
    expect((await cancel()).statusCode).toBe(409);
    expect(mollie.refunds).toHaveLength(1);
  });
});
