import multipart from '@fastify/multipart';
import { Readable } from 'node:stream';
import {
  categoryIdParamsSchema,
  staffCategoryActiveSchema,
  staffCategoryCreateSchema,
  staffCategoryListSchema,
  staffCategoryMoveSchema,
  staffCategoryUpdateSchema,
  type Locale,
  PRODUCT_IMAGE_LIMITS,
  PRODUCT_IMPORT_LIMITS,
  importJobListSchema,
  importJobParamsSchema,
  importJobSchema,
  importQuerySchema,
  importReportSchema,
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
  SHOP_PICTURE_LIMITS,
  shopPictureSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { readShopPictureUpload } from '../media';
import {
  bulkUpdateProducts,
  createProduct,
  deleteProduct,
  listManufacturers,
  listStaffProducts,
  staffProductDetail,
  updateProduct,
} from './staff-products';
import { readOneFile } from '../../platform/uploads';
import { readSheet } from '../../platform/spreadsheets';
import { importJob, latestImportJobs, queueImport } from './import-jobs';
import { checkSheet, fileProblem, sheetOrThrow } from './import-rows';
import { addProductImage, orderProductImages, readProductImageUpload } from './product-images';
import {
  createCategory,
  listStaffCategories,
  moveCategory,
  renameCategory,
  setCategoryActive,
  setCategoryIcon,
} from './staff-categories';
import { exportProductsCsv, exportProductsXlsx } from './staff-export';
import { listStockMovements, moveStock } from './stock-movements';
import { XLSX_TYPE } from '../../platform/exports';

const tags = ['admin catalog'];
const security = [{ bearer: [] }];

/**
 * Back-office II: staff keep the catalog (`/api/admin/products`, `/api/admin/categories`), admins
 * only. A change (a product, a category) shows in this process's catalog at once; other processes
 * see it at their next look (within a second or two).
 */
function staffCatalogHooks(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.addHook('preValidation', requirePermission('catalog.manage'));
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 300) app.catalog.catalogChanged();
  });
}

export const staffCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  staffCatalogHooks(app);
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

  const day = () => new Date().toISOString().slice(0, 10);
  app.get(
    '/export.csv',
    {
      schema: {
        tags,
        security,
        description:
          "The filtered catalog as CSV (UTF-8 with BOM) in the import's columns, streamed by SKU.",
        querystring: staffProductListQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { low_stock_threshold } = await app.productSettings();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day()}.csv"`)
        .send(Readable.from(exportProductsCsv(app.db, request.query, low_stock_threshold)));
    },
  );

  app.get(
    '/export.xlsx',
    {
      schema: {
        tags,
        security,
        description: "The filtered catalog as an XLSX spreadsheet in the import's columns.",
        querystring: staffProductListQuerySchema,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { low_stock_threshold } = await app.productSettings();
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="products-${day()}.xlsx"`)
        .send(exportProductsXlsx(app.db, request.query, low_stock_threshold));
    },
  );

  app.post(
    '/import',
    {
      schema: {
        tags,
        security,
        summary: 'Check a product or stock file (dry run), or import it in the background',
        description:
          'multipart/form-data with one `file`: CSV (comma, semicolon or tab; UTF-8, UTF-16 or ' +
          `Windows-1252) or XLSX, at most ${PRODUCT_IMPORT_LIMITS.maxBytes / 1_048_576} MB and ` +
          `${PRODUCT_IMPORT_LIMITS.maxRows} rows, keyed by \`sku\`. With dry_run=true the answer ` +
          'is the report of every row; otherwise the rows without errors are queued (202).',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: importReportSchema, 202: importJobSchema },
      },
    },
    async (request, reply) => {
      const { locale } = request;
      const file = await readOneFile(request, PRODUCT_IMPORT_LIMITS.maxBytes);
      if (file === 'too_large') {
        throw fileProblem(
          locale,
          'validation.csv_too_large',
          { max: PRODUCT_IMPORT_LIMITS.maxBytes / 1_048_576 },
          413,
        );
      }
      if (file === 'missing') throw fileProblem(locale, 'validation.file_required');
      const sheet = sheetOrThrow(
        await readSheet(file.bytes, PRODUCT_IMPORT_LIMITS.maxRows),
        locale,
      );
      const checked = await checkSheet(app.db, sheet, locale);
      if (request.query.dry_run === 'true') return checked.report;
      if (checked.rows.length === 0) throw fileProblem(locale, 'import.no_valid_rows');
      const job = await queueImport(app.db, contextOf(request).userId, file.name, checked);
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/imports',
    { schema: { tags, security, response: { 200: importJobListSchema } } },
    async () => latestImportJobs(app.db),
  );

  app.get(
    '/imports/:jobId',
    {
      schema: { tags, security, params: importJobParamsSchema, response: { 200: importJobSchema } },
    },
    async (request) => importJob(app.db, request.params.jobId),
  );
};

/** Back-office II: the category tree (`/api/admin/categories`). */
export const staffCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  staffCatalogHooks(app);
  const params = categoryIdParamsSchema;
  const done = (request: { locale: Locale }) => ({
    message: t(request.locale, 'messages.category_saved'),
  });

  app.get(
    '/',
    { schema: { tags, security, response: { 200: staffCategoryListSchema } } },
    async () => listStaffCategories(app.db),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        body: staffCategoryCreateSchema,
        response: { 201: staffCategoryListSchema },
      },
    },
    async (request, reply) => {
      await createCategory(app.db, contextOf(request).userId, request.body, request.locale);
      return reply.status(201).send(await listStaffCategories(app.db));
    },
  );

  app.put(
    '/:categoryId',
    {
      schema: {
        tags,
        security,
        params,
        body: staffCategoryUpdateSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await renameCategory(
        app.db,
        contextOf(request).userId,
        request.params.categoryId,
        request.body.names,
      );
      return done(request);
    },
  );

  app.post(
    '/:categoryId/move',
    {
      schema: {
        tags,
        security,
        params,
        body: staffCategoryMoveSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await moveCategory(
        app.db,
        contextOf(request).userId,
        request.params.categoryId,
        request.body,
        request.locale,
      );
      return done(request);
    },
  );

  app.put(
    '/:categoryId/active',
    {
      schema: {
        tags,
        security,
        params,
        body: staffCategoryActiveSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await setCategoryActive(
        app.db,
        contextOf(request).userId,
        request.params.categoryId,
        request.body.active,
      );
      return done(request);
    },
  );

  app.put(
    '/:categoryId/icon',
    {
      schema: {
        tags,
        security,
        summary: "Upload a category's icon",
        description:
          'multipart/form-data with one `file`: a JPEG, PNG or WebP picture (recognised by its ' +
          `content) of at most ${SHOP_PICTURE_LIMITS.maxBytes / 1_048_576} MB, stored as a ` +
          `${SHOP_PICTURE_LIMITS.iconSize} px square WebP (transparent around the picture).`,
        consumes: ['multipart/form-data'],
        params,
        response: { 200: shopPictureSchema },
      },
    },
    async (request) => {
      const icon = await readShopPictureUpload(request, 'category_icon');
      const { categoryId } = request.params;
      const path = await setCategoryIcon(app.db, contextOf(request).userId, categoryId, icon);
      return { path: path ?? '' };
    },
  );

  app.delete(
    '/:categoryId/icon',
    {
      schema: {
        tags,
        security,
        summary: "Remove a category's icon (buyers see the default one)",
        params,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await setCategoryIcon(app.db, contextOf(request).userId, request.params.categoryId, null);
      return done(request);
    },
  );
};
