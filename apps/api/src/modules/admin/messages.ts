import type {
  Locale,
  StaffMessage,
  StaffMessageList,
  StaffMessageListQuery,
  StaffMessageRow,
  StaffAlerts,
} from '@portal/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  claims,
  companies,
  contactMessageAnswers,
  contactMessages,
  orders,
  quotes,
  users,
} from '../../db/schema';
import type { RequestContext } from '../../platform/auth/guard';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { recordAudit } from '../audit';
import { findStaffMember } from './staff';

const assignee = alias(users, 'assignee');
const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

const rowColumns = {
  message: contactMessages,
  company: { id: companies.id, name: companies.name },
  sender: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  },
  assignee: { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName },
};

type Row = {
  message: typeof contactMessages.$inferSelect;
  company: { id: string; name: string };
  sender: { id: string; firstName: string; lastName: string; email: string };
  assignee: { id: string; firstName: string; lastName: string } | null;
};

function rowOf(row: Row): StaffMessageRow {
  return {
    _id: row.message.id,
    subject: row.message.subject,
    created_at: row.message.createdAt.toISOString(),
    company: { _id: row.company.id, name: row.company.name },
    sender: { _id: row.sender.id, full_name: fullName(row.sender), email: row.sender.email },
    read: row.message.readAt !== null,
    assigned_to: row.assignee ? { _id: row.assignee.id, full_name: fullName(row.assignee) } : null,
    answered_at: row.message.answeredAt?.toISOString() ?? null,
  };
}

function selectRows(db: Db) {
  return db
    .select(rowColumns)
    .from(contactMessages)
    .innerJoin(companies, eq(companies.id, contactMessages.companyId))
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(assignee, eq(assignee.id, contactMessages.assignedTo));
}

/** `GET /admin/messages`: the inbox, newest first: unread ones, the caller's, or all. */
export async function listMessages(
  db: Db,
  ctx: RequestContext,
  query: StaffMessageListQuery,
): Promise<StaffMessageList> {
  const where =
    query.filter === 'unread'
      ? isNull(contactMessages.readAt)
      : query.filter === 'mine'
        ? eq(contactMessages.assignedTo, ctx.userId)
        : undefined;
  const [rows, [counted], [unread]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
    db.select({ n: count() }).from(quotes).where(eq(quotes.status, 'requested')),
  ]);
  const total = counted?.n ?? 0;
  return {
    items: rows.map(rowOf),
    total,
    page: query.page,
    totalPage: Math.ceil(total / query.limit),
    unread: unread?.n ?? 0,
  };
}

/** `GET /admin/messages/{id}`: the message with the answers staff sent. */
export async function getMessage(db: Db, id: string): Promise<StaffMessage> {
  const [row] = await selectRows(db).where(eq(contactMessages.id, id));
  if (!row) throw notFound('errors.message_not_found');
  const answers = await db
    .select({ answer: contactMessageAnswers, firstName: users.firstName, lastName: users.lastName })
    .from(contactMessageAnswers)
    .innerJoin(users, eq(users.id, contactMessageAnswers.staffUserId))
    .where(eq(contactMessageAnswers.messageId, id))
    .orderBy(asc(contactMessageAnswers.createdAt), asc(contactMessageAnswers.id));
  return {
    ...rowOf(row),
    message: row.message.message,
    locale: row.message.locale,
    answers: answers.map(({ answer, firstName, lastName }) => ({
      _id: answer.id,
      body: answer.body,
      created_at: answer.createdAt.toISOString(),
      by: { _id: answer.staffUserId, full_name: fullName({ firstName, lastName }) },
    })),
  };
}

/** Marks a message read (staff opened it) or back to unread. */
export async function setMessageRead(db: Db, id: string, read: boolean): Promise<StaffMessage> {
  const [changed] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (!changed) throw notFound('errors.message_not_found');
  return getMessage(db, id);
}

/** Assigns a message to a member of staff (an active one), or to nobody. */
export async function assignMessage(
  db: Db,
  ctx: RequestContext,
  id: string,
  staffUserId: string | null,
): Promise<StaffMessage> {
  const before = await getMessage(db, id);
  const staff = staffUserId ? await findStaffMember(db, staffUserId) : null;
  if (staff && staff.status !== 'active') throw conflict('errors.member_not_active');
  await db.transaction(async (tx) => {
    await tx
      .update(contactMessages)
      .set({ assignedTo: staff?._id ?? null })
      .where(eq(contactMessages.id, id));
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'message.assign',
      entityType: 'message',
      entityId: id,
      entityLabel: before.subject,
      before: { assigned_to: before.assigned_to?.full_name ?? null },
      after: { assigned_to: staff?.full_name ?? null },
    });
  });
  return getMessage(db, id);
}

/**
 * Answers a message: mailed to its sender in their language with the question quoted, kept on
 * the message (which is then read and answered), and in the audit log.
 */
export async function answerMessage(
  db: Db,
  ctx: RequestContext,
  id: string,
  body: string,
): Promise<StaffMessage> {
  const message = await getMessage(db, id);
  const [staff] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const [sender] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, message.sender._id));
  await db.transaction(async (tx) => {
    await tx.insert(contactMessageAnswers).values({ messageId: id, staffUserId: ctx.userId, body });
    await tx
      .update(contactMessages)
      .set({
        answeredAt: sql`now()`,
        readAt: sql`coalesce(${contactMessages.readAt}, now())`,
      })
      .where(eq(contactMessages.id, id));
    await enqueueMail(tx, {
      to: message.sender.email,
      template: 'contact_answer',
      locale: message.locale as Locale,
      vars: {
        first_name: sender?.firstName ?? '',
        subject: message.subject,
        message: message.message,
        answer: body,
        staff_name: staff ? fullName(staff) : '',
      },
    });
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'message.answer',
      entityType: 'message',
      entityId: id,
      entityLabel: message.subject,
      after: { answer: body },
    });
  });
  return getMessage(db, id);
}

/** `GET /admin/alerts`: what waits for staff, counted in the indexes of each list. */
export async function staffAlerts(db: Db): Promise<StaffAlerts> {
  const [[registrations], [bankTransfers], [draftClaims], [unread], [toAnswer]] = await Promise.all(
    [
      db.select({ n: count() }).from(companies).where(eq(companies.status, 'pending')),
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.status, 'pending'), eq(orders.paymentMethod, 'banktransfer'))),
      db.select({ n: count() }).from(claims).where(eq(claims.requestStatus, 'draft')),
      db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
      db.select({ n: count() }).from(quotes).where(eq(quotes.status, 'requested')),
    ],
  );
  return {
    registrations: registrations?.n ?? 0,
    bank_transfers: bankTransfers?.n ?? 0,
    claims: draftClaims?.n ?? 0,
    messages: unread?.n ?? 0,
    quotes: toAnswer?.n ?? 0,
  };
}
