import { isStaffRole, type AnyRole } from '@portal/contract';

/** Where the shop's staff start: the back office's order list. */
export const STAFF_HOME_PATH = '/admin/orders';

/** The screen a role starts on after sign-in: staff have no company dashboard. */
export function homePathOf(role: AnyRole | null | undefined): string {
  return isStaffRole(role) ? STAFF_HOME_PATH : '/';
}
