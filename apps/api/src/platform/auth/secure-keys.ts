import { createHash, randomBytes } from 'node:crypto';
import { SECURE_KEY_TTL_SECONDS, type SecureKeyPurpose } from '@portal/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { secureKeys, users } from '../../db/schema';
import { notFound } from '../errors';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Issues a random single-use key; only its hash is stored. Earlier unused keys of the purpose are voided. */
export async function issueSecureKey(
  db: Executor,
  userId: string,
  purpose: SecureKeyPurpose,
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db
    .update(secureKeys)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(secureKeys.userId, userId),
        eq(secureKeys.purpose, purpose),
        isNull(secureKeys.usedAt),
      ),
    );
  await db.insert(secureKeys).values({
    userId,
    purpose,
    keyHash: hashKey(key),
    expiresAt: new Date(Date.now() + SECURE_KEY_TTL_SECONDS[purpose] * 1000),
  });
  return key;
}

/**
 * Voids every open key of a user (invitation, password reset): a change of status must not
 * leave a link behind that activates or signs in someone the owner just turned off.
 */
export async function voidSecureKeys(db: Executor, userId: string): Promise<void> {
  await db
    .update(secureKeys)
    .set({ usedAt: sql`now()` })
    .where(and(eq(secureKeys.userId, userId), isNull(secureKeys.usedAt)));
}

const live = (key: string, purpose?: SecureKeyPurpose) =>
  and(
    eq(secureKeys.keyHash, hashKey(key)),
    isNull(secureKeys.usedAt),
    gt(secureKeys.expiresAt, sql`now()`),
    purpose ? eq(secureKeys.purpose, purpose) : undefined,
  );

/** The user a live (unused, unexpired) key belongs to, without using it up. */
export async function findSecureKey(db: Executor, key: string, purpose?: SecureKeyPurpose) {
  const [row] = await db
    .select({
      userId: secureKeys.userId,
      purpose: secureKeys.purpose,
      email: users.email,
    })
    .from(secureKeys)
    .innerJoin(users, eq(users.id, secureKeys.userId))
    .where(live(key, purpose))
    .limit(1);
  return row ?? null;
}

/**
 * The 404 for a key that is not live, saying why when the key is known: used (or voided, or
 * replaced by a newer link), or expired. Whoever holds the key may learn what became of it.
 */
export async function deadKeyError(db: Executor, key: string) {
  const [row] = await db
    .select({
      used: sql<boolean>`${secureKeys.usedAt} is not null`,
      expired: sql<boolean>`${secureKeys.expiresAt} <= now()`,
    })
    .from(secureKeys)
    .where(eq(secureKeys.keyHash, hashKey(key)))
    .limit(1);
  if (row?.used) return notFound('errors.key_used');
  if (row?.expired) return notFound('errors.key_expired');
  return notFound('errors.key_invalid');
}

/** Uses the key up atomically: of two concurrent uses, exactly one gets the user id. */
export async function consumeSecureKey(
  db: Executor,
  key: string,
  purpose: SecureKeyPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(secureKeys)
    .set({ usedAt: sql`now()` })
    .where(live(key, purpose))
    .returning({ userId: secureKeys.userId });
  return row?.userId ?? null;
}

/** When the live (unused, unexpired) key of `purpose` of each user expires, by user id. */
export async function liveKeyExpiries(
  db: Executor,
  userIds: string[],
  purpose: SecureKeyPurpose,
): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: secureKeys.userId, expiresAt: secureKeys.expiresAt })
    .from(secureKeys)
    .where(
      and(
        inArray(secureKeys.userId, userIds),
        eq(secureKeys.purpose, purpose),
        isNull(secureKeys.usedAt),
        gt(secureKeys.expiresAt, sql`now()`),
      ),
    );
  return new Map(rows.map((row) => [row.userId, row.expiresAt]));
}
