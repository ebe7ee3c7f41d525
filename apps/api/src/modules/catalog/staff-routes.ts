import multipart from '@fastify/multipart';
import {
  PRODUCT_IMAGE_LIMITS,
  manufacturerListSchema,
  messageResponseSchema,
  productIdParamsSchema,
  productImageOrderSchema,
  staffProductBulkResultSchema,
  staffProductBulkSchema,
  staffProductCreateSchema,
  staffProductInputSchema,
  staffProductListQuerySchema,
  staffProductListSchema,
  staffProductSchema,
  stockMovementListQuerySchema,
  stockMovementListSchema,
  stockMovementRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import {
  bulkUpdateProducts,
  createProduct,
  deleteProduct,
  listManufacturers,
  listStaffProducts,
  staffProductDetail,
  updateProduct,
} from './staff-products';
import { addProductImage, orderProductImages, readProductImageUpload } from './product-images';
import { listStockMovements, moveStock } from './stock-movements';

const tags = ['admin catalog'];
const security = [{ bearer: [] }];

/**
 * Back-office II: staff keep the catalog (`/api/admin/products`). Text, price and category
 * changes reach the catalog read model of every process through catalog_version (decision 004);
 * stock changes are applied per product at once here and within 2 s elsewhere.
 */
export const staffCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  app.addHook('preValidation', requirePermission('catalog.manage'));
  // A product written, deleted or changed in bulk shows in this process's catalog at once; other
  // processes see it at their next look (within 2 s).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) app.catalog.catalogChanged();
  });
  const stockChanged = (productId: string) => {
    app.catalog
      .stockChanged([productId])
      .catch((error: unknown) => app.log.error({ err: error }, 'catalog stock refresh failed'));
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: staffProductListQuerySchema,
        response: { 200: staffProductListSchema },
      },
    },
    async (request) => {
      const { low_stock_threshold } = await app.productSettings();
      return listStaffProducts(app.db, request.query, request.locale, low_stock_threshold);
    },
  );

  app.get(
    '/manufacturers',
    { schema: { tags, security, response: { 200: manufacturerListSchema } } },
    async () => listManufacturers(app.db),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        body: staffProductCreateSchema,
        response: { 201: staffProductSchema },
      },
    },
    async (request, reply) => {
      const product = await createProduct(
        app.db,
        contextOf(request).userId,
        request.body,
        request.locale,
      );
      return reply.status(201).send(product);
    },
  );

  app.post(
    '/bulk',
    {
      schema: {
        tags,
        security,
        body: staffProductBulkSchema,
        response: { 200: staffProductBulkResultSchema },
      },
    },
    async (request) =>
      bulkUpdateProducts(app.db, contextOf(request).userId, request.body, request.locale),
  );

  app.get(
    '/:productId',
    {
      schema: {
        tags,
        security,
        params: productIdParamsSchema,
        response: { 200: staffProductSchema },
      },
    },
    async (request) => staffProductDetail(app.db, request.params.productId),
  );

  app.put(
    '/:productId',
    {
      schema: {
        tags,
        security,
        params: productIdParamsSchema,
        body: staffProductInputSchema,
        response: { 200: staffProductSchema },
      },
    },
    async (request) =>
      updateProduct(
        app.db,
        contextOf(request).userId,
        request.params.productId,
        request.body,
        request.locale,
      ),
  );

  app.delete(
    '/:productId',
    {
      schema: {
        tags,
        security,
        params: productIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteProduct(app.db, contextOf(request).userId, request.params.productId);
      return { message: t(request.locale, 'messages.product_deleted') };
    },
  );

  app.get(
    '/:productId/stock-movements',
    {
      schema: {
        tags,
        security,
        params: productIdParamsSchema,
        querystring: stockMovementListQuerySchema,
        response: { 200: stockMovementListSchema },
      },
    },
    async (request) => listStockMovements(app.db, request.params.productId, request.query.page),
  );

  app.post(
    '/:productId/stock-movements',
    {
      schema: {
        tags,
        security,
        params: productIdParamsSchema,
        body: stockMovementRequestSchema,
        response: { 200: staffProductSchema },
      },
    },
    async (request) => {
      const { productId } = request.params;
      await moveStock(app.db, contextOf(request).userId, productId, request.body);
      stockChanged(productId);
      return staffProductDetail(app.db, productId);
    },
  );

  app.post(
    '/:productId/images',
    {
      schema: {
        tags,
        security,
        summary: 'Add a picture to a product',
        description:
          'multipart/form-data with one `file`: a JPEG, PNG or WebP picture (recognised by its ' +
          `content) of at most ${PRODUCT_IMAGE_LIMITS.maxBytes / 1_048_576} MB, stored resized to ` +
          `${PRODUCT_IMAGE_LIMITS.detailSize} and ${PRODUCT_IMAGE_LIMITS.thumbnailSize} px as WebP; ` +
          `a product holds at most ${PRODUCT_IMAGE_LIMITS.maxPerProduct}.`,
        consumes: ['multipart/form-data'],
        params: productIdParamsSchema,
        response: { 201: staffProductSchema },
      },
    },
    async (request, reply) => {
      const picture = await readProductImageUpload(request);
      const { productId } = request.params;
      await addProductImage(app.db, contextOf(request).userId, productId, picture, request.locale);
      return reply.status(201).send(await staffProductDetail(app.db, productId));
    },
  );

  app.put(
    '/:productId/images',
    {
      schema: {
        tags,
        security,
        summary: "Order or remove a product's pictures (the first is the one lists show)",
        params: productIdParamsSchema,
        body: productImageOrderSchema,
        response: { 200: staffProductSchema },
      },
    },
    async (request) => {
      const { productId } = request.params;
      await orderProductImages(
        app.db,
        contextOf(request).userId,
        productId,
        request.body,
        request.locale,
      );
      return staffProductDetail(app.db, productId);
    },
  );
};
