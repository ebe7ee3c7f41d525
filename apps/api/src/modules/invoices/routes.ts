import {
  invoiceDocumentParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import type { Db } from '../../db/client';
import { invoiceSettingsReader } from '../settings';
import { creditNoteDocument } from '../claims';
import { pdfRenderer } from './pdf-pool';
import { getInvoice, listInvoices } from './service';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** The company's invoices: list, detail and the PDF in the caller's language. */
export function invoiceRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('invoices.view');
    const shopDetails = invoiceSettingsReader(deps.db);
    const pdfs = pdfRenderer(app.config.pdfWorkers);
    app.addHook('onClose', () => pdfs.close());

    app.get(
      '/',
      {
        preValidation,
        schema: {
          tags,
          security,
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema },
        },
      },
      async (request) => listInvoices(deps.db, contextOf(request), request.query),
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        preValidation,
        schema: {
          tags,
          security,
          summary: 'A credit note (refund of a claim) as PDF',
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { document, invoiceNumber } = await creditNoteDocument(
          deps.db,
          ctx,
          request.params.id,
        );
        const pdf = await pdfs.render(document, await shopDetails(), ctx.locale, {
          creditNoteOf: invoiceNumber,
        });
        return reply
          .type('application/pdf')
          .header(
            'Content-Disposition',
            `attachment; filename="credit-note-${document.invoice_number}.pdf"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/:id',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: invoiceDocumentParamsSchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request) => getInvoice(deps.db, contextOf(request), request.params.id),
    );

    app.get(
      '/:id/pdf',
      {
        preValidation,
        schema: {
          tags,
          security,
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        // The PDF does not list credit notes: they are not read.
        const invoice = await getInvoice(deps.db, ctx, request.params.id, { creditNotes: false });
        const pdf = await pdfs.render(invoice, await shopDetails(), ctx.locale);
        return reply
          .type('application/pdf')
          .header(
            'Content-Disposition',
            `attachment; filename="invoice-${invoice.invoice_number}.pdf"`,
          )
          .send(pdf);
      },
    );
  };
}
