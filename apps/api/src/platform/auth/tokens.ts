import { SignJWT, jwtVerify } from 'jose';

export interface AccessTokenClaims {
  /** user id */
  sub: string;
  /** session id */
  jti: string;
  exp: number;
}

/** Signs an HS256 access token for a session. */
export async function signAccessToken(
  secret: Uint8Array,
  userId: string,
  sessionId: string,
  expiresAt: Date,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Verifies signature, algorithm and expiry; `null` for anything else than a valid token. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || !payload.exp) {
      return null;
    }
    return { sub: payload.sub, jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
}
