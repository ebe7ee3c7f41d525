import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Approval,
  ApprovalApprove,
  ApprovalPage,
  ApprovalStatus,
  Budget,
  BudgetList,
  BudgetUpdate,
  Locale,
} from '@portal/contract';
import { cartQueryKey } from '../../../shared/api/cart';
import { apiRequest } from '../../../shared/api/client';

/** Order approvals and budgets, kept by the server (packages/contract/src/approvals.ts). */
const approvalsKey = ['order-approvals'] as const;
const budgetsKey = ['budgets'] as const;

export function useApprovals(status: ApprovalStatus | null, page: number) {
  return useQuery({
    queryKey: [...approvalsKey, 'page', status, page],
    queryFn: ({ signal }) =>
      apiRequest<ApprovalPage>(
        `/order-approvals?page=${page}${status ? `&status=${status}` : ''}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useApproval(id: string, locale: Locale) {
  return useQuery({
    queryKey: [...approvalsKey, 'one', id, locale],
    queryFn: ({ signal }) => apiRequest<Approval>(`/order-approvals/${id}`, { signal }),
  });
}

export type ApprovalDecision =
  | ({ action: 'approve' } & ApprovalApprove)
  | { action: 'decline'; comment: string }
  | { action: 'withdraw' };

/** Approve, decline or withdraw; the lists, budgets and (after a withdrawal) the cart refresh. */
export function useDecideApproval(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: ApprovalDecision) =>
      apiRequest<Approval>(`/order-approvals/${id}/${action}`, {
        method: 'POST',
        body: action === 'withdraw' ? undefined : body,
      }),
    onSuccess: async (_approval, decision) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsKey }),
        queryClient.invalidateQueries({ queryKey: budgetsKey }),
        decision.action === 'withdraw'
          ? queryClient.invalidateQueries({ queryKey: cartQueryKey })
          : undefined,
      ]);
    },
  });
}

export function useBudgets() {
  return useQuery({
    queryKey: budgetsKey,
    queryFn: ({ signal }) => apiRequest<BudgetList>('/budgets', { signal }),
  });
}

export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...body }: BudgetUpdate & { memberId: string }) =>
      apiRequest<Budget>(`/budgets/${memberId}`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetsKey }),
  });
}
