import {
  NOTIFICATIONS_MAX_LIMIT,
  notificationPath,
  PERMISSIONS,
  type Locale,
  type NotificationsResponse,
  type NotificationType,
} from '@portal/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import {
  listBoundaries,
  type BoundariesOf,
  columnsOf,
  countedPageSql,
  listPage,
  type ListRow,
} from '../../db/paging';
import { preparedSql } from '../../db/prepared';
import { newestUuidKey, pageBySeek } from '../../db/seek-index';
import {
  companies,
  notifications,
  userNotificationCounts,
  users,
  type MailAttachmentRef,
  type NotificationDetail,
} from '../../db/schema';
import type { Config } from '../../config';
import { enqueueMails, outboxInsert, type OutgoingMail } from '../../platform/mail/outbox';
import type { MailTemplate } from '../../platform/mail/template-vars';
import { webUrl } from '../../platform/urls';
import { mailOn } from './preferences';

/** Who hears of each notification type: the permission table's `notifications.<type>`. */
const audienceOf = (type: NotificationType): readonly string[] =>
  PERMISSIONS[`notifications.${type}`];

/** A member who hears of a notification: where and how to mail them. */
interface Recipient {
  id: string;
  email: string;
  firstName: string;
  locale: string;
  preferences: (typeof users.$inferSelect)['notificationPreferences'];
}

/**
 * Writes one notification per active member of the company whose role should know, in the
 * caller's transaction (the notification exists exactly when the change does), and queues the
 * type's e-mail to each of them who kept it switched on, in their language, with a button to
 * where it leads in the portal (`links`: the address links start with). `mailedApart` is a
 * member who gets a fuller mail about the same event from the caller (the buyer of a shipped
 * order): no second mail for them. The members are read, their notifications written and the
 * caller's own `mails` about the event (an order's confirmation) queued in one statement; the
 * members' mails, rendered in their languages, in a second one when any has them switched on.
 */
export async function notifyCompany(
  tx: Executor,
  links: Pick<Config, 'appUrl'>,
  companyId: string,
  type: NotificationType,
  detail: NotificationDetail,
  options: {
    mailedApart?: string;
    /** Only this member hears of it (still if their role should): an approval's purchaser. */
    recipient?: string;
    /** An invoice or credit note the mails attach, in the format the company chose. */
    document?: Pick<MailAttachmentRef, 'document' | 'id'>;
    /** The caller's own mails about the same event, queued with the notifications. */
    mails?: OutgoingMail<MailTemplate>[];
  } = {},
): Promise<number> {
  const audience = and(
    eq(users.companyId, companyId),
    eq(users.status, 'active'),
    inArray(users.role, [...audienceOf(type)]),
    options.recipient ? eq(users.id, options.recipient) : undefined,
  );
  const callerMails = options.mails ?? [];
  const written = (await tx.execute(sql`
    with members as (
      select ${users.id} as "id", ${users.email} as "email", ${users.firstName} as "firstName",
        ${users.locale} as "locale", ${users.notificationPreferences} as "preferences"
      from ${users} where ${audience}
    ), written as (
      insert into ${notifications} (user_id, company_id, type, detail)
      select id, ${companyId}, ${type}, ${JSON.stringify(detail)}::jsonb from members
    )${callerMails.length > 0 ? sql`, mailed as (${outboxInsert(tx, callerMails).getSQL()})` : sql``}
    select * from members`)) as unknown as { rows: Recipient[] };
  const members = written.rows;
  const path = notificationPath(detail) ?? '/notifications';
  const mailed = members.filter(
    (member) => member.id !== options.mailedApart && mailOn(member.preferences, type),
  );
  const attachments =
    options.document && mailed.length > 0
      ? await documentAttachments(tx, companyId, options.document)
      : undefined;
  await enqueueMails(
    tx,
    mailed.map((member) => ({
      to: member.email,
      template: `notification_${type}` as const,
      locale: member.locale as Locale,
      vars: {
        first_name: member.firstName,
        buyer_name: detail.buyer?.full_name ?? '',
        order_number: detail.order?.order_number ?? '',
        invoice_number: detail.invoice?.invoice_number ?? '',
        quote_number: detail.quote?.quote_number ?? '',
        open_url: webUrl(links, member.locale as Locale, path),
      },
      attachments,
    })),
  );
  return members.length;
}

/** The document a company's mails attach, in the format it chose (company details). */
async function documentAttachments(
  tx: Executor,
  companyId: string,
  document: Pick<MailAttachmentRef, 'document' | 'id'>,
): Promise<MailAttachmentRef[]> {
  const [company] = await tx
    .select({ format: companies.invoiceFormat })
    .from(companies)
    .where(eq(companies.id, companyId));
  const format = (company?.format ?? 'pdf') as MailAttachmentRef['format'];
  return [{ ...document, companyId, format }];
}

/**
 * A page of notifications without marking them seen, as one statement: the total and the unseen
 * count (both kept in user_notification_counts) left joined to the page's rows, read from
 * notifications_user_happened_idx alone (it includes every column a page shows, migration 0013)
 * from the nearer end or a remembered boundary, so an empty page still answers the counts. Rows
 * come back as the driver gives them: mapping them through the query builder cost more CPU than
 * the rest of the request.
 */
function notificationListStatement(db: Db, seek = false) {
  const name = seek ? 'notification_list_seek' : 'notification_list';
  return preparedSql<NotificationListRow>(db, name, () => {
    const userId = sql.placeholder('userId');
    const ofUser = eq(notifications.userId, userId);
    const newestFirst = sql`${notifications.happenedAt} desc, ${notifications.id} desc`;
    return countedPageSql({
      counted: sql`(select coalesce(sum(${userNotificationCounts.notifications}), 0)::int as "total",
          coalesce(sum(${userNotificationCounts.version}), 0)::text as "version",
          coalesce(sum(${userNotificationCounts.unseen}), 0)::int as "unseen"
        from ${userNotificationCounts}
        where ${eq(userNotificationCounts.userId, userId)}) as "counted"`,
      page: listPage({
        seek,
        columns: columnsOf(
          notifications.id,
          notifications.type,
          notifications.happenedAt,
          notifications.detail,
          notifications.seenAt,
        ),
        as: 'page',
        from: sql`${notifications}`,
        where: ofUser,
        newestFirst,
        oldestFirst: sql`${notifications.happenedAt} asc, ${notifications.id} asc`,
        sortKey: sql`(${notifications.happenedAt}, ${notifications.id})`,
        boundary: sql`(${sql.placeholder('seekAt')}::timestamptz, ${sql.placeholder('seekId')}::uuid)`,
        total: sql`(select coalesce(sum(${userNotificationCounts.notifications}), 0)::int
          from ${userNotificationCounts} where ${eq(userNotificationCounts.userId, userId)})`,
        maxLimit: NOTIFICATIONS_MAX_LIMIT,
      }),
      columns: sql`"page"."id", "page"."type", "page"."happened_at", "page"."detail", "page"."seen_at"`,
      orderBy: sql`"page"."happened_at" desc, "page"."id" desc`,
    });
  });
}

/** A row of the notification list statement: the counts, and one notification of the page. */
type NotificationListRow = ListRow<
  { total: number; version: string; unseen: number },
  {
    id: string;
    type: NotificationType;
    happened_at: string | Date;
    detail: NotificationDetail;
    seen_at: string | Date | null;
  }
>;

/** The notification list's page boundaries (seek-index.ts), from notifications_user_happened_idx. */
function notificationBoundaries(): BoundariesOf {
  const userId = sql.placeholder('userId');
  return {
    counts: {
      version: userNotificationCounts.version,
      where: eq(userNotificationCounts.userId, userId),
    },
    rows: {
      from: notifications,
      where: eq(notifications.userId, userId),
      at: notifications.happenedAt,
      tie: notifications.id,
    },
  };
}

/**
 * One page of the user's notifications, newest first, with the unseen count and the page
 * count. With `markSeen` the returned notifications are marked seen (in the same transaction,
 * so the unseen count answered, kept by the trigger of that update, already reflects it).
 * Without it nothing is written: the page from notifications_user_happened_idx, the total and
 * the unseen count from user_notification_counts (kept by a trigger), in one statement.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  query: { page: number; limit: number; markSeen: boolean },
): Promise<NotificationsResponse> {
  // The page from notifications_user_happened_idx alone: it includes every column shown.
  const pageOf = (executor: Executor) =>
    executor
      .select({
        id: notifications.id,
        type: notifications.type,
        happenedAt: notifications.happenedAt,
        detail: notifications.detail,
        seenAt: notifications.seenAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.happenedAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
  const countsOf = (executor: Executor) =>
    executor
      .select({
        total: userNotificationCounts.notifications,
        unseen: userNotificationCounts.unseen,
      })
      .from(userNotificationCounts)
      .where(eq(userNotificationCounts.userId, userId));
  const answer = (
    rows: Awaited<ReturnType<typeof pageOf>>,
    total: number,
    unseen: number,
  ): NotificationsResponse => ({
    notifications: rows.map((row) => ({
      _id: row.id,
      type: row.type as NotificationType,
      happened_at: row.happenedAt.toISOString(),
      seen: row.seenAt !== null,
      detail: row.detail,
    })),
    unseen,
    page: query.page,
    totalPage: Math.ceil(total / query.limit),
  });

  if (!query.markSeen) {
    if (query.limit > NOTIFICATIONS_MAX_LIMIT) throw new Error('listNotifications: limit too big');
    const offset = (query.page - 1) * query.limit;
    const values = { userId, limit: query.limit, offset };
    const rows = await pageBySeek({
      db,
      list: `notifications:${userId}`,
      offset,
      newest: newestUuidKey,
      plain: () => notificationListStatement(db)(values),
      compute: (every) =>
        listBoundaries(db, 'notification_bounds', notificationBoundaries, { userId, every }),
      seek: async (boundary, skip) => {
        const page = await notificationListStatement(
          db,
          true,
        )({
          ...values,
          seekAt: boundary.at,
          seekId: boundary.tie,
          skip,
        });
        return { page, version: page[0]?.version ?? null };
      },
    });
    const page = rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              type: row.type,
              happenedAt: new Date(row.happened_at),
              detail: row.detail,
              seenAt: row.seen_at === null ? null : new Date(row.seen_at),
            },
          ],
    );
    return answer(page, rows[0]?.total ?? 0, rows[0]?.unseen ?? 0);
  }
  return db.transaction(async (tx) => {
    const rows = await pageOf(tx);
    const unseenIds = rows.filter((row) => row.seenAt === null).map((row) => row.id);
    if (unseenIds.length) {
      await tx
        .update(notifications)
        .set({ seenAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, unseenIds)));
    }
    const [counts] = await countsOf(tx);
    return answer(rows, counts?.total ?? 0, counts?.unseen ?? 0);
  });
}
