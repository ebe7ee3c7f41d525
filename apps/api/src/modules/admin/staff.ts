import {
  SECURE_KEY_TTL_SECONDS,
  STAFF_ROLES,
  type Locale,
  type StaffInvite,
  type StaffMember,
  type StaffMemberList,
  type StaffRole,
  type StaffUpdate,
  type UserStatus,
} from '@portal/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sessions, users } from '../../db/schema';
import { forgetUser, type RequestContext } from '../../platform/auth/guard';
import { issueSecureKey, voidSecureKeys } from '../../platform/auth/secure-keys';
import { revokeAllSessions } from '../../platform/auth/sessions';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { webUrl } from '../../platform/urls';
import { recordAudit } from '../audit';
import { findUserByEmail } from '../users';

const isStaff = and(isNull(users.companyId), inArray(users.role, [...STAFF_ROLES]));

/** When a user last signed in (their newest session), as a column of a users query. */
export const lastSignIn = sql<Date | null>`(select max(s.created_at) from ${sessions} s
  where s.user_id = ${users}.id)`.mapWith((value: string | Date | null) =>
  value === null ? null : new Date(value),
);

function memberOf(row: typeof users.$inferSelect, lastSignInAt: Date | null): StaffMember {
  return {
    _id: row.id,
    full_name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    role: row.role as StaffRole,
    status: row.status as UserStatus,
    last_sign_in_at: lastSignInAt?.toISOString() ?? null,
  };
}

/** The shop's staff accounts (no company), by name. */
export async function listStaff(db: Db): Promise<StaffMemberList> {
  const rows = await db
    .select({ user: users, lastSignIn })
    .from(users)
    .where(isStaff)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return { items: rows.map((row) => memberOf(row.user, row.lastSignIn)) };
}

/** A member of the shop's staff; 404 for anyone else. */
export async function findStaffMember(db: Executor, userId: string): Promise<StaffMember> {
  const [row] = await db
    .select({ user: users, lastSignIn })
    .from(users)
    .where(and(eq(users.id, userId), isStaff));
  if (!row) throw notFound('errors.user_not_found');
  return memberOf(row.user, row.lastSignIn);
}

/**
 * Invites a member of staff: a pending account without a company and a mail with a link to set
 * a password (valid 7 days). An e-mail address anyone already uses is taken.
 */
export async function inviteStaff(
  { db, config }: { db: Db; config: Config },
  ctx: RequestContext,
  input: StaffInvite,
): Promise<StaffMember> {
  if (await findUserByEmail(db, input.email)) throw conflict('errors.email_taken');
  const [inviter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          companyId: null,
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          role: input.role,
          status: 'pending',
          locale: ctx.locale,
        })
        .returning();
      if (!row) throw new Error('staff insert returned nothing');
      const key = await issueSecureKey(tx, row.id, 'invitation');
      const locale = ctx.locale as Locale;
      await enqueueMail(tx, {
        to: row.email,
        template: 'staff_invitation',
        locale,
        vars: {
          first_name: row.firstName,
          inviter_name: inviter ? `${inviter.firstName} ${inviter.lastName}` : '',
          set_password_url: `${webUrl(config, locale, '/set-password')}?type=invitation&key=${key}`,
          expires_days: Math.round(SECURE_KEY_TTL_SECONDS.invitation / 86_400),
        },
      });
      await recordAudit(tx, {
        staffUserId: ctx.userId,
        action: 'staff.invite',
        entityType: 'staff',
        entityId: row.id,
        entityLabel: row.email,
        after: { role: row.role, status: row.status },
      });
      return row.id;
    });
    return findStaffMember(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.email_taken');
    throw error;
  }
}

/**
 * Changes a member of staff's role or deactivates (or reactivates) them: a deactivated member's
 * sessions and open links end at once. Admins cannot lock themselves out, and the shop always
 * keeps an active admin.
 */
export async function updateStaff(
  db: Db,
  ctx: RequestContext,
  userId: string,
  input: StaffUpdate,
): Promise<StaffMember> {
  const before = await findStaffMember(db, userId);
  if (
    userId === ctx.userId &&
    ((input.role && input.role !== 'admin') || input.status === 'inactive')
  ) {
    throw conflict('errors.cannot_lock_yourself_out_staff');
  }
  if (input.status === 'active' && before.status === 'pending') {
    throw conflict('errors.member_invitation_pending');
  }
  await db.transaction(async (tx) => {
    // One change of the staff at a time: two admins cannot demote each other at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff accounts'))`);
    const [row] = await tx
      .update(users)
      .set({
        ...(input.role ? { role: input.role } : {}),
        ...(input.status ? { status: input.status } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), isStaff))
      .returning();
    if (!row) throw notFound('errors.user_not_found');
    const [admins] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(isStaff, eq(users.role, 'admin'), eq(users.status, 'active')));
    if (!admins?.n) throw conflict('errors.last_admin');
    if (row.status !== 'active') await revokeAllSessions(tx, row.id);
    if (row.status !== before.status) await voidSecureKeys(tx, row.id);
    await recordAudit(tx, {
      staffUserId: ctx.userId,
      action: 'staff.update',
      entityType: 'staff',
      entityId: row.id,
      entityLabel: row.email,
      before: { role: before.role, status: before.status },
      after: { role: row.role, status: row.status },
    });
  });
  // A new role takes effect at the next request: the session cache forgets the old one.
  forgetUser(userId);
  return findStaffMember(db, userId);
}
