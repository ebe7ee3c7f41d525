import type { ChangePassword, ProfileUpdate, ValidationKey } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { forgetUser, type RequestContext } from '../../platform/auth/guard';
import { revokeOtherSessions } from '../../platform/auth/sessions';
import { checkNewPassword } from '../../platform/auth/password-policy';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { conflict, notFound } from '../../platform/errors';
import { RequestValidationError } from '../../platform/validation';

export interface ProfileDeps {
  db: Db;
  config: Config;
}

/** A 400 naming one field, shaped like the schema validator's, so forms show it by the field. */
export function fieldError(field: string, key: ValidationKey, input: unknown = undefined) {
  return new RequestValidationError([{ code: 'custom', path: [field], message: key, input }]);
}

async function currentUser(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

/** Saves names and email; a new email must be free and needs the current password. */
export async function updateProfile(
  { db }: ProfileDeps,
  ctx: RequestContext,
  input: ProfileUpdate,
) {
  const user = await currentUser(db, ctx.userId);
  const emailChanged = input.email !== user.email.toLowerCase();
  if (emailChanged) {
    if (!input.current_password)
      throw fieldError('current_password', 'validation.current_password_required');
    if (!user.passwordHash || !(await verifyPassword(input.current_password, user.passwordHash))) {
      throw fieldError('current_password', 'validation.wrong_password');
    }
  }
  try {
    await db
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        ...(emailChanged ? { email: input.email } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('errors.email_taken');
    throw error;
  }
}

/** Checks the current password, stores the new one and signs out the user's other sessions. */
export async function changePassword(
  { db, config }: ProfileDeps,
  ctx: RequestContext,
  input: ChangePassword,
) {
  const user = await currentUser(db, ctx.userId);
  if (!user.passwordHash || !(await verifyPassword(input.current_password, user.passwordHash))) {
    throw fieldError('current_password', 'validation.wrong_password');
  }
  await checkNewPassword(input.password, user.passwordHash);
  const passwordHash = await hashPassword(input.password, config.scryptCostLog2);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, ctx.sessionId);
  });
  // Again after the commit: a request racing the transaction may have trusted an old session.
  forgetUser(user.id);
}
