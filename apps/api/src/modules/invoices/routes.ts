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
import { companyOf } from '../addresses';
import { creditNoteDocument } from '../claims';
import type { PdfRenderer } from './pdf-pool';
import { companyOfDocument, getInvoice, listInvoices } from './service';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** What the invoice routes use: the database and the one PDF renderer of the process. */
export interface InvoiceDeps {
  db: Db;
  pdfs: PdfRenderer;
}

/** The company's invoices: list, detail and the PDF in the caller's language. */
export function invoiceRoutes(deps: InvoiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('invoices.view');
    const shopDetails = invoiceSettingsReader(deps.db);
    const { pdfs } = deps;

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
          companyOf(ctx),
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
      async (request) => getInvoice(deps.db, companyOf(contextOf(request)), request.params.id),
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
        const invoice = await getInvoice(deps.db, companyOf(ctx), request.params.id, {
          creditNotes: false,
        });
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

/**
 * Staff open any company's invoice or credit note as PDF (permission orders.manage), in their
 * own language: the document the customer downloads, byte for byte the same layout.
 */
export function staffDocumentRoutes(deps: InvoiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('orders.manage');
    const shopDetails = invoiceSettingsReader(deps.db);
    const { pdfs } = deps;

    app.get(
      '/invoices/:id/pdf',
      {
        preValidation,
        schema: {
          tags: ['admin'],
          security,
          summary: "Any company's invoice as PDF",
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const companyId = await companyOfDocument(deps.db, 'invoice', request.params.id);
        const invoice = await getInvoice(deps.db, companyId, request.params.id, {
          creditNotes: false,
        });
        const pdf = await pdfs.render(invoice, await shopDetails(), request.locale);
        return reply
          .type('application/pdf')
          .header(
            'Content-Disposition',
            `attachment; filename="invoice-${invoice.invoice_number}.pdf"`,
          )
          .send(pdf);
      },
    );

    app.get(
      '/credit-notes/:id/pdf',
      {
        preValidation,
        schema: {
          tags: ['admin'],
          security,
          summary: "Any company's credit note as PDF",
          params: invoiceDocumentParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const companyId = await companyOfDocument(deps.db, 'credit_note', request.params.id);
        const { document, invoiceNumber } = await creditNoteDocument(
          deps.db,
          companyId,
          request.params.id,
        );
        const pdf = await pdfs.render(document, await shopDetails(), request.locale, {
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
  };
}
