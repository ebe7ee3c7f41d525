import {
  monthlySpendQuerySchema,
  monthlySpendResponseSchema,
  mostBoughtQuerySchema,
  mostBoughtResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { repriceItems, type CatalogDeps } from '../catalog';
import { monthlySpend, mostBoughtProducts } from './service';

const tags = ['dashboard'];
const security = [{ bearer: [] }];

/** The dashboard's company figures: most bought products and monthly spend. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CatalogDeps = { db: app.db, catalog: app.catalog, settings: app.productSettings };

  app.get(
    '/most-bought',
    {
      preValidation: requirePermission('orders.view'),
      schema: {
        tags,
        security,
        querystring: mostBoughtQuerySchema,
        response: { 200: mostBoughtResponseSchema },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      return {
        items: repriceItems(
          await mostBoughtProducts(
            deps,
            ctx,
            request.query.locale ?? request.locale,
            request.query.limit,
          ),
          await app.priceBooks.forCompany(ctx.companyId),
        ),
      };
    },
  );

  app.get(
    '/monthly-spend',
    {
      preValidation: requirePermission('dashboard.spend'),
      schema: {
        tags,
        security,
        querystring: monthlySpendQuerySchema,
        response: { 200: monthlySpendResponseSchema },
      },
    },
    async (request) => monthlySpend(deps, contextOf(request)),
  );
};
