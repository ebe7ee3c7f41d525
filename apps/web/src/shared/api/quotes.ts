import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteRequest } from '@portal/contract';
import { apiRequest } from './client';

/** The buyer's quotes (packages/contract/src/quotes.ts): lists and pages refresh after a step. */
export const quotesKey = ['quotes'] as const;

/** Asks the shop for a quote: from the cart or a product page. */
export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteRequest) => apiRequest<Quote>('/quotes', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesKey }),
  });
}
