import type {
  InvitationCheckResponse,
  MessageResponse,
  SetPasswordRequest,
} from '@portal/contract';
import { apiRequest } from '../../../shared/api/client';

export function checkInvitation(key: string): Promise<InvitationCheckResponse> {
  return apiRequest<InvitationCheckResponse>(`/auth/invitation/check/${encodeURIComponent(key)}`, {
    auth: false,
  });
}

export function setInvitationPassword(
  key: string,
  body: SetPasswordRequest,
): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/auth/invitation/password/${encodeURIComponent(key)}`, {
    method: 'POST',
    body,
    auth: false,
  });
}
