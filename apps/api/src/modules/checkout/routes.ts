import {
  checkoutOptionsSchema,
  checkoutSummaryRequestSchema,
  checkoutSummarySchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { checkoutOptions, checkoutSummary, type CheckoutDeps } from './service';

const tags = ['checkout'];
const security = [{ bearer: [] }];

/** The delivery and summary/payment steps: options and a priced summary before placing the order. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CheckoutDeps = {
    db: app.db,
    productSettings: app.productSettings,
    checkoutSettings: app.checkoutSettings,
    priceBooks: app.priceBooks,
  };
  const preValidation = requirePermission('orders.place');

  app.get(
    '/options',
    { preValidation, schema: { tags, security, response: { 200: checkoutOptionsSchema } } },
    async (request) => checkoutOptions(deps, contextOf(request)),
  );

  app.post(
    '/summary',
    {
      preValidation,
      schema: {
        tags,
        security,
        body: checkoutSummaryRequestSchema,
        response: { 200: checkoutSummarySchema },
      },
    },
    async (request) => checkoutSummary(deps, contextOf(request), request.body),
  );
};
