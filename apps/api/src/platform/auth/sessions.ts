import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';
import { forgetUser } from './guard';

/** Revokes every open session of a user (password reset, and later blocking or deleting). */
export async function revokeAllSessions(db: Executor, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  forgetUser(userId);
}

/** Revokes every open session of a user but `keepSessionId` (password change: the others sign out). */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)),
    );
  forgetUser(userId);
}
