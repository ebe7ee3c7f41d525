import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Locale,
  Quote,
  QuoteAnswer,
  QuoteAskAgain,
  QuoteDecline,
  QuotePage,
  QuoteStatus,
  StaffQuote,
  StaffQuotePage,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { quotesKey } from '../../../shared/api/quotes';
import { staffAlertsKey } from '../../../shared/api/staff-alerts';

/** Quotes, kept by the server (packages/contract/src/quotes.ts). */
const staffQuotesKey = ['admin', 'quotes'] as const;

const statusQuery = (status: QuoteStatus | null, page: number) =>
  `page=${page}${status ? `&status=${status}` : ''}`;

export function useQuotes(status: QuoteStatus | null, page: number) {
  return useQuery({
    queryKey: [...quotesKey, 'page', status, page],
    queryFn: ({ signal }) =>
      apiRequest<QuotePage>(`/quotes?${statusQuery(status, page)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useQuote(id: string, locale: Locale) {
  return useQuery({
    queryKey: [...quotesKey, 'one', id, locale],
    queryFn: ({ signal }) => apiRequest<Quote>(`/quotes/${encodeURIComponent(id)}`, { signal }),
  });
}

export type QuoteResponse =
  ({ action: 'ask-again' } & QuoteAskAgain) | ({ action: 'decline' } & QuoteDecline);

/** Ask again or decline; the quote and the lists refresh. */
export function useRespondToQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: QuoteResponse) =>
      apiRequest<Quote>(`/quotes/${encodeURIComponent(id)}/${action}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}

export function useStaffQuotes(status: QuoteStatus | null, q: string, page: number) {
  return useQuery({
    queryKey: [...staffQuotesKey, 'page', status, q, page],
    queryFn: ({ signal }) =>
      apiRequest<StaffQuotePage>(
        `/admin/quotes?${statusQuery(status, page)}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStaffQuote(id: string, locale: Locale) {
  return useQuery({
    queryKey: [...staffQuotesKey, 'one', id, locale],
    queryFn: ({ signal }) =>
      apiRequest<StaffQuote>(`/admin/quotes/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Staff's answer; the quote, the list and the sidebar's count refresh. */
export function useAnswerQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteAnswer) =>
      apiRequest<StaffQuote>(`/admin/quotes/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffQuotesKey });
      await queryClient.invalidateQueries({ queryKey: staffAlertsKey });
    },
  });
}
