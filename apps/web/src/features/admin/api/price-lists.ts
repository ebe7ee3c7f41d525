import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CompanyPriceList,
  Locale,
  PriceList,
  PriceListDiscounts,
  PriceListFile,
  PriceListInput,
  PriceListPage,
  PriceListPrices,
} from '@portal/contract';
import { apiRequest, uploadFile } from '../../../shared/api/client';

/** Price lists (packages/contract/src/price-lists.ts); a company's list is on its page. */
const priceListsKey = ['admin', 'price-lists'] as const;
const companiesKey = ['admin', 'companies'] as const;

export function usePriceLists(q: string, page: number) {
  return useQuery({
    queryKey: [...priceListsKey, 'page', q, page],
    queryFn: ({ signal }) =>
      apiRequest<PriceListPage>(
        `/admin/price-lists?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function usePriceList(id: string, locale: Locale) {
  return useQuery({
    queryKey: [...priceListsKey, 'one', id, locale],
    queryFn: ({ signal }) =>
      apiRequest<PriceList>(`/admin/price-lists/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useCreatePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PriceListInput) =>
      apiRequest<PriceList>('/admin/price-lists', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsKey }),
  });
}

export type PriceListChange =
  | { kind: 'details'; body: PriceListInput }
  | { kind: 'discounts'; body: PriceListDiscounts }
  | { kind: 'prices'; body: PriceListPrices };

const pathOf: Record<PriceListChange['kind'], string> = {
  details: '',
  discounts: '/discounts',
  prices: '/prices',
};

/** Name and dates, every discount, or every price of a list; the answer is the list. */
export function useChangePriceList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PriceListChange) =>
      apiRequest<PriceList>(`/admin/price-lists/${encodeURIComponent(id)}${pathOf[change.kind]}`, {
        method: 'PUT',
        body: change.body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsKey }),
  });
}

export function useDeletePriceList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<void>(`/admin/price-lists/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: priceListsKey });
      await queryClient.invalidateQueries({ queryKey: companiesKey });
    },
  });
}

/** Gives a company a price list, or none. */
export function useSetCompanyPriceList(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyPriceList) =>
      apiRequest<{ price_list: { _id: string; name: string } | null }>(
        `/admin/companies/${encodeURIComponent(companyId)}/price-list`,
        { method: 'PUT', body },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companiesKey });
      await queryClient.invalidateQueries({ queryKey: priceListsKey });
    },
  });
}

/** The prices of a CSV or XLSX file, read by the server for the table (nothing is saved). */
export function useReadPriceFile(id: string) {
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<PriceListFile>(`/admin/price-lists/${id}/prices/file`, file, () => undefined),
  });
}
