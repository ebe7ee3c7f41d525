import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { forgetUser } from '../../platform/auth/guard';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signin = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: payload as object, headers });

describe('POST /api/auth/signin', () => {
  it.each([
    ['owner@demo.test', 'owner'],
    ['purchaser@demo.test', 'purchaser'],
    ['accountant@demo.test', 'accountant'],
  ])('signs in %s and answers the token and the user', async (email, role) => {
    const response = await signin({ email, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      email,
      role,
      company: {
        company: 'Demo Energy BV',
        vat_number: 'NL123456789B01',
        vat_number_unactive_at: null,
        is_xml_active: 'on',
      },
    });
    expect(body.user.invoices).toHaveLength(1);
    expect(body.user.invoices[0]).toMatchObject({ vat_number: 'NL123456789B01' });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('scrypt$');
  });

  it('signs in staff, who belong to no company', async () => {
    const response = await signin({ email: 'admin@demo.test', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ role: 'admin', company: null, invoices: [] });
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const response = await signin({ email: '  Owner@Demo.TEST ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const wrong = await signin({ email: 'owner@demo.test', password: 'not-the-password' });
    const unknown = await signin({ email: 'nobody@demo.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      type: 'AUTH_ERROR',
      code: 401,
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    // The two kinds alternate, each first in turn, so that a slower stretch of a shared machine
    // (other test files run beside this one) weighs on both medians alike.
    const emails = { wrong: 'owner@demo.test', unknown: 'nobody@demo.test' };
    const runs: Record<keyof typeof emails, number[]> = { wrong: [], unknown: [] };
    for (let i = 0; i < 9; i++) {
      const order = i % 2 === 0 ? (['wrong', 'unknown'] as const) : (['unknown', 'wrong'] as const);
      for (const kind of order) {
        const start = performance.now();
        await signin({ email: emails[kind], password: 'not-the-password' });
        runs[kind].push(performance.now() - start);
      }
    }
    const median = (times: number[]) => times.sort((a, b) => a - b)[4] ?? 0;
    const wrong = median(runs.wrong);
    const unknown = median(runs.unknown);
    expect(unknown / wrong).toBeGreaterThan(0.4);
    expect(unknown / wrong).toBeLessThan(2.5);
  });

  it.each([
    [
      'pending',
      'Your account is under review. You will receive an email once it has been approved.',
    ],
    ['inactive', 'Your account is inactive. Please contact us to reactivate it.'],
    ['blocked', 'Your account has been blocked. Please contact us.'],
    ['deleted', 'This account has been deleted.'],
  ])('refuses a %s account with a message saying so', async (status, message) => {
    await t.db.update(users).set({ status }).where(eq(users.email, 'purchaser@demo.test'));
    const response = await signin({ email: 'purchaser@demo.test', password: DEMO_PASSWORD });
    await t.db
      .update(users)
      .set({ status: 'active' })
      .where(eq(users.email, 'purchaser@demo.test'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ type: 'FORBIDDEN', code: 403, message });
  });

  it('refuses the seeded pending registration', async () => {
    const response = await signin({ email: 'pending@demo.test', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('under review');
  });

  it('does not reveal the status of an account to a wrong password', async () => {
    const response = await signin({ email: 'pending@demo.test', password: 'wrong-password' });
    expect(response.statusCode).toBe(401);
  });

  it('names each missing field, in the language of the request', async () => {
    const response = await signin({}, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'VALIDATION_ERROR',
      code: 400,
      message: 'Bitte füllen Sie alle Pflichtfelder aus',
      details: [
        { field: 'email', message: 'Dieses Feld ist erforderlich' },
        { field: 'password', message: 'Dieses Feld ist erforderlich' },
      ],
    });
  });

  it('falls back to English for an unsupported language', async () => {
    const response = await signin({}, { 'accept-language': 'pt-BR' });
    expect(response.json().message).toBe('Please fill in all required fields');
  });

  it.each([
    [{ email: 123, password: 'x' }, 'email'],
    [{ email: 'not-an-email', password: 'x' }, 'email'],
    [{ email: 'owner@demo.test', password: ['x'] }, 'password'],
    [{ email: 'owner@demo.test', password: '' }, 'password'],
    [{ email: 'owner@demo.test', password: 'x', role: 'admin' }, 'role'],
  ])('rejects %j naming the field %s', async (payload, field) => {
    const response = await signin(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('VALIDATION_ERROR');
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('rejects a body that is not JSON, not an object, or too large', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ type: 'VALIDATION_ERROR', code: 400 });

    for (const payload of ['null', '[]', '"text"', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }

    const huge = await signin({ email: 'owner@demo.test', password: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ type: 'VALIDATION_ERROR', code: 413 });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().type).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/auth/me and POST /api/auth/signout', () => {
  it('answers the user of the token', async () => {
    const token = await t.signIn('accountant@demo.test');
    const response = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'accountant@demo.test',
      full_name: 'Anna Accountant',
      role: 'accountant',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses no token, a malformed token, a forged token and an expired token with AUTH_ERROR', async () => {
    const token = await t.signIn('owner@demo.test');
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(t.config.jwtSecret);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer not.a.token' },
      { authorization: `Basic ${token}` },
      bearer(forged),
      bearer(expired),
      bearer(unsigned),
    ]) {
      const response = await t.app.inject({ url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ type: 'AUTH_ERROR', code: 401 });
    }
  });

  it('revokes the token on sign-out, and only that session', async () => {
    const first = await t.signIn('purchaser@demo.test');
    const second = await t.signIn('purchaser@demo.test');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(first),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been signed out' });
    const again = await t.app.inject({ url: '/api/auth/me', headers: bearer(first) });
    expect(again.statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/auth/me', headers: bearer(second) });
    expect(other.statusCode).toBe(200);
  });

  it('accepts sign-out with the JSON content type and no body', async () => {
    const token = await t.signIn('owner@demo.test');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses sign-out without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(response.statusCode).toBe(401);
  });

  const blockAccountant = (status: 'blocked' | 'active') =>
    t.db.update(users).set({ status }).where(eq(users.email, 'accountant@demo.test'));

  it('stops a token working as soon as the user is blocked', async () => {
    const token = await t.signIn('accountant@demo.test');
    const me = () => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    await blockAccountant('blocked');
    const [accountant] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'accountant@demo.test'));
    forgetUser(accountant!.id);
    const response = await me();
    await blockAccountant('active');
    expect(response.statusCode).toBe(401);
  });

  it('checks the sessions in use together, each within the interval', async () => {
    const interval = t.config.sessionCheckIntervalMs;
    const [owner, accountant] = await Promise.all([
      t.signIn('owner@demo.test'),
      t.signIn('accountant@demo.test'),
    ]);
    const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      expect((await me(owner)).statusCode).toBe(200);
      expect((await me(accountant)).statusCode).toBe(200);
      now += interval * 0.6;
      expect((await me(accountant)).statusCode).toBe(200);
      // The owner's session is due: the accountant's, asked since and checked over half an
      // interval ago, is checked in the same statement.
      now += interval * 0.5;
      expect((await me(owner)).statusCode).toBe(200);
      await blockAccountant('blocked');
      now += interval * 0.5;
      expect((await me(accountant)).statusCode).toBe(200);
      // An interval after that check, the block made elsewhere applies.
      now += interval * 0.6;
      expect((await me(accountant)).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
      await blockAccountant('active');
    }
  });

  it('applies a block made by another API process within the session check interval', async () => {
    const token = await t.signIn('accountant@demo.test');
    const me = () => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    await blockAccountant('blocked');
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + t.config.sessionCheckIntervalMs + 1);
    const response = await me();
    await blockAccountant('active');
    expect(response.statusCode).toBe(401);
  });

  it('remembers the language of the last sign-in for mails', async () => {
    await signin(
      { email: 'owner@other.test', password: DEMO_PASSWORD },
      { 'accept-language': 'it' },
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, 'owner@other.test'));
    expect(user?.locale).toBe('it');
  });
});

describe('session sync: POST /api/auth/login and /api/auth/logout', () => {
  it('sets an httpOnly SameSite=Strict cookie that authorizes plain GET links only', async () => {
    const token = await t.signIn('owner@demo.test');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { access_token: token },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'portal_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const cookies = { portal_session: token };

    const me = await t.app.inject({ url: '/api/auth/me', cookies });
    expect(me.statusCode).toBe(200);
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/signout', cookies });
    expect(post.statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', cookies });
    expect(logout.statusCode).toBe(200);
    const cleared = logout.cookies.find((c) => c.name === 'portal_session');
    expect(cleared?.value).toBe('');
  });

  it('refuses to set a cookie for an invalid or revoked token', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { access_token: 'nope' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.cookies).toHaveLength(0);

    const token = await t.signIn('owner@demo.test');
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(token) });
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { access_token: token },
    });
    expect(revoked.statusCode).toBe(401);
  });
});

describe('failed sign-ins per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SIGN_IN_FAILURE_LIMIT: '5' });
  });
  afterAll(async () => {
    await limited.close();
  });

  const attempt = (email: string, password: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress,
      headers: { 'accept-language': 'nl' },
    });

  it('pause an address after the limit, from every client address, right password or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await attempt('owner@demo.test', `wrong-${i}-password`, `198.51.100.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const paused = await attempt('OWNER@demo.test', DEMO_PASSWORD, '203.0.113.9');
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toMatchObject({ type: 'RATE_LIMITED', code: 429 });
    expect(paused.json().message).toMatch(/^Te veel pogingen/);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(3500);
    // Other accounts sign in as usual.
    expect((await attempt('purchaser@demo.test', DEMO_PASSWORD, '198.51.100.1')).statusCode).toBe(
      200,
    );
  });

  it('mails the holder once when the limit is reached', async () => {
    const mails = await limited.mailsTo('owner@demo.test', 'sign_in_attempts');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('5');
    expect(mails[0]?.text).toContain('http://portal.test/forgot-password');
    await attempt('owner@demo.test', 'wrong-again-password', '198.51.100.7');
    expect(await limited.mailsTo('owner@demo.test', 'sign_in_attempts')).toHaveLength(1);
  });

  it('answers an address without an account the same way', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await attempt('nobody@demo.test', `wrong-${i}-password`, `198.51.100.${i}`));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    const owner = await attempt('owner@demo.test', 'x-wrong-password', '198.51.100.8');
    const strip = (body: string) => body.replace(/\d+/g, 'N');
    expect(strip(answers[5]!.body)).toBe(strip(owner.body));
  });
});
