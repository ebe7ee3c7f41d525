import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Address,
  AddressKind,
  AddressListResponse,
  AddressRequest,
  MessageResponse,
} from '@portal/contract';
import { apiRequest } from './client';
import { meQueryKey } from '../auth/me';

const addressesKey = (kind: AddressKind) => ['addresses', kind] as const;

export function useAddresses(kind: AddressKind) {
  return useQuery({
    queryKey: addressesKey(kind),
    queryFn: ({ signal }) =>
      apiRequest<AddressListResponse>(`/addresses/${kind}`, { signal }).then((body) => body.items),
  });
}

/** Creates (no id) or replaces an address of one book. */
export function useSaveAddress(kind: AddressKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AddressRequest }) =>
      apiRequest<Address>(
        id ? `/addresses/${kind}/${encodeURIComponent(id)}` : `/addresses/${kind}`,
        {
          method: id ? 'PUT' : 'POST',
          body,
        },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesKey(kind) });
      // A new default address changes the checkout defaults (and buy with one click).
      await queryClient.invalidateQueries({ queryKey: ['checkout', 'options'] });
      // Invoice addresses are the invoice entities of `me.invoices` (their VAT state shows there).
      if (kind === 'invoice') await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useDeleteAddress(kind: AddressKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(`/addresses/${kind}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesKey(kind) });
      await queryClient.invalidateQueries({ queryKey: ['checkout', 'options'] });
      if (kind === 'invoice') await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
