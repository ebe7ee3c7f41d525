import {
  advancedFilterRequestSchema,
  advancedFilterResponseSchema,
  categoryDetailSchema,
  categoryListResponseSchema,
  idParamsSchema,
  increaseViewsResponseSchema,
  localeQuerySchema,
  nestedCategoriesResponseSchema,
  productFilterKindSchema,
  productFilterQuerySchema,
  productListResponseSchema,
  productSchema,
  productSearchQuerySchema,
  productSearchResponseSchema,
  skuParamsSchema,
  slugParamsSchema,
  type Locale,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  getCategory,
  getProductBody,
  increaseViews,
  listCategories,
  listProductsBody,
  nestedCategories,
  searchProductsBody,
  topProducts,
  type CatalogDeps,
} from './service';
import { answerBody, type SerializedAnswer } from './read-model/serialized-answer';
import { pricedAnswer, repriceItems } from './priced-answer';

const security = [{ bearer: [] }];
/** The `locale` query wins over Accept-Language (SPEC section 7 sends both). */
const localeOf = (request: FastifyRequest, query?: Locale) => query ?? request.locale;

/**
 * Sends an answer serialized already (from the catalog's response cache): gzipped as it is kept
 * when the client accepts gzip (browsers do).
 */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: SerializedAnswer) {
  const { body, gzipped } = answerBody(answer, request.headers['accept-encoding']);
  if (gzipped) reply.header('content-encoding', 'gzip');
  // Added to what is there already (CORS varies by Origin).
  const vary = reply.getHeader('vary');
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .send(body);
}

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['categories'];
  app.addHook('preHandler', requirePermission('catalog.view'));

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: localeQuerySchema,
        response: { 200: categoryListResponseSchema },
      },
    },
    async (request) => ({
      items: await listCategories(app.catalog, localeOf(request, request.query.locale)),
    }),
  );

  app.get(
    '/nested-categories',
    {
      schema: {
        tags,
        security,
        querystring: localeQuerySchema,
        response: { 200: nestedCategoriesResponseSchema },
      },
    },
    async (request, reply) => {
      const { tree, etag } = await nestedCategories(
        app.catalog,
        localeOf(request, request.query.locale),
      );
      // The tree changes rarely: let the browser revalidate it cheaply with If-None-Match.
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Authorization');
      if (request.headers['if-none-match'] === etag) {
        // A 304 has no body: no response schema applies to it.
        return reply.status(304 as 200).send(undefined as never);
      }
      return { nestedCategories: tree };
    },
  );

  app.get(
    '/getBySlug/:slug',
    {
      schema: {
        tags,
        security,
        params: slugParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: categoryDetailSchema },
      },
    },
    async (request) =>
      getCategory(app.catalog, request.params.slug, localeOf(request, request.query.locale)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        querystring: localeQuerySchema,
        response: { 200: categoryDetailSchema },
      },
    },
    async (request) =>
      getCategory(app.catalog, request.params.id, localeOf(request, request.query.locale)),
  );
};

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['products'];
  /** The caller's price list (a buyer's company); staff see catalog prices. */
  const bookOf = (request: FastifyRequest) =>
    app.priceBooks.forCompany(contextOf(request).companyId);
  const deps: CatalogDeps = { db: app.db, catalog: app.catalog, settings: app.productSettings };
  app.addHook('preHandler', requirePermission('catalog.view'));

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: productSearchQuerySchema,
        response: { 200: productSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const { search, locale, limit } = request.query;
      const [answer, book] = await Promise.all([
        searchProductsBody(deps, search, localeOf(request, locale), limit),
        bookOf(request),
      ]);
      return sendAnswer(request, reply, pricedAnswer(answer, book, 'items'));
    },
  );

  app.post(
    '/advanced-filter',
    {
      schema: {
        tags,
        security,
        body: advancedFilterRequestSchema,
        response: { 200: advancedFilterResponseSchema },
      },
    },
    async (request, reply) => {
      const book = await bookOf(request);
      const locale = localeOf(request, request.body.locale);
      return sendAnswer(request, reply, await listProductsBody(deps, request.body, locale, book));
    },
  );

  app.get(
    '/filter/:kind',
    {
      schema: {
        tags,
        security,
        params: productFilterKindSchema,
        querystring: productFilterQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (request) => ({
      items: repriceItems(
        await topProducts(
          deps,
          request.params.kind,
          localeOf(request, request.query.locale),
          request.query.limit,
        ),
        await bookOf(request),
      ),
    }),
  );

  // A product by sku, slug or id: the same answer, three ways to ask.
  for (const [path, key, params] of [
    ['/sku/:sku', 'sku', skuParamsSchema],
    ['/slug/:slug', 'slug', slugParamsSchema],
    ['/:id', 'id', idParamsSchema],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          security,
          params,
          querystring: localeQuerySchema,
          response: { 200: productSchema },
        },
      },
      async (request, reply) => {
        const value = (request.params as Record<typeof key, string>)[key];
        const [answer, book] = await Promise.all([
          getProductBody(deps, key, value, localeOf(request, request.query.locale)),
          bookOf(request),
        ]);
        return sendAnswer(request, reply, pricedAnswer(answer, book, 'product'));
      },
    );
  }

  app.put(
    '/increase-views/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: increaseViewsResponseSchema },
      },
    },
    async (request) => increaseViews(deps, request.params.id, contextOf(request).userId),
  );
};
