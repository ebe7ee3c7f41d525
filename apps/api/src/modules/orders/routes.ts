import {
  cartResponseSchema,
  idempotencyHeadersSchema,
  oneClickOrderRequestSchema,
  orderHistoryDetailSchema,
  orderExportQuerySchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  placeOrderRequestSchema,
  placeOrderResponseSchema,
  reorderResponseSchema,
} from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { toCents } from '../../platform/money';
import { buyWithOneClick, placeOrder, type OrdersDeps, type PlacedOrder } from './place-order';
import { companyOf } from '../addresses';
import { XLSX_TYPE } from '../../platform/exports';
import { exportOrdersCsv, exportOrdersXlsx } from './export';
import { listOrders, orderProgress, reorder } from './history';
import { getOrder, payOrder, restoreCart } from './service';

const tags = ['orders'];
const security = [{ bearer: [] }];

/**
 * Placing, reading and paying orders; putting a failed order back in the cart; the order history
 * (list, progress of one order, reorder).
 */
export function orderRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = (placed: PlacedOrder, locale: Parameters<typeof t>[0]) => ({
      message: t(locale, 'messages.order_placed', { order_number: placed.order.order_number }),
      order: placed.order,
      redirect_url: placed.redirectUrl,
    });

    app.post(
      '/',
      {
        preValidation: requirePermission('orders.place'),
        schema: {
          tags,
          security,
          headers: idempotencyHeadersSchema,
          body: placeOrderRequestSchema,
          response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        const placed = await placeOrder(
          deps,
          contextOf(request),
          {
            deliveryAddressId: request.body.delivery_address_id,
            invoiceAddressId: request.body.invoice_address_id ?? null,
            paymentMethod: request.body.payment_method,
            comment: request.body.comment ?? null,
            quoteId: request.body.quote_id ?? null,
            expectedTotalCents:
              request.body.expected_total === undefined
                ? null
                : toCents(request.body.expected_total),
          },
          key ? { key, request: request.body } : undefined,
        );
        return reply.status(placed.replayed ? 200 : 201).send(answer(placed, request.locale));
      },
    );

    app.post(
      '/buy-with-one-click',
      {
        preValidation: requirePermission('orders.place'),
        schema: {
          tags,
          security,
          headers: idempotencyHeadersSchema,
          body: oneClickOrderRequestSchema,
          response: { 200: placeOrderResponseSchema, 201: placeOrderResponseSchema },
        },
      },
      async (request, reply) => {
        const placed = await buyWithOneClick(
          deps,
          contextOf(request),
          request.body?.comment ?? null,
          request.headers['idempotency-key'],
        );
        return reply.status(placed.replayed ? 200 : 201).send(answer(placed, request.locale));
      },
    );

    const exporting = requirePermission('orders.export');
    const exportName = (format: 'csv' | 'xlsx') =>
      `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.${format}"`;

    app.get(
      '/export.csv',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's orders of the history's filters as CSV (UTF-8 with BOM), newest first, streamed page by page.",
          querystring: orderExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', exportName('csv'))
          .send(
            Readable.from(exportOrdersCsv(deps.db, companyOf(contextOf(request)), request.query)),
          ),
    );

    app.get(
      '/export.xlsx',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's orders of the history's filters as an XLSX spreadsheet, newest first, streamed row by row.",
          querystring: orderExportQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', exportName('xlsx'))
          .send(exportOrdersXlsx(deps.db, companyOf(contextOf(request)), request.query)),
    );

    app.get(
      '/:id',
      {
        preValidation: requirePermission('orders.view'),
        schema: { tags, security, params: orderIdParamsSchema, response: { 200: orderSchema } },
      },
      async (request) => getOrder(deps, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/restore-cart',
      {
        preValidation: requirePermission('cart.use'),
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          response: { 200: cartResponseSchema },
        },
      },
      async (request) => restoreCart(deps, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/pay',
      {
        preValidation: requirePermission('orders.place'),
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          response: { 200: placeOrderResponseSchema },
        },
      },
      async (request) =>
        answer(await payOrder(deps, contextOf(request), request.params.id), request.locale),
    );

    app.get(
      '/',
      {
        preValidation: requirePermission('orders.view'),
        schema: {
          tags,
          security,
          querystring: orderListQuerySchema,
          response: { 200: orderListResponseSchema },
        },
      },
      async (request) => listOrders(deps.db, contextOf(request), request.query),
    );

    app.get(
      '/:id/progress',
      {
        preValidation: requirePermission('orders.view'),
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          response: { 200: orderHistoryDetailSchema },
        },
      },
      async (request) => orderProgress(deps.db, contextOf(request), request.params.id),
    );

    app.post(
      '/:id/reorder',
      {
        preValidation: requirePermission('cart.use'),
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          response: { 200: reorderResponseSchema },
        },
      },
      async (request) => reorder(deps, contextOf(request), request.params.id),
    );
  };
}
