import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type ResetPasswordChange,
  type SetPasswordRequest,
  type SigninRequest,
  type SigninResponse,
  type SignupRequest,
  type UserStatus,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { companies, sessions, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { forgetSession } from '../../platform/auth/guard';
import { revokeAllSessions } from '../../platform/auth/sessions';
import { checkNewPassword } from '../../platform/auth/password-policy';
import { makeDummyHash, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  consumeSecureKey,
  deadKeyError,
  findSecureKey,
  issueSecureKey,
} from '../../platform/auth/secure-keys';
import { signAccessToken } from '../../platform/auth/tokens';
import { forbidden, notFound, unauthorized } from '../../platform/errors';
import type { MessageKey } from '../../platform/i18n';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailStaffAlert } from '../../platform/mail/staff-alerts';
import { appUrl, webUrl } from '../../platform/urls';
import { findUserByEmail, getMe } from '../users';
import { checkSignInFailures, recordSignInFailure } from './sign-in-limit';

export interface AuthDeps {
  db: Db;
  config: Config;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  locale: Locale;
}

const statusMessage: Partial<Record<UserStatus, MessageKey>> = {
  pending: 'errors.account_pending',
  inactive: 'errors.account_inactive',
  blocked: 'errors.account_blocked',
  deleted: 'errors.account_deleted',
};

const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(costLog2: number) {
  let hash = dummyHashes.get(costLog2);
  if (!hash) {
    hash = makeDummyHash(costLog2);
    dummyHashes.set(costLog2, hash);
  }
  return hash;
}

async function companyStatus(db: Db, companyId: string): Promise<string | undefined> {
  const [company] = await db
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.status;
}

/** Checks the password, then the account's and its company's status, and opens a session. */
export async function signIn(
  { db, config }: AuthDeps,
  { email, password }: SigninRequest,
  client: ClientInfo,
): Promise<SigninResponse> {
  await checkSignInFailures(db, email, config.signInFailureLimit);
  const user = await findUserByEmail(db, email);
  // An unknown email costs the same scrypt work as a wrong password.
  const passwordOk = await verifyPassword(
    password,
    user?.passwordHash ?? (await dummyHash(config.scryptCostLog2)),
  );
  if (!user || !user.passwordHash || !passwordOk) {
    await recordSignInFailure(db, config, email, config.signInFailureLimit);
    throw unauthorized('errors.invalid_credentials');
  }
  const blocked = statusMessage[user.status as UserStatus];
  if (blocked) throw forbidden(blocked);
  if (user.companyId && (await companyStatus(db, user.companyId)) === 'blocked') {
    throw forbidden('errors.company_blocked');
  }

  const expiresAt = new Date(Date.now() + config.accessTokenTtlSeconds * 1000);
  const [session] = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ locale: client.locale, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    return tx
      .insert(sessions)
      .values({
        userId: user.id,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500),
      })
      .returning({ id: sessions.id });
  });
  if (!session) throw new Error('session insert returned nothing');
  const accessToken = await signAccessToken(config.jwtSecret, user.id, session.id, expiresAt);
  return { access_token: accessToken, user: await getMe(db, config, user.id) };
}

/** Revokes the session of the token: the same token is refused from now on. */
export async function signOut(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
  forgetSession(sessionId);
}

/**
 * Tells the holder of an address that someone tried to sign up with it. The sign-up itself
 * answers as for a new address, so nobody learns from it which addresses have accounts.
 */
async function mailExistingAccount(db: Executor, config: Config, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  await enqueueMail(db, {
    to: user.email,
    template: 'account_exists',
    locale,
    vars: {
      first_name: user.firstName,
      sign_in_url: webUrl(config, locale, '/sign-in'),
      reset_url: webUrl(config, locale, '/forgot-password'),
    },
  });
}

/**
 * Registers a company with its owner, both pending until staff approve; mails both sides. An
 * address that already has an account gets a mail instead, and the caller the same answer
 * after the same work (the password is hashed either way).
 */
export async function signUp({ db, config }: AuthDeps, input: SignupRequest, locale: Locale) {
  await checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password, config.scryptCostLog2);
  if (await findUserByEmail(db, input.email)) {
    await mailExistingAccount(db, config, input.email);
    return;
  }
  try {
    await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.company_name,
          companyRegisterNumber: input.company_register_number,
          vatNumber: input.vat_number,
          country: input.country,
          city: input.city,
          postcode: input.postcode,
          street: input.street,
          houseNumber: input.house_number,
          status: 'pending',
        })
        .returning({ id: companies.id });
      if (!company) throw new Error('company insert returned nothing');
      await tx.insert(users).values({
        companyId: company.id,
        email: input.email,
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone || null,
        passwordHash,
        role: 'owner',
        status: 'pending',
        locale,
      });
      await enqueueMail(tx, {
        to: input.email,
        template: 'registration_received',
        locale,
        vars: { first_name: input.first_name, company: input.company_name },
      });
      await enqueueMail(tx, {
        to: config.staffEmail,
        template: 'registration_staff',
        locale: DEFAULT_LOCALE,
        vars: {
          company: input.company_name,
          vat_number: input.vat_number,
          country: input.country,
          applicant_name: `${input.first_name} ${input.last_name}`,
          applicant_email: input.email,
          review_url: `${appUrl(config)}/admin/registrations`,
        },
      });
      await mailStaffAlert(tx, 'registrations', (staffLocale, firstName) => ({
        first_name: firstName,
        company: input.company_name,
        country: input.country,
        review_url: webUrl(config, staffLocale, '/admin/customers?status=pending'),
      }));
    });
  } catch (error) {
    // Registered by a concurrent sign-up meanwhile: the same neutral answer.
    if (isUniqueViolation(error)) return mailExistingAccount(db, config, input.email);
    throw error;
  }
}

/** The invited member (or member of staff, with no company) behind a live invitation key. */
export async function checkInvitation(db: Db, key: string) {
  const found = await findSecureKey(db, key, 'invitation');
  if (!found) throw await deadKeyError(db, key);
  const [row] = await db
    .select({
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      company: companies.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, found.userId), eq(users.status, 'pending')))
    .limit(1);
  if (!row) throw notFound('errors.key_invalid');
  return row;
}

/** Sets an invited (still pending) member's password and activates them; the key is used up. */
export async function acceptInvitation(
  { db, config }: AuthDeps,
  key: string,
  { password }: SetPasswordRequest,
) {
  await checkNewPassword(password);
  const passwordHash = await hashPassword(password, config.scryptCostLog2);
  await db.transaction(async (tx) => {
    const userId = await consumeSecureKey(tx, key, 'invitation');
    if (!userId) throw await deadKeyError(tx, key);
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, status: 'active', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.status, 'pending')))
      .returning({ id: users.id });
    if (!updated) throw notFound('errors.key_invalid');
  });
}

/** Sends a reset link to an active account; answers the same whether or not the email exists. */
export async function requestPasswordReset({ db, config }: AuthDeps, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== 'active' || !user.passwordHash) return;
  const locale = (user.locale as Locale) ?? DEFAULT_LOCALE;
  await db.transaction(async (tx) => {
    const key = await issueSecureKey(tx, user.id, 'reset_password');
    await enqueueMail(tx, {
      to: user.email,
      template: 'password_reset',
      locale,
      vars: {
        first_name: user.firstName,
        reset_url: `${webUrl(config, locale, '/set-password')}?type=reset&key=${key}`,
        expires_minutes: 60,
      },
    });
  });
}

/** Tells whether a key is live, for which purpose and account. */
export async function checkSecureKey(db: Db, key: string) {
  const found = await findSecureKey(db, key);
  if (!found) throw await deadKeyError(db, key);
  return {
    valid: true as const,
    purpose: found.purpose as 'invitation' | 'reset_password',
    email: found.email,
  };
}

/** Sets a new password from a reset key and signs the user out everywhere. */
export async function changePasswordWithKey({ db, config }: AuthDeps, input: ResetPasswordChange) {
  const found = await findSecureKey(db, input.key, 'reset_password');
  if (!found) throw await deadKeyError(db, input.key);
  const [current] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, found.userId));
  await checkNewPassword(input.password, current?.passwordHash ?? null);
  const passwordHash = await hashPassword(input.password, config.scryptCostLog2);
  await db.transaction(async (tx) => {
    const userId = await consumeSecureKey(tx, input.key, 'reset_password');
    if (!userId) throw await deadKeyError(tx, input.key);
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
}
