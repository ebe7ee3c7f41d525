import { Readable } from 'node:stream';
import {
  messageResponseSchema,
  orderIdParamsSchema,
  orderNoteRequestSchema,
  orderSchema,
  orderStatusUpdateSchema,
  shipOrderRequestSchema,
  staffOrderExportQuerySchema,
  staffOrderListQuerySchema,
  staffOrderListSchema,
  staffOrderSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { updateOrderStatus } from './admin';
import type { OrdersDeps } from './place-order';
import { shipOrder } from './ship';
import {
  addOrderNote,
  exportStaffOrders,
  exportStaffOrdersXlsx,
  listStaffOrders,
  resendConfirmation,
  resendInvoice,
  staffOrderDetail,
} from './staff-orders';
import { XLSX_TYPE } from '../../platform/exports';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Back-office order calls (permission orders.manage: staff). */
export function adminOrderRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');

    app.get(
      '/',
      {
        preValidation,
        schema: {
          tags,
          security,
          description:
            "Every company's orders: q finds an order number by its start, a buyer by e-mail, a company by name.",
          querystring: staffOrderListQuerySchema,
          response: { 200: staffOrderListSchema },
        },
      },
      async (request) => listStaffOrders(deps.db, request.query),
    );

    app.get(
      '/export.csv',
      {
        preValidation,
        schema: {
          tags,
          security,
          description:
            "Every order of the filters as CSV (UTF-8 with BOM), streamed page by page in the list's order.",
          querystring: staffOrderExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .send(Readable.from(exportStaffOrders(deps.db, request.query)));
      },
    );

    app.get(
      '/export.xlsx',
      {
        preValidation,
        schema: {
          tags,
          security,
          description:
            "Every order of the filters as an XLSX spreadsheet, streamed row by row in the list's order.",
          querystring: staffOrderExportQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', `attachment; filename="orders-${day}.xlsx"`)
          .send(exportStaffOrdersXlsx(deps.db, request.query));
      },
    );

    app.get(
      '/:id',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          response: { 200: staffOrderSchema },
        },
      },
      async (request) => staffOrderDetail(deps, request.params.id),
    );

    app.post(
      '/:id/resend-confirmation',
      {
        preValidation,
        schema: {
          tags,
          security,
          description: "Sends the order's confirmation mail to its buyer again.",
          params: orderIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await resendConfirmation(deps, contextOf(request), request.params.id);
        return { message: t(request.locale, 'messages.confirmation_resent') };
      },
    );

    app.post(
      '/:id/resend-invoice',
      {
        preValidation,
        schema: {
          tags,
          security,
          description:
            "Mails the order's buyer where its invoice is again; 409 while the order has none.",
          params: orderIdParamsSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await resendInvoice(deps, contextOf(request), request.params.id);
        return { message: t(request.locale, 'messages.invoice_resent') };
      },
    );

    app.post(
      '/:id/notes',
      {
        preValidation,
        schema: {
          tags,
          security,
          description: 'An internal note on the order: never shown to the customer.',
          params: orderIdParamsSchema,
          body: orderNoteRequestSchema,
          response: { 200: staffOrderSchema },
        },
      },
      async (request) =>
        addOrderNote(deps, contextOf(request), request.params.id, request.body.note),
    );

    app.put(
      '/:id/status',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          body: orderStatusUpdateSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) =>
        updateOrderStatus(deps, contextOf(request), request.params.id, request.body),
    );

    app.post(
      '/:id/ship',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: orderIdParamsSchema,
          body: shipOrderRequestSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => shipOrder(deps, contextOf(request), request.params.id, request.body),
    );
  };
}
