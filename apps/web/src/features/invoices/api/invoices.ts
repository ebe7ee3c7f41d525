import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EInvoiceFormat,
  Invoice,
  InvoiceArchive,
  InvoiceArchiveRequest,
  InvoiceListResponse,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';

/** `GET /invoices`: the company's invoices, one page, searchable by invoice or order number. */
export function useInvoiceList(page: number, search: string) {
  const query = new URLSearchParams({ page: String(page) });
  if (search) query.set('search', search);
  return useQuery({
    queryKey: ['invoices', 'list', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest<InvoiceListResponse>(`/invoices?${query.toString()}`, { signal }),
    placeholderData: (previous) => previous,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: ['invoices', id],
    queryFn: ({ signal }) => apiRequest<Invoice>(`/invoices/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Downloads the invoice PDF (made on the server in the current language) as a file. */
export function useDownloadInvoice() {
  return useMutation({
    mutationFn: (invoice: { _id: string; invoice_number: string }) =>
      downloadFile(
        `/invoices/${encodeURIComponent(invoice._id)}/pdf`,
        `invoice-${invoice.invoice_number}.pdf`,
      ),
  });
}

/** An invoice or credit note: its path under /invoices and its file name without extension. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  id: string;
  number: string;
}

/** The file of a document in one format: its path and the name it is saved under. */
export function documentFile(document: InvoiceDocument, format: 'pdf' | EInvoiceFormat) {
  const base =
    document.kind === 'invoice'
      ? `/invoices/${encodeURIComponent(document.id)}`
      : `/invoices/credit-notes/${encodeURIComponent(document.id)}`;
  const name = `${document.kind}-${document.number}`;
  if (format === 'pdf') return { path: `${base}/pdf`, fileName: `${name}.pdf` };
  return format === 'ubl'
    ? { path: `${base}/e-invoice/ubl`, fileName: `${name}.xml` }
    : { path: `${base}/e-invoice/facturx`, fileName: `${name}-factur-x.pdf` };
}

/** Downloads a document in one format (made on the server in the current language). */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: ({
      document,
      format,
    }: {
      document: InvoiceDocument;
      format: 'pdf' | EInvoiceFormat;
    }) => {
      const { path, fileName } = documentFile(document, format);
      return downloadFile(path, fileName);
    },
  });
}

const archivesKey = ['invoices', 'archives'] as const;

/** The caller's archives; read again every 2 s while one is being built. */
export function useInvoiceArchives() {
  return useQuery({
    queryKey: archivesKey,
    queryFn: ({ signal }) =>
      apiRequest<{ items: InvoiceArchive[] }>('/invoices/archives', { signal }).then(
        (body) => body.items,
      ),
    refetchInterval: (query) =>
      query.state.data?.some(
        (archive) => archive.status === 'queued' || archive.status === 'running',
      )
        ? 2_000
        : false,
  });
}

/** Asks for the PDFs of a period as one ZIP, built in the background. */
export function useRequestArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: InvoiceArchiveRequest) =>
      apiRequest<InvoiceArchive>('/invoices/archives', { method: 'POST', body: period }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: archivesKey }),
  });
}

/** Downloads a ready archive (signed in). */
export function useDownloadArchive() {
  return useMutation({
    mutationFn: (archive: InvoiceArchive) =>
      downloadFile(
        `/invoices/archives/${encodeURIComponent(archive._id)}/file`,
        `invoices-${archive.date_from}-${archive.date_to}.zip`,
      ),
  });
}
