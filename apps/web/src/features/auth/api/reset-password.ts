import { useMutation } from '@tanstack/react-query';
import type {
  CheckSecureKeyResponse,
  MessageResponse,
  ResetPasswordChange,
  ResetPasswordRequest,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

/** Always answers the same neutral message, whether or not the e-mail exists. */
export function requestPasswordReset(body: ResetPasswordRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/reset-password/request', {
    method: 'POST',
    body,
    auth: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function checkResetKey(key: string): Promise<CheckSecureKeyResponse> {
  return apiRequest<CheckSecureKeyResponse>(
    `/auth/check-secure-key?key=${encodeURIComponent(key)}`,
    { auth: false },
  );
}

export function changePassword(body: ResetPasswordChange): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/reset-password/change', {
    method: 'POST',
    body,
    auth: false,
  });
}
