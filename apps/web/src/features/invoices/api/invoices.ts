import { useMutation, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceListResponse } from '@portal/contract';
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
