import multipart from '@fastify/multipart';
import {
  cartResponseSchema,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_MAX_LINES,
  quickOrderCheckResponseSchema,
  quickOrderFileResponseSchema,
  quickOrderRequestSchema,
  readOrderRows,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { readRecords } from '../../platform/spreadsheets';
import { fileProblem, readOneFile } from '../../platform/uploads';
import { addQuickOrderToCart, checkQuickOrder, type QuickOrderDeps } from './service';

const tags = ['quick order'];
const security = [{ bearer: [] }];

/** Quick order (`/api/quick-order`): many SKUs at once, typed, pasted or from a file. */
export const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const deps: QuickOrderDeps = {
    db: app.db,
    catalog: app.catalog,
    productSettings: app.productSettings,
    priceBooks: app.priceBooks,
  };
  const preValidation = requirePermission('cart.use');

  app.post(
    '/check',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: `Check up to ${QUICK_ORDER_MAX_LINES} lines: found, unknown, inactive or short`,
        body: quickOrderRequestSchema,
        response: { 200: quickOrderCheckResponseSchema },
      },
    },
    async (request) => checkQuickOrder(deps, contextOf(request), request.body),
  );

  app.post(
    '/add-to-cart',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'Add every line to the cart in one transaction, or none (409 per line)',
        body: quickOrderRequestSchema,
        response: { 200: cartResponseSchema },
      },
    },
    async (request) => addQuickOrderToCart(deps, contextOf(request), request.body),
  );

  app.post(
    '/read-file',
    {
      preValidation,
      schema: {
        tags,
        security,
        summary: 'The lines of a CSV or XLSX file (SKU and quantity columns)',
        description:
          'multipart/form-data with one `file`: CSV (comma, semicolon or tab) or XLSX, with or ' +
          `without a header row, at most ${QUICK_ORDER_MAX_LINES} lines. Nothing is checked ` +
          'against the catalog: the lines go into the quick order grid, then to /check.',
        consumes: ['multipart/form-data'],
        response: { 200: quickOrderFileResponseSchema },
      },
    },
    async (request) => {
      const { locale } = request;
      const file = await readOneFile(request, QUICK_ORDER_FILE_MAX_BYTES);
      if (file === 'too_large') {
        throw fileProblem(
          locale,
          'validation.csv_too_large',
          { max: QUICK_ORDER_FILE_MAX_BYTES / 1_048_576 },
          413,
        );
      }
      if (file === 'missing') throw fileProblem(locale, 'validation.file_required');
      // A header row and the lines: one more than that says the file is too long.
      const records = await readRecords(file.bytes, QUICK_ORDER_MAX_LINES + 1);
      if (records === 'unreadable') throw fileProblem(locale, 'import.file_unreadable');
      const tooMany = () =>
        fileProblem(locale, 'quick_order.too_many_lines', { max: QUICK_ORDER_MAX_LINES });
      if (records === 'too_many_rows') throw tooMany();
      const rows = records === 'empty' ? [] : readOrderRows(records);
      if (rows.length === 0) throw fileProblem(locale, 'quick_order.file_empty');
      if (rows.length > QUICK_ORDER_MAX_LINES) throw tooMany();
      return { rows };
    },
  );
};
