import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ImportJob,
  ImportReport,
  Locale,
  MessageResponse,
  NestedCategory,
  StaffProduct,
  StaffProductBulk,
  StaffProductCreate,
  StaffProductInput,
  StaffProductList,
  StockMovementList,
  StockMovementRequest,
} from '@portal/contract';
import { apiRequest, uploadFile, type UploadProgress } from '../../../shared/api/client';

export const catalogKey = ['admin', 'products'] as const;
const productUrl = (id: string) => `/admin/products/${encodeURIComponent(id)}`;

/** `GET /admin/products` with the page's filters (kept in the URL). */
export function useStaffProducts(query: URLSearchParams) {
  const search = query.toString();
  return useQuery({
    queryKey: [...catalogKey, 'list', search],
    queryFn: ({ signal }) => apiRequest<StaffProductList>(`/admin/products?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffProduct(id: string | undefined) {
  return useQuery({
    queryKey: [...catalogKey, id],
    queryFn: ({ signal }) => apiRequest<StaffProduct>(productUrl(id ?? ''), { signal }),
    enabled: !!id,
  });
}

export function useManufacturers() {
  return useQuery({
    queryKey: [...catalogKey, 'manufacturers'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: string[] }>('/admin/products/manufacturers', { signal }),
    staleTime: 60_000,
  });
}

/** The category tree, named in the staff member's language (the shop's own call). */
export function useCategoryTree(locale: Locale) {
  return useQuery({
    queryKey: ['admin', 'categories', locale],
    queryFn: ({ signal }) =>
      apiRequest<{ nestedCategories: NestedCategory[] }>(
        `/categories/nested-categories?locale=${locale}`,
        { signal },
      ).then((body) => body.nestedCategories),
    staleTime: 60_000,
  });
}

export function useStockMovements(productId: string, page: number) {
  return useQuery({
    queryKey: [...catalogKey, productId, 'stock-movements', page],
    queryFn: ({ signal }) =>
      apiRequest<StockMovementList>(`${productUrl(productId)}/stock-movements?page=${page}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What staff do to products; each refreshes the lists and the product. */
export type ProductAction =
  | { kind: 'create'; product: StaffProductCreate }
  | { kind: 'update'; id: string; product: StaffProductInput }
  | { kind: 'delete'; id: string }
  | { kind: 'stock'; id: string; movement: StockMovementRequest }
  | { kind: 'bulk'; bulk: StaffProductBulk }
  | { kind: 'images'; id: string; paths: string[] };

function runAction(action: ProductAction): Promise<unknown> {
  switch (action.kind) {
    case 'create':
      return apiRequest<StaffProduct>('/admin/products', { method: 'POST', body: action.product });
    case 'update':
      return apiRequest<StaffProduct>(productUrl(action.id), {
        method: 'PUT',
        body: action.product,
      });
    case 'delete':
      return apiRequest<MessageResponse>(productUrl(action.id), { method: 'DELETE' });
    case 'stock':
      return apiRequest<StaffProduct>(`${productUrl(action.id)}/stock-movements`, {
        method: 'POST',
        body: action.movement,
      });
    case 'bulk':
      return apiRequest<{ updated: number }>('/admin/products/bulk', {
        method: 'POST',
        body: action.bulk,
      });
    case 'images':
      return apiRequest<StaffProduct>(`${productUrl(action.id)}/images`, {
        method: 'PUT',
        body: { paths: action.paths },
      });
  }
}

export function useProductAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKey }),
  });
}

/** Sends one picture of a product, with its progress. */
export function uploadProductImage(
  productId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<StaffProduct> {
  return uploadFile<StaffProduct>(`${productUrl(productId)}/images`, file, onProgress);
}

/** Sends a product or stock file: checked row by row (`dryRun`), or queued for the import. */
export function uploadImport<T extends ImportReport | ImportJob>(
  file: File,
  dryRun: boolean,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  return uploadFile<T>(`/admin/products/import?dry_run=${dryRun}`, file, onProgress);
}

const importsKey = [...catalogKey, 'imports'] as const;
const isOpen = (job: ImportJob | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/** The latest imports; asked again every second while one is queued or running. */
export function useImportJobs() {
  return useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) =>
      apiRequest<{ items: ImportJob[] }>('/admin/products/imports', { signal }),
    refetchInterval: (query) => (isOpen(query.state.data?.items[0]) ? 1_000 : false),
  });
}
