import {
  orderIdParamsSchema,
  orderSchema,
  orderStatusUpdateSchema,
  shipOrderRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { updateOrderStatus } from './admin';
import type { OrdersDeps } from './place-order';
import { shipOrder } from './ship';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Back-office order calls (permission orders.manage: staff). */
export function adminOrderRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');

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
        preValidation: requirePermission('orders.manage'),
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
