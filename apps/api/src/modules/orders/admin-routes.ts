import { orderIdParamsSchema, orderSchema, orderStatusUpdateSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import type { PaymentsDeps } from '../payments/sync';
import { markOrderPaid, updateOrderStatus } from './admin';
import type { OrdersDeps } from './place-order';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Back-office order calls (permission orders.manage: staff). */
export function adminOrderRoutes(deps: OrdersDeps & PaymentsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');

    app.post(
      '/:id/mark-paid',
      {
        preValidation,
        schema: { tags, security, params: orderIdParamsSchema, response: { 200: orderSchema } },
      },
      async (request) => markOrderPaid(deps, contextOf(request), request.params.id),
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
  };
}
