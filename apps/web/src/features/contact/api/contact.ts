import { useMutation } from '@tanstack/react-query';
import type { ContactMessage, MessageResponse } from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export function sendContactMessage(body: ContactMessage): Promise<MessageResponse> {
  // The dialog shows its own failure toast (SPEC section 8), so the client stays silent.
  return apiRequest<MessageResponse>('/users/contact-us', { method: 'POST', body, silent: true });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
