import {
  orderHistoryDetailSchema,
  orderIdParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  reorderResponseSchema,
  shipOrderRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import type { OrdersDeps } from '../orders/place-order';
import { listOrders, orderProgress, reorder } from './service';
import { shipOrder } from './ship';

const security = [{ bearer: [] }];

/** The order history: list, progress of one order, reorder. */
export function orderHistoryRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['orders'];
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

/** Back-office: ship an order with its carrier and tracking number (orders.manage). */
export function adminShipRoutes(deps: OrdersDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/:id/ship',
      {
        preValidation: requirePermission('orders.manage'),
        schema: {
          tags: ['admin'],
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
