import type { ClaimKind } from '@portal/contract';

/** The app path of each kind's list; the detail and the form hang below it. */
export const KIND_PATH: Record<ClaimKind, string> = {
  return: '/returns',
  warranty: '/warranty',
};
