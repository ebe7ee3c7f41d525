import { PERMISSIONS, type NotificationType } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notifications, users, type NotificationDetail } from '../../db/schema';

/** Who hears of each notification type: the roles that may see what it is about. */
const AUDIENCE: Record<NotificationType, readonly string[]> = {
  new_order: PERMISSIONS['orders.view'],
  order_is_shipped: PERMISSIONS['orders.view'],
  new_invoice: PERMISSIONS['invoices.view'],
  new_creditmemo: PERMISSIONS['invoices.view'],
  replacement_sent: PERMISSIONS['warranty.view'],
};

/**
 * Writes one notification per active member of the company whose role should know, in the
 * caller's transaction (the notification exists exactly when the change does).
 */
export async function notifyCompany(
  tx: Executor,
  companyId: string,
  type: NotificationType,
  detail: NotificationDetail,
): Promise<number> {
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        inArray(users.role, [...AUDIENCE[type]]),
      ),
    );
  if (members.length === 0) return 0;
  await tx
    .insert(notifications)
    .values(members.map((member) => ({ userId: member.id, companyId, type, detail })));
  return members.length;
}
