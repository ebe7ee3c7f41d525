import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SignupRequest } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export function signUp(body: SignupRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/signup', { method: 'POST', body, auth: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
