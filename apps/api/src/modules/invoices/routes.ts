import {
  invoiceDocumentParamsSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceSchema,
  type Locale,
} from '@portal/contract';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import type { Db } from '../../db/client';
import { invoiceSettingsReader } from '../settings';
import { companyOf } from '../addresses';
import { creditNoteDocument } from '../claims';
import type { PdfRenderer } from './pdf-pool';
import { XLSX_TYPE } from '../../platform/exports';
import { exportInvoicesCsv, exportInvoicesXlsx } from './export';
import { companyOfDocument, getInvoice, listInvoices } from './service';

const tags = ['invoices'];
const security = [{ bearer: [] }];

interface PdfFile {
  fileName: string;
  pdf: Uint8Array;
}

/**
 * A company's invoice or credit note as the PDF file a browser downloads (404 for another
 * company's), with the shop's invoice details: one maker for the customers' and the staff's
 * routes, on the process's one PDF renderer.
 */
export function documentPdfs(db: Db, renderer: PdfRenderer) {
  const shopDetails = invoiceSettingsReader(db);
  return {
    async invoice(companyId: string, invoiceId: string, locale: Locale): Promise<PdfFile> {
      // The PDF does not list credit notes: they are not read.
      const invoice = await getInvoice(db, companyId, invoiceId, { creditNotes: false });
      return {
        fileName: `invoice-${invoice.invoice_number}.pdf`,
        pdf: await renderer.render(invoice, await shopDetails(), locale),
      };
    },
    async creditNote(companyId: string, creditNoteId: string, locale: Locale): Promise<PdfFile> {
      const { document, invoiceNumber } = await creditNoteDocument(db, companyId, creditNoteId);
      return {
        fileName: `credit-note-${document.invoice_number}.pdf`,
        pdf: await renderer.render(document, await shopDetails(), locale, {
          creditNoteOf: invoiceNumber,
        }),
      };
    },
  };
}
export type DocumentPdfs = ReturnType<typeof documentPdfs>;

const sendPdf = (reply: FastifyReply, { fileName, pdf }: PdfFile) =>
  reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(pdf);

/** What the invoice routes use: the database and the process's document PDFs. */
export interface InvoiceDeps {
  db: Db;
  pdfs: DocumentPdfs;
}

/** The company's invoices: list, detail and the PDF in the caller's language. */
export function invoiceRoutes(deps: InvoiceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = requirePermission('invoices.view');

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

    const exporting = requirePermission('invoices.export');
    const exportName = (format: 'csv' | 'xlsx') =>
      `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.${format}"`;

    app.get(
      '/export.csv',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's invoices of a period as CSV (UTF-8 with BOM), newest first, streamed page by page.",
          querystring: invoiceExportQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', exportName('csv'))
          .send(
            Readable.from(exportInvoicesCsv(deps.db, companyOf(contextOf(request)), request.query)),
          ),
    );

    app.get(
      '/export.xlsx',
      {
        preValidation: exporting,
        schema: {
          tags,
          security,
          description:
            "The company's invoices of a period as an XLSX spreadsheet, newest first, streamed row by row.",
          querystring: invoiceExportQuerySchema,
          produces: [XLSX_TYPE],
        },
      },
      async (request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', exportName('xlsx'))
          .send(exportInvoicesXlsx(deps.db, companyOf(contextOf(request)), request.query)),
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
        return sendPdf(
          reply,
          await deps.pdfs.creditNote(companyOf(ctx), request.params.id, ctx.locale),
        );
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
        return sendPdf(
          reply,
          await deps.pdfs.invoice(companyOf(ctx), request.params.id, ctx.locale),
        );
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
        return sendPdf(
          reply,
          await deps.pdfs.invoice(companyId, request.params.id, request.locale),
        );
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
        return sendPdf(
          reply,
          await deps.pdfs.creditNote(companyId, request.params.id, request.locale),
        );
      },
    );
  };
}
