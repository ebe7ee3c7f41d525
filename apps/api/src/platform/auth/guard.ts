import { can, type AnyRole, type Locale, type Permission } from '@portal/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { forbidden, unauthorized } from '../errors';
import { ReadTogether } from '../read-together';
import { verifyAccessToken, type AccessTokenClaims } from './tokens';

export const SESSION_COOKIE = 'portal_session';

/** Who is asking: passed to services as their first argument. */
export interface RequestContext {
  userId: string;
  sessionId: string;
  companyId: string | null;
  role: AnyRole;
  locale: Locale;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
  // The httpOnly session cookie authorizes plain links (downloads): safe methods only.
  if (request.method === 'GET' || request.method === 'HEAD') return request.cookies[SESSION_COOKIE];
  return undefined;
}

/** A session found valid in the database: its user as they were then. */
export interface CheckedSession {
  userId: string;
  companyId: string | null;
  role: AnyRole;
  expiresAt: Date;
}

/** How many checked sessions an app holds (the least recently used go first). */
const MAX_CHECKED_SESSIONS = 50_000;

/** The session checks of the apps of this process (one in production; tests run several). */
const sessionChecks = new Set<ReadTogether<CheckedSession>>();

/**
 * Sessions found valid in the database, by session id, trusted for `sessionCheckIntervalMs`, the
 * sessions in use checked again together. This process forgets a session the moment it revokes it
 * or changes its user (sign-out, password change, blocking), so here those take effect on the
 * next request; another API process sees them within the interval.
 */
export function checkSessionsOf(app: FastifyInstance, db: Db, intervalMs: number) {
  const checks = new ReadTogether<CheckedSession>({
    trustMs: intervalMs,
    max: MAX_CHECKED_SESSIONS,
    read: (ids) => validSessions(db, ids),
  });
  sessionChecks.add(checks);
  app.decorate('sessionChecks', checks);
  app.addHook('onClose', () => {
    sessionChecks.delete(checks);
  });
}

/** The sessions of these ids that are open (not revoked, not expired, their user active). */
async function validSessions(db: Db, ids: string[]): Promise<Map<string, CheckedSession>> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      companyId: users.companyId,
      role: users.role,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    );
  return new Map(
    rows.map(({ sessionId, role, ...session }) => [
      sessionId,
      { ...session, role: role as AnyRole },
    ]),
  );
}

/** Forget a session: the next request with its token asks the database. */
export function forgetSession(sessionId: string) {
  for (const checks of sessionChecks) checks.forget(sessionId);
}

/** Forget every session of a user (revoked, blocked, deleted, role or company changed). */
export function forgetUser(userId: string) {
  for (const checks of sessionChecks) checks.forgetWhere((session) => session.userId === userId);
}

async function checkSession(
  server: FastifyInstance,
  sessionId: string,
  userId: string,
): Promise<CheckedSession | null> {
  const session = await server.sessionChecks.get(sessionId);
  if (!session || session.userId !== userId || session.expiresAt.getTime() <= Date.now()) {
    return null;
  }
  return session;
}

/**
 * Tokens whose signature was verified: a signature stays valid, so a token seen again skips the
 * HMAC check (its expiry is still checked on every request).
 */
const verifiedTokens = new LRUCache<string, { secret: Uint8Array; claims: AccessTokenClaims }>({
  max: MAX_CHECKED_SESSIONS,
});

async function verifiedClaims(secret: Uint8Array, token: string) {
  const seen = verifiedTokens.get(token);
  let claims = seen?.secret === secret ? seen.claims : null;
  if (!claims) {
    claims = await verifyAccessToken(secret, token);
    if (!claims) return null;
    verifiedTokens.set(token, { secret, claims });
  }
  return claims.exp * 1000 > Date.now() ? claims : null;
}

/** Checks a token and its session (not revoked, not expired, user active); AUTH_ERROR/401 otherwise. */
export async function resolveToken(
  server: FastifyInstance,
  token: string,
  locale: Locale,
): Promise<RequestContext & { expiresAt: Date }> {
  const claims = await verifiedClaims(server.config.jwtSecret, token);
  if (!claims) throw unauthorized('errors.session_expired');
  const session = await checkSession(server, claims.jti, claims.sub);
  if (!session) throw unauthorized('errors.session_expired');
  return {
    userId: session.userId,
    sessionId: claims.jti,
    companyId: session.companyId,
    role: session.role,
    locale,
    expiresAt: session.expiresAt,
  };
}

/** Resolves the caller from the bearer token (or session cookie); AUTH_ERROR/401 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<RequestContext> {
  if (request.ctx) return request.ctx;
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const { expiresAt: _expiresAt, ...ctx } = await resolveToken(
    request.server,
    token,
    request.locale,
  );
  request.ctx = ctx;
  return ctx;
}

/** A preHandler that lets through only callers whose role has `permission` in the table. */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest) => {
    const ctx = await requireUser(request);
    if (!can(ctx.role, permission)) throw forbidden();
  };
}

/** A preHandler that only requires a signed-in user. */
export async function authenticate(request: FastifyRequest) {
  await requireUser(request);
}

/** The caller's context inside a handler guarded by `authenticate` or `requirePermission`. */
export function contextOf(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthorized();
  return request.ctx;
}
