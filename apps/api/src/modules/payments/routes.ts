import {
  CHECKOUT_WEB_PATHS,
  orderIdParamsSchema,
  orderSchema,
  type Locale,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders, payments } from '../../db/schema';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { notFound } from '../../platform/errors';
import { SIMULATED_OUTCOMES } from '../../platform/payments/simulated';
import { webUrl } from '../../platform/urls';
import type { OrdersDeps } from '../orders';
import { simulatedPaymentPage, unknownPaymentPage } from './simulated-page';
import { markOrderPaid } from './staff';
import { syncPayment, type PaymentsDeps } from './sync';

const tags = ['payments'];
const paymentParamsSchema = z.strictObject({ paymentId: z.string().min(1).max(100) });
const providerParamsSchema = z.strictObject({ provider: z.enum(['mollie', 'simulated']) });
/** Providers post only the payment id; anything else in the body is ignored. */
const webhookBodySchema = z.object({ id: z.string().trim().min(1).max(100) });
const outcomeBodySchema = z.object({ outcome: z.enum(SIMULATED_OUTCOMES) });

/**
 * The provider's side of payments: the simulated hosted page, the return from the provider to
 * the web app, and the webhooks. No token: the provider and the buyer's browser call these.
 */
export function paymentRoutes(deps: PaymentsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Providers and HTML forms post application/x-www-form-urlencoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body.toString())));
      },
    );

    app.post(
      '/webhook/:provider',
      {
        schema: {
          tags,
          params: providerParamsSchema,
          body: webhookBodySchema,
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        await syncPayment(deps, request.params.provider, request.body.id);
        return { received: true as const };
      },
    );

    app.get(
      '/return/:paymentId',
      { schema: { tags, params: paymentParamsSchema } },
      async (request, reply) => {
        const parsed = z.uuid().safeParse(request.params.paymentId);
        if (!parsed.success) throw notFound();
        const [row] = await deps.db
          .select({ payment: payments, order: orders })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(eq(payments.id, parsed.data));
        if (!row) throw notFound();
        if (row.payment.providerPaymentId) {
          await syncPayment(deps, row.payment.provider, row.payment.providerPaymentId);
        }
        const [order] = await deps.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, row.order.id));
        const failed = order?.status === 'failed' || order?.status === 'canceled';
        const path = failed
          ? CHECKOUT_WEB_PATHS.paymentFailed
          : CHECKOUT_WEB_PATHS.paymentSuccessful;
        const target = webUrl(
          deps.config,
          row.order.locale as Locale,
          `${path}?order_id=${row.order.id}`,
        );
        return reply.redirect(target, 303);
      },
    );

    app.get(
      '/simulated/:paymentId',
      { schema: { tags, params: paymentParamsSchema } },
      async (request, reply) => {
        const payment = await deps.payments.simulated.find(request.params.paymentId);
        reply.type('text/html; charset=utf-8');
        if (!payment) return reply.status(404).send(unknownPaymentPage(request.locale));
        return reply.send(simulatedPaymentPage(request.locale, payment));
      },
    );

    app.post(
      '/simulated/:paymentId',
      { schema: { tags, params: paymentParamsSchema, body: outcomeBodySchema } },
      async (request, reply) => {
        const payment = await deps.payments.simulated.decide(
          request.params.paymentId,
          request.body.outcome,
        );
        if (!payment) {
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(unknownPaymentPage(request.locale));
        }
        // Like a real provider: report the change to the webhook with only the payment id.
        await app.inject({
          method: 'POST',
          url: new URL(payment.webhookUrl).pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ id: payment.id }).toString(),
        });
        return reply.redirect(payment.redirectUrl, 303);
      },
    );
  };
}

/** Back-office: staff record a received bank transfer (orders.manage). */
export function adminPaymentRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');
    const tags = ['admin'];
    const security = [{ bearer: [] }];

    app.post(
      '/:id/mark-paid',
      {
        preValidation,
        schema: { tags, security, params: orderIdParamsSchema, response: { 200: orderSchema } },
      },
      async (request) => markOrderPaid(deps, contextOf(request), request.params.id),
    );
  };
}
