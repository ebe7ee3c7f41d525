import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, isLocale } from '@portal/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/outbox';
import { webUrl } from '../../platform/urls';
import { findUserByEmail } from '../users';

const WINDOW_SECONDS = 3600;

const keyOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/**
 * Refuses a sign-in to an address that failed `limit` times in the last hour, whoever tries
 * and from wherever (the per-address limit counts attempts from every client address), until
 * the oldest of those failures is an hour old. Addresses without an account are counted alike.
 */
export async function checkSignInFailures(db: Executor, email: string, limit: number) {
  const [row] = await db
    .select({ failures: sql<number>`count(*)::int`, oldest: sql<string | null>`min(failed_at)` })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.emailKey, keyOf(email)),
        gt(signInFailures.failedAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`),
      ),
    );
  if (!row || row.failures < limit || !row.oldest) return;
  const waitMs = new Date(row.oldest).getTime() + WINDOW_SECONDS * 1000 - Date.now();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = new AppError('RATE_LIMITED', 'errors.rate_limited', { seconds });
  error.retryAfterSeconds = seconds;
  throw error;
}

/**
 * Records a failed sign-in. The failure that reaches the limit mails the account's holder
 * (once an hour at most, as only that one failure reaches it), if the address has an account.
 */
export async function recordSignInFailure(
  db: Executor,
  config: Config,
  email: string,
  limit: number,
) {
  const emailKey = keyOf(email);
  await db
    .delete(signInFailures)
    .where(
      and(
        eq(signInFailures.emailKey, emailKey),
        lt(signInFailures.failedAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`),
      ),
    );
  await db.insert(signInFailures).values({ emailKey });
  const [row] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(eq(signInFailures.emailKey, emailKey));
  if (row?.failures !== limit) return;
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active') return;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  await enqueueMail(db, {
    to: user.email,
    template: 'sign_in_attempts',
    locale,
    vars: {
      first_name: user.firstName,
      failures: limit,
      reset_url: webUrl(config, locale, '/forgot-password'),
    },
  });
}
