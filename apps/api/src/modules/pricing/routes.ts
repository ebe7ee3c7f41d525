import {
  companyPriceListSchema,
  priceListDiscountsSchema,
  priceListInputSchema,
  priceListListQuerySchema,
  priceListPageSchema,
  priceListParamsSchema,
  priceListPricesSchema,
  priceListSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  createPriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  setCompanyPriceList,
  setDiscounts,
  setPrices,
  updatePriceList,
} from './staff';

const tags = ['price lists'];
const security = [{ bearer: [] }];

/** Staff's price lists (`/api/admin/price-lists`): see packages/contract/src/price-lists.ts. */
export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requirePermission('price_lists.manage'));
  const params = priceListParamsSchema;
  const one = { 200: priceListSchema };
  // A change shows in this process at once, in the others within their 2 s.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') app.priceBooks.changed();
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: priceListListQuerySchema,
        response: { 200: priceListPageSchema },
      },
    },
    async (request) => listPriceLists(app.db, request.query),
  );
  app.post(
    '/',
    { schema: { tags, security, body: priceListInputSchema, response: { 201: priceListSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createPriceList(app.db, contextOf(request), request.body)),
  );
  app.get('/:id', { schema: { tags, security, params, response: one } }, async (request) =>
    getPriceList(app.db, request.params.id, contextOf(request).locale),
  );
  app.put(
    '/:id',
    { schema: { tags, security, params, body: priceListInputSchema, response: one } },
    async (request) => updatePriceList(app.db, contextOf(request), request.params.id, request.body),
  );
  app.delete('/:id', { schema: { tags, security, params } }, async (request, reply) => {
    await deletePriceList(app.db, contextOf(request), request.params.id);
    return reply.code(204).send();
  });
  app.put(
    '/:id/discounts',
    { schema: { tags, security, params, body: priceListDiscountsSchema, response: one } },
    async (request) => setDiscounts(app.db, contextOf(request), request.params.id, request.body),
  );
  app.put(
    '/:id/prices',
    {
      // 10,000 prices by SKU fit in about 1 MB of JSON.
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, security, params, body: priceListPricesSchema, response: one },
    },
    async (request) => setPrices(app.db, contextOf(request), request.params.id, request.body),
  );
};

/** `PUT /api/admin/companies/:id/price-list`: which list a company's buyers get. */
export const companyPriceListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/price-list',
    {
      preValidation: requirePermission('price_lists.manage'),
      schema: {
        tags,
        security,
        params: z.strictObject({ id: z.uuid() }),
        body: companyPriceListSchema,
        response: {
          200: z.object({ price_list: z.object({ _id: z.uuid(), name: z.string() }).nullable() }),
        },
      },
    },
    async (request) => {
      const answer = await setCompanyPriceList(
        app.db,
        contextOf(request),
        request.params.id,
        request.body,
      );
      app.priceBooks.changed();
      return answer;
    },
  );
};
