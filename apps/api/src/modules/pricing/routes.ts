import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  PRICE_FILE_COLUMNS,
  PRICE_LIST_MAX_PRICES,
  companyPriceListSchema,
  priceListFileSchema,
  readPriceRows,
  priceListDiscountsSchema,
  priceListInputSchema,
  priceListListQuerySchema,
  priceListPageSchema,
  priceListParamsSchema,
  priceListPricesSchema,
  priceListSchema,
  type PriceList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import {
  AMOUNT_FORMAT,
  XLSX_TYPE,
  csvExport,
  xlsxExport,
  type ExportCell,
  type ExportColumn,
} from '../../platform/exports';
import { readRecords } from '../../platform/spreadsheets';
import { fileProblem, readOneFile } from '../../platform/uploads';
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

/** 10,000 prices with their header fit in well under 1 MB of CSV. */
const PRICE_FILE_MAX_BYTES = 2 * 1024 * 1024;

const EXPORT_COLUMNS: readonly ExportColumn[] = PRICE_FILE_COLUMNS.map((key) => ({
  key,
  width: key === 'title' ? 48 : 16,
  ...(key === 'price' || key === 'list_price' ? { numFmt: AMOUNT_FORMAT } : {}),
}));

/**
 * A list's saved prices as the rows of an export, in SKU and quantity order. CSV writes numbers
 * as amounts (two decimals): its quantities are written as text, a spreadsheet's as numbers.
 */
async function* exportRows(
  list: PriceList,
  format: 'csv' | 'xlsx',
): AsyncGenerator<ExportCell[][]> {
  yield list.prices.map((row) => [
    row.sku,
    format === 'csv' ? String(row.min_quantity) : row.min_quantity,
    row.price,
    row.title,
    row.list_price,
  ]);
}

/** Staff's price lists (`/api/admin/price-lists`): see packages/contract/src/price-lists.ts. */
export const priceListRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  app.addHook('preValidation', requirePermission('price_lists.manage'));
  const params = priceListParamsSchema;
  const one = { 200: priceListSchema };
  // A change shows in this process at once, in the others within their 2 s. Reading a file and
  // a refused request change nothing.
  app.addHook('onResponse', async (request, reply) => {
    const changes = request.method !== 'GET' && !request.url.endsWith('/prices/file');
    if (changes && reply.statusCode < 400) app.priceBooks.changed();
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
  app.post(
    '/:id/prices/file',
    {
      schema: {
        tags,
        security,
        summary: 'The prices of a CSV or XLSX file, read for the screen (nothing is saved)',
        description:
          'multipart/form-data with one `file`: CSV (comma, semicolon or tab) or XLSX, columns ' +
          '`sku`, `min_quantity` (empty: 1) and `price` by their header, else the first three. ' +
          "The rows go into the list's table; `PUT /:id/prices` saves them and names a bad row.",
        consumes: ['multipart/form-data'],
        params,
        response: { 200: priceListFileSchema },
      },
    },
    async (request) => {
      const { locale } = request;
      await getPriceList(app.db, request.params.id, locale);
      const file = await readOneFile(request, PRICE_FILE_MAX_BYTES);
      if (file === 'too_large') {
        const max = PRICE_FILE_MAX_BYTES / 1_048_576;
        throw fileProblem(locale, 'validation.csv_too_large', { max }, 413);
      }
      if (file === 'missing') throw fileProblem(locale, 'validation.file_required');
      const tooMany = () =>
        fileProblem(locale, 'price_lists.too_many_prices', { max: PRICE_LIST_MAX_PRICES });
      // A header row and the prices: one more than that says the file is too long.
      const records = await readRecords(file.bytes, PRICE_LIST_MAX_PRICES + 1);
      if (records === 'unreadable') throw fileProblem(locale, 'import.file_unreadable');
      if (records === 'too_many_rows') throw tooMany();
      const prices = records === 'empty' ? [] : readPriceRows(records);
      if (prices.length === 0) throw fileProblem(locale, 'price_lists.file_empty');
      if (prices.length > PRICE_LIST_MAX_PRICES) throw tooMany();
      return { prices };
    },
  );
  app.get(
    '/:id/export.csv',
    {
      schema: {
        tags,
        security,
        params,
        description: `The list's prices as CSV (UTF-8 with BOM): ${PRICE_FILE_COLUMNS.join(', ')}.`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const list = await getPriceList(app.db, request.params.id, request.locale);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="price-list.csv"')
        .send(Readable.from(csvExport(EXPORT_COLUMNS, exportRows(list, 'csv'))));
    },
  );
  app.get(
    '/:id/export.xlsx',
    {
      schema: {
        tags,
        security,
        params,
        description: "The list's prices as an XLSX spreadsheet, in the CSV's columns.",
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const list = await getPriceList(app.db, request.params.id, request.locale);
      return reply
        .type(XLSX_TYPE)
        .header('content-disposition', 'attachment; filename="price-list.xlsx"')
        .send(xlsxExport('Prices', EXPORT_COLUMNS, exportRows(list, 'xlsx')));
    },
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
