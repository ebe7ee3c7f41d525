import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VatCheckResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';
import { meQueryKey } from '../../../shared/auth/me';

/** Which number to check again: the company's, or one invoice entity's. */
export type VatTarget = { kind: 'company' } | { kind: 'invoice'; invoiceId: string };

export function checkVatNumber(target: VatTarget): Promise<VatCheckResponse> {
  const path =
    target.kind === 'company'
      ? '/companies/check-vat-number'
      : `/companies/check-invoice-vat-number/${encodeURIComponent(target.invoiceId)}`;
  return apiRequest<VatCheckResponse>(path, { method: 'POST' });
}

/** SPEC section 4: recheck, then refresh the user, whose VAT dates decide the banners. */
export function useCheckVatNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkVatNumber,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
