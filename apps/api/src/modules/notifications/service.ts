import {
  PERMISSIONS,
  type Locale,
  type NotificationsResponse,
  type NotificationType,
} from '@portal/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { notifications, users, type NotificationDetail } from '../../db/schema';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailOn } from './preferences';

/** Who hears of each notification type: the permission table's `notifications.<type>`. */
const audienceOf = (type: NotificationType): readonly string[] =>
  PERMISSIONS[`notifications.${type}`];

/**
 * Writes one notification per active member of the company whose role should know, in the
 * caller's transaction (the notification exists exactly when the change does), and queues the
 * type's e-mail to each of them who kept it switched on, in their language. `mailedApart` is a
 * member who gets a fuller mail about the same event from the caller (the buyer of a shipped
 * order): no second mail for them.
 */
export async function notifyCompany(
  tx: Executor,
  companyId: string,
  type: NotificationType,
  detail: NotificationDetail,
  options: { mailedApart?: string } = {},
): Promise<number> {
  const members = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      preferences: users.notificationPreferences,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        inArray(users.role, [...audienceOf(type)]),
      ),
    );
  if (members.length === 0) return 0;
  await tx
    .insert(notifications)
    .values(members.map((member) => ({ userId: member.id, companyId, type, detail })));
  for (const member of members) {
    if (member.id === options.mailedApart || !mailOn(member.preferences, type)) continue;
    await enqueueMail(tx, {
      to: member.email,
      template: `notification_${type}`,
      locale: member.locale as Locale,
      vars: {
        first_name: member.firstName,
        buyer_name: detail.buyer?.full_name ?? '',
        order_number: detail.order?.order_number ?? '',
        invoice_number: detail.invoice?.invoice_number ?? '',
      },
    });
  }
  return members.length;
}

/**
 * One page of the user's notifications, newest first, with the unseen count and the page
 * count. With `markSeen` the returned notifications are marked seen (in the same transaction,
 * so the unseen count answered already reflects it).
 */
export async function listNotifications(
  db: Db,
  userId: string,
  query: { page: number; limit: number; markSeen: boolean },
): Promise<NotificationsResponse> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.happenedAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const unseenIds = rows.filter((row) => row.seenAt === null).map((row) => row.id);
    if (query.markSeen && unseenIds.length) {
      await tx
        .update(notifications)
        .set({ seenAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, unseenIds)));
    }
    const [counts] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        unseen: sql<number>`(count(*) filter (where ${notifications.seenAt} is null))::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    const total = counts?.total ?? 0;
    return {
      notifications: rows.map((row) => ({
        _id: row.id,
        type: row.type as NotificationType,
        happened_at: row.happenedAt.toISOString(),
        seen: row.seenAt !== null,
        detail: row.detail,
      })),
      unseen: counts?.unseen ?? 0,
      page: query.page,
      totalPage: Math.ceil(total / query.limit),
    };
  });
}
