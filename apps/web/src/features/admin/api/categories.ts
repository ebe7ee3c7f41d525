import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ShopPicture,
  StaffCategory,
  StaffCategoryCreate,
  StaffCategoryMove,
} from '@portal/contract';
import { apiRequest, uploadFile, type UploadProgress } from '../../../shared/api/client';

const categoriesKey = ['admin', 'categories-tree'] as const;

/** Every category, inactive ones too (`GET /admin/categories`). */
export function useStaffCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) =>
      apiRequest<{ items: StaffCategory[] }>('/admin/categories', { signal }).then(
        (body) => body.items,
      ),
  });
}

export type CategoryAction =
  | { kind: 'create'; category: StaffCategoryCreate }
  | { kind: 'rename'; id: string; names: StaffCategoryCreate['names'] }
  | { kind: 'move'; id: string; move: StaffCategoryMove }
  | { kind: 'active'; id: string; active: boolean }
  | { kind: 'removeIcon'; id: string };

function runAction(action: CategoryAction): Promise<unknown> {
  if (action.kind === 'create') {
    return apiRequest('/admin/categories', { method: 'POST', body: action.category });
  }
  const url = `/admin/categories/${encodeURIComponent(action.id)}`;
  switch (action.kind) {
    case 'rename':
      return apiRequest(url, { method: 'PUT', body: { names: action.names } });
    case 'move':
      return apiRequest(`${url}/move`, { method: 'POST', body: action.move });
    case 'active':
      return apiRequest(`${url}/active`, { method: 'PUT', body: { active: action.active } });
    case 'removeIcon':
      return apiRequest(`${url}/icon`, { method: 'DELETE' });
  }
}

/** Sends a category's new icon (`PUT /admin/categories/{id}/icon`). */
export function uploadCategoryIcon(
  categoryId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<ShopPicture> {
  return uploadFile<ShopPicture>(
    `/admin/categories/${encodeURIComponent(categoryId)}/icon`,
    file,
    onProgress,
    'PUT',
  );
}

/** The tree and the category choices of other screens read again after a change. */
export function useRefreshCategories() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoriesKey }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] }),
    ]);
}

/** What staff do to the tree; the tree and the category choices of other screens follow. */
export function useCategoryAction() {
  const refresh = useRefreshCategories();
  return useMutation({ mutationFn: runAction, onSettled: refresh });
}
