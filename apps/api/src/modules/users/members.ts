import {
  SECURE_KEY_TTL_SECONDS,
  type InviteMember,
  type Locale,
  type Member,
  type MemberList,
  type MemberUpdate,
  type Role,
  type UserStatus,
} from '@portal/contract';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { companies, users } from '../../db/schema';
import { forgetUser, type RequestContext } from '../../platform/auth/guard';
import { revokeAllSessions } from '../../platform/auth/sessions';
import { issueSecureKey, liveKeyExpiries, voidSecureKeys } from '../../platform/auth/secure-keys';
import { conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { webUrl } from '../../platform/urls';

import { findUserByEmail } from './service';

export interface MemberDeps {
  db: Db;
  config: Config;
}

type UserRow = typeof users.$inferSelect;

const notDeleted = ne(users.status, 'deleted');

function toMember(user: UserRow, invitationExpiresAt: Date | undefined): Member {
  return {
    _id: user.id,
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    role: user.role as Role,
    status: user.status as UserStatus,
    created_at: user.createdAt.toISOString(),
    invitation_expires_at:
      user.status === 'pending' && invitationExpiresAt ? invitationExpiresAt.toISOString() : null,
  };
}

async function withInvitations(db: Executor, rows: UserRow[]): Promise<Member[]> {
  const pending = rows.filter((row) => row.status === 'pending').map((row) => row.id);
  const expiries = await liveKeyExpiries(db, pending, 'invitation');
  return rows.map((row) => toMember(row, expiries.get(row.id)));
}

/** Another company's id is not found, never forbidden. */
function ownCompanyId(ctx: RequestContext, companyId: string): string {
  if (!ctx.companyId || ctx.companyId !== companyId) throw notFound();
  return companyId;
}

/** The company's members (deleted ones left out), oldest first, paginated in the database. */
export async function listMembers(
  db: Db,
  ctx: RequestContext,
  companyId: string,
  page: number,
  limit: number,
): Promise<MemberList> {
  const where = and(eq(users.companyId, ownCompanyId(ctx, companyId)), notDeleted);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: await withInvitations(db, rows),
    total,
    page,
    totalPage: Math.max(1, Math.ceil(total / limit)),
  };
}

async function findMember(db: Executor, ctx: RequestContext, id: string) {
  if (!ctx.companyId) throw notFound();
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, ctx.companyId), notDeleted))
    .limit(1);
  if (!member) throw notFound();
  return member;
}

/** One member of the caller's company. */
export async function getMember(db: Db, ctx: RequestContext, id: string): Promise<Member> {
  const [member] = await withInvitations(db, [await findMember(db, ctx, id)]);
  if (!member) throw notFound();
  return member;
}

/** Serializes member changes of one company, so two owners cannot demote each other at once. */
async function lockCompany(tx: Executor, companyId: string) {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update')
    .limit(1);
  if (!company) throw notFound();
  return company;
}

/** SPEC: a company always keeps at least one active owner. */
async function requireActiveOwner(tx: Executor, companyId: string) {
  const [owners] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.role, 'owner'), eq(users.status, 'active')),
    );
  if (!owners?.n) throw conflict('errors.last_owner');
}

async function sendInvitation(
  tx: Executor,
  config: Config,
  member: { id: string; email: string; firstName: string; locale: string },
  company: string,
  inviterName: string,
) {
  const key = await issueSecureKey(tx, member.id, 'invitation');
  const locale = member.locale as Locale;
  await enqueueMail(tx, {
    to: member.email,
    template: 'invitation',
    locale,
    vars: {
      first_name: member.firstName,
      company,
      inviter_name: inviterName,
      set_password_url: `${webUrl(config, locale, '/set-password')}?type=invitation&key=${key}`,
      expires_days: Math.round(SECURE_KEY_TTL_SECONDS.invitation / 86_400),
    },
  });
}

async function inviterName(db: Executor, ctx: RequestContext) {
  const [inviter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .limit(1);
  return inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '';
}

/**
 * Invites a member: a pending account and a mail with a link to set a password (valid 7 days).
 * Inviting someone again who has not accepted yet (or was deleted from this company) sends a
 * fresh link and voids the old one; an email used by anyone else is taken.
 */
export async function inviteMember(
  { db, config }: MemberDeps,
  ctx: RequestContext,
  companyId: string,
  input: InviteMember,
): Promise<Member> {
  ownCompanyId(ctx, companyId);
  const existing = await findUserByEmail(db, input.email);
  const reinvite =
    existing?.companyId === companyId &&
    (existing.status === 'deleted' || (existing.status === 'pending' && !existing.passwordHash));
  if (existing && !reinvite) throw conflict('errors.email_taken');
  const sender = await inviterName(db, ctx);
  try {
    const member = await db.transaction(async (tx) => {
      const company = await lockCompany(tx, companyId);
      const values = {
        firstName: input.first_name,
        lastName: input.last_name,
        role: input.role,
        status: 'pending',
        passwordHash: null,
        locale: ctx.locale,
        updatedAt: sql`now()`,
      };
      const [row] = existing
        ? await tx.update(users).set(values).where(eq(users.id, existing.id)).returning()
        : await tx
            .insert(users)
            .values({ ...values, companyId, email: input.email })
            .returning();
      if (!row) throw new Error('member insert returned nothing');
      await sendInvitation(tx, config, row, company.name, sender);
      return row;
    });
    const [answer] = await withInvitations(db, [member]);
    if (!answer) throw notFound();
    return answer;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.email_taken');
    throw error;
  }
}

/**
 * Edits a member (names, email, role, status). Owners cannot lock themselves out, the company
 * keeps an active owner, and a member who is no longer active is signed out everywhere at once.
 */
export async function updateMember(
  { db, config }: MemberDeps,
  ctx: RequestContext,
  id: string,
  input: MemberUpdate,
): Promise<Member> {
  const sender = await inviterName(db, ctx);
  try {
    const updated = await db.transaction(async (tx) => {
      if (!ctx.companyId) throw notFound();
      const company = await lockCompany(tx, ctx.companyId);
      const member = await findMember(tx, ctx, id);
      if (member.id === ctx.userId && (input.role !== 'owner' || input.status !== 'active')) {
        throw conflict('errors.cannot_lock_yourself_out');
      }
      const invited = member.status === 'pending' && !member.passwordHash;
      if (input.status === 'pending' && member.status !== 'pending') {
        throw conflict('errors.member_not_pending');
      }
      if (invited && input.status === 'active') throw conflict('errors.member_invitation_pending');
      const emailChanged = input.email !== member.email.toLowerCase();
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.first_name,
          lastName: input.last_name,
          email: emailChanged ? input.email : member.email,
          role: input.role,
          status: input.status,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, member.id))
        .returning();
      if (!row) throw notFound();
      await requireActiveOwner(tx, ctx.companyId);
      if (row.status !== 'active') await revokeAllSessions(tx, row.id);
      if (row.status !== member.status) await voidSecureKeys(tx, row.id);
      // The link went to the old address: the new one gets its own, the old one stops working.
      if (emailChanged && invited && row.status === 'pending') {
        await sendInvitation(tx, config, row, company.name, sender);
      }
      return row;
    });
    forgetUser(updated.id);
    const [answer] = await withInvitations(db, [updated]);
    if (!answer) throw notFound();
    return answer;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.email_taken');
    throw error;
  }
}

/** Soft-deletes a member (status deleted, orders kept) and signs them out everywhere. */
export async function deleteMember(db: Db, ctx: RequestContext, id: string) {
  await db.transaction(async (tx) => {
    if (!ctx.companyId) throw notFound();
    await lockCompany(tx, ctx.companyId);
    const member = await findMember(tx, ctx, id);
    if (member.id === ctx.userId) throw conflict('errors.cannot_lock_yourself_out');
    await tx
      .update(users)
      .set({ status: 'deleted', updatedAt: sql`now()` })
      .where(eq(users.id, member.id));
    await requireActiveOwner(tx, ctx.companyId);
    await revokeAllSessions(tx, member.id);
    await voidSecureKeys(tx, member.id);
  });
  forgetUser(id);
}
