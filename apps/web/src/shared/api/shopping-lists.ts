import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CartResponse,
  Locale,
  ShoppingList,
  ShoppingListCopy,
  ShoppingListCreate,
  ShoppingListLineInput,
  ShoppingListLineUpdate,
  ShoppingListPage,
  ShoppingListUpdate,
} from '@portal/contract';
import { cartQueryKey } from './cart';
import { apiRequest } from './client';

/** Shopping lists, kept by the server; every change answers the whole list. */
export const shoppingListsKey = ['shopping-lists'] as const;

export function useShoppingLists(page: number, locale: Locale, enabled = true) {
  return useQuery({
    queryKey: [...shoppingListsKey, 'page', page, locale],
    queryFn: ({ signal }) =>
      apiRequest<ShoppingListPage>(`/shopping-lists?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useShoppingList(id: string, locale: Locale) {
  return useQuery({
    queryKey: [...shoppingListsKey, 'list', id, locale],
    queryFn: ({ signal }) => apiRequest<ShoppingList>(`/shopping-lists/${id}`, { signal }),
  });
}

/** What makes a new list: empty or with lines, from the cart, or from a past order. */
export type NewListSource =
  | { from: 'lines'; lines: ShoppingListLineInput[] }
  | { from: 'cart' }
  | { from: 'order'; orderId: string };

/** Makes a list; the lists are read again afterwards. */
export function useCreateShoppingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ source, ...body }: ShoppingListCopy & { source: NewListSource }) => {
      if (source.from === 'cart') {
        return apiRequest<ShoppingList>('/shopping-lists/from-cart', { method: 'POST', body });
      }
      if (source.from === 'order') {
        return apiRequest<ShoppingList>(`/shopping-lists/from-order/${source.orderId}`, {
          method: 'POST',
          body,
        });
      }
      const create: ShoppingListCreate = { ...body, lines: source.lines };
      return apiRequest<ShoppingList>('/shopping-lists', { method: 'POST', body: create });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shoppingListsKey }),
  });
}

/** One change of a list: its name or sharing, a line's quantity or note, a line removed. */
export type ShoppingListChange =
  | { kind: 'list'; input: ShoppingListUpdate }
  | { kind: 'line'; productId: string; input: ShoppingListLineUpdate }
  | { kind: 'remove-line'; productId: string };

/** Changes a list: the answer replaces the list shown, and the pages of lists are read again. */
export function useChangeShoppingList(id: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ShoppingListChange) => {
      const path = `/shopping-lists/${id}`;
      if (change.kind === 'list') {
        return apiRequest<ShoppingList>(path, { method: 'PATCH', body: change.input });
      }
      const line = `${path}/lines/${change.productId}`;
      return change.kind === 'line'
        ? apiRequest<ShoppingList>(line, { method: 'PATCH', body: change.input })
        : apiRequest<ShoppingList>(line, { method: 'DELETE' });
    },
    onSuccess: async (list) => {
      queryClient.setQueryData([...shoppingListsKey, 'list', id, locale], list);
      await queryClient.invalidateQueries({ queryKey: [...shoppingListsKey, 'page'] });
    },
  });
}

export function useDeleteShoppingList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`/shopping-lists/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.removeQueries({ queryKey: [...shoppingListsKey, 'list', id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...shoppingListsKey, 'page'] }),
  });
}

/** A product added to one of the caller's lists (from the product page or a listing). */
export function useAddToShoppingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, ...line }: ShoppingListLineInput & { listId: string }) =>
      apiRequest<ShoppingList>(`/shopping-lists/${listId}/lines`, { method: 'POST', body: line }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shoppingListsKey }),
  });
}

/** A list, or its chosen lines, into the cart: the answer (the whole cart) replaces the cached one. */
export function useOrderShoppingList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productIds: string[] | undefined) =>
      apiRequest<CartResponse>(`/shopping-lists/${id}/add-to-cart`, {
        method: 'POST',
        body: productIds ? { product_ids: productIds } : {},
      }),
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}
