import { can, type AnyRole, type Locale, type Permission } from '@portal/contract';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sessions, users } from '../../db/schema';
import { forbidden, unauthorized } from '../errors';
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

interface CheckedSession {
  userId: string;
  companyId: string | null;
  role: AnyRole;
  expiresAt: Date;
  checkedAt: number;
  /** When a request last came with it: sessions in use are checked together. */
  askedAt: number;
  /** The database it was checked in (a test process runs apps on several). */
  db: FastifyInstance['db'];
}

/**
 * Sessions found valid in the database, by session id, trusted for `sessionCheckIntervalMs`.
 * This process forgets a session the moment it revokes it or changes its user (sign-out,
 * password change, blocking), so here those take effect on the next request; another API
 * process sees them within the interval.
 */
const MAX_CHECKED_SESSIONS = 50_000;
const checkedSessions = new LRUCache<string, CheckedSession>({ max: MAX_CHECKED_SESSIONS });

/** A session's check under way: its user, the statement's valid sessions, whether forgotten since. */
interface Check {
  userId: string;
  found: Promise<Map<string, CheckedSession>>;
  forgotten: boolean;
}

/** Checks under way, by session id. */
const checking = new Map<string, Check>();

/**
 * Forget a session: the next request with its token asks the database (not a check already under
 * way, which may have read it before it changed, and whose finding is not kept).
 */
export function forgetSession(sessionId: string) {
  checkedSessions.delete(sessionId);
  const check = checking.get(sessionId);
  if (!check) return;
  check.forgotten = true;
  checking.delete(sessionId);
}

/** Forget every session of a user (revoked, blocked, deleted, role or company changed). */
export function forgetUser(userId: string) {
  const ofUser = [...checkedSessions.entries()].filter(([, session]) => session.userId === userId);
  for (const [sessionId] of ofUser) forgetSession(sessionId);
  for (const [sessionId, check] of checking) if (check.userId === userId) forgetSession(sessionId);
}

async function checkSession(
  server: FastifyInstance,
  sessionId: string,
  userId: string,
): Promise<CheckedSession | null> {
  const now = Date.now();
  const interval = server.config.sessionCheckIntervalMs;
  const cached = checkedSessions.get(sessionId);
  if (
    cached &&
    cached.db === server.db &&
    cached.userId === userId &&
    now - cached.checkedAt < interval &&
    cached.expiresAt.getTime() > now
  ) {
    cached.askedAt = now;
    return cached;
  }
  const found = await (checking.get(sessionId)?.found ?? checkDue(server, sessionId, userId));
  const checked = found.get(sessionId);
  return checked?.userId === userId ? checked : null;
}

/**
 * Checks `sessionId` in the database, with every session of this database that came with a
 * request within the interval and was checked more than half of it ago, in one statement: with
 * many buyers at work, one statement about every second instead of one per session every
 * interval (200 sessions and 2 s: 100 statements a second, each a round trip of the request that
 * met it). A session is trusted no longer than before: a revocation made by another process
 * shows within the interval.
 */
function checkDue(
  server: FastifyInstance,
  sessionId: string,
  userId: string,
): Promise<Map<string, CheckedSession>> {
  const startedAt = Date.now();
  const interval = server.config.sessionCheckIntervalMs;
  const due = new Map([[sessionId, userId]]);
  if (interval > 0) {
    for (const [id, held] of checkedSessions.entries()) {
      if (
        held.db === server.db &&
        !due.has(id) &&
        !checking.has(id) &&
        startedAt - held.askedAt < interval &&
        startedAt - held.checkedAt >= interval / 2
      ) {
        due.set(id, held.userId);
      }
    }
  }
  const ids = [...due.keys()];
  const checks = new Map<string, Check>();
  const found = server.db
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
    )
    .then((rows) => {
      const valid = new Map<string, CheckedSession>();
      for (const { sessionId: id, role, ...row } of rows) {
        const askedAt = checkedSessions.peek(id)?.askedAt ?? startedAt;
        const checked = { ...row, role: role as AnyRole, checkedAt: startedAt, askedAt };
        valid.set(id, { ...checked, db: server.db });
      }
      for (const [id, check] of checks) {
        const checked = valid.get(id);
        if (interval > 0 && checked && !check.forgotten) checkedSessions.set(id, checked);
        else if (!check.forgotten) checkedSessions.delete(id);
      }
      return valid;
    })
    .finally(() => {
      for (const [id, check] of checks) if (checking.get(id) === check) checking.delete(id);
    });
  for (const [id, user] of due) {
    const check = { userId: user, found, forgotten: false };
    checks.set(id, check);
    checking.set(id, check);
  }
  return found;
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
