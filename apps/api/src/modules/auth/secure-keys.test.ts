import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, secureKeys, users } from '../../db/schema';
import { issueSecureKey } from '../../platform/auth/secure-keys';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Posts; a reset request's work runs after the answer, so it is awaited here too. */
const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  await t.app.background.idle();
  return response;
};

const keyFromMail = (text: string) => /key=([\w-]+)/.exec(text)?.[1] ?? '';

describe('password reset', () => {
  it('answers the same status and body for a known and an unknown email', async () => {
    const known = await post('/api/auth/reset-password/request', { email: 'owner@other.test' });
    const unknown = await post('/api/auth/reset-password/request', { email: 'ghost@other.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toMatch(
      /^If the email address you provided is associated with an account, you will receive an email/,
    );
    expect(await t.mailsTo('ghost@other.test')).toHaveLength(0);
    expect(await t.mailsTo('owner@other.test', 'password_reset')).toHaveLength(1);
  });

  it('takes the same time for a known and an unknown email', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email },
      });
      const ms = performance.now() - started;
      await t.app.background.idle();
      return ms;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      known.push(await timed('owner@other.test'));
      unknown.push(await timed(`ghost${i}@other.test`));
    }
    // The answer leaves before the account is looked up: no database work on either path.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(2);
  });

  it('sends nothing to accounts that cannot sign in', async () => {
    await post('/api/auth/reset-password/request', { email: 'pending@demo.test' });
    expect(await t.mailsTo('pending@demo.test', 'password_reset')).toHaveLength(0);
  });

  it('changes the password with the mailed key, once, and signs out every session', async () => {
    const session = await t.signIn('purchaser@demo.test');
    await post('/api/auth/reset-password/request', { email: 'purchaser@demo.test' });
    const [mail] = await t.mailsTo('purchaser@demo.test', 'password_reset');
    const key = keyFromMail(mail!.text);
    expect(mail!.text).toContain('http://portal.test/set-password?type=reset&key=');

    const stored = await t.db.select().from(secureKeys);
    expect(stored.some((row) => row.keyHash === key)).toBe(false);

    const check = await t.app.inject({ url: `/api/auth/check-secure-key?key=${key}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      valid: true,
      purpose: 'reset_password',
      email: 'purchaser@demo.test',
    });

    const mismatch = await post('/api/auth/reset-password/change', {
      key,
      password: 'Brand-New-Pass-1',
      confirm_password: 'Brand-New-Pass-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: 'confirm_password', message: 'Passwords do not match' },
    ]);

    const change = await post('/api/auth/reset-password/change', {
      key,
      password: 'Brand-New-Pass-1',
      confirm_password: 'Brand-New-Pass-1',
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe('Your password has been set. You can now sign in.');

    const old = await t.app.inject({ url: '/api/auth/me', headers: bearer(session) });
    expect(old.statusCode).toBe(401);
    const oldPassword = await post('/api/auth/signin', {
      email: 'purchaser@demo.test',
      password: DEMO_PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await t.signIn('purchaser@demo.test', 'Brand-New-Pass-1')).toBeTruthy();

    const reuse = await post('/api/auth/reset-password/change', {
      key,
      password: 'Another-Pass-123',
      confirm_password: 'Another-Pass-123',
    });
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual({
      type: 'NOT_FOUND',
      code: 404,
      message: 'This link has already been used, or a newer one has replaced it',
    });
    const recheck = await t.app.inject({
      url: `/api/auth/check-secure-key?key=${key}`,
      headers: { 'accept-language': 'fr' },
    });
    expect(recheck.statusCode).toBe(404);
    expect(recheck.json().message).toBe(
      'Ce lien a déjà été utilisé ou a été remplacé par un lien plus récent',
    );
    const unknown = await t.app.inject({ url: `/api/auth/check-secure-key?key=${key}x` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This link is invalid or has expired');
  });

  it('refuses an expired key and a key voided by a newer request', async () => {
    await post('/api/auth/reset-password/request', { email: 'accountant@demo.test' });
    const [first] = await t.mailsTo('accountant@demo.test', 'password_reset');
    await post('/api/auth/reset-password/request', { email: 'accountant@demo.test' });
    const [second] = await t.mailsTo('accountant@demo.test', 'password_reset');
    const voided = await t.app.inject({
      url: `/api/auth/check-secure-key?key=${keyFromMail(first!.text)}`,
    });
    expect(voided.statusCode).toBe(404);
    expect(voided.json().message).toBe(
      'This link has already been used, or a newer one has replaced it',
    );

    await t.db.update(secureKeys).set({ expiresAt: sql`now() - interval '1 second'` });
    const expired = await post('/api/auth/reset-password/change', {
      key: keyFromMail(second!.text),
      password: 'Brand-New-Pass-1',
      confirm_password: 'Brand-New-Pass-1',
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This link has expired');
  });

  it('keys expire after one hour', async () => {
    await post('/api/auth/reset-password/request', { email: 'owner@demo.test' });
    const [row] = await t.db
      .select({
        seconds: sql<number>`extract(epoch from ${secureKeys.expiresAt} - ${secureKeys.createdAt})`,
      })
      .from(secureKeys)
      .innerJoin(users, eq(users.id, secureKeys.userId))
      .where(eq(users.email, 'owner@demo.test'));
    expect(Math.round(Number(row?.seconds))).toBe(3600);
  });

  it('validates the inputs', async () => {
    expect((await post('/api/auth/reset-password/request', {})).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password/request', { email: 'x' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/auth/check-secure-key' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/auth/check-secure-key?key=short' })).statusCode).toBe(
      400,
    );
    const unknown = await t.app.inject({ url: `/api/auth/check-secure-key?key=${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    const noKey = await post('/api/auth/reset-password/change', {
      password: 'x',
      confirm_password: 'x',
    });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('invitations', () => {
  const invite = async (email: string, status = 'pending') => {
    const [company] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Demo Energy BV'));
    const [user] = await t.db
      .insert(users)
      .values({
        companyId: company!.id,
        email,
        firstName: 'Ivo',
        lastName: 'Invited',
        role: 'purchaser',
        status,
      })
      .returning();
    return issueSecureKey(t.db, user!.id, 'invitation');
  };

  it('checks the key, sets the password once and activates the member', async () => {
    const key = await invite('ivo@demo.test');
    const check = await t.app.inject({ url: `/api/auth/invitation/check/${key}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      email: 'ivo@demo.test',
      first_name: 'Ivo',
      last_name: 'Invited',
      company: 'Demo Energy BV',
    });
    const generic = await t.app.inject({ url: `/api/auth/check-secure-key?key=${key}` });
    expect(generic.json().purpose).toBe('invitation');

    const mismatch = await post(`/api/auth/invitation/password/${key}`, {
      password: 'Welcome-Ivo-2026',
      confirm_password: 'welcome-ivo-2026',
    });
    expect(mismatch.statusCode).toBe(400);

    const set = await post(`/api/auth/invitation/password/${key}`, {
      password: 'Welcome-Ivo-2026',
      confirm_password: 'Welcome-Ivo-2026',
    });
    expect(set.statusCode).toBe(200);
    const token = await t.signIn('ivo@demo.test', 'Welcome-Ivo-2026');
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ role: 'purchaser', status: 'active' });

    const again = await post(`/api/auth/invitation/password/${key}`, {
      password: 'Hijack-Attempt-1',
      confirm_password: 'Hijack-Attempt-1',
    });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/auth/invitation/check/${key}` })).statusCode).toBe(404);
  });

  it('keeps invitations valid for 7 days, then refuses them', async () => {
    const key = await invite('late@demo.test');
    const [row] = await t.db
      .select({
        seconds: sql<number>`extract(epoch from ${secureKeys.expiresAt} - ${secureKeys.createdAt})`,
      })
      .from(secureKeys)
      .where(eq(secureKeys.purpose, 'invitation'))
      .orderBy(sql`${secureKeys.createdAt} desc`)
      .limit(1);
    expect(Math.round(Number(row?.seconds))).toBe(7 * 24 * 3600);
    await t.db
      .update(secureKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(secureKeys.purpose, 'invitation'));
    const expired = await t.app.inject({ url: `/api/auth/invitation/check/${key}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('This link has expired');
  });

  it('does not revive a blocked or deleted member', async () => {
    for (const status of ['blocked', 'deleted']) {
      const key = await invite(`${status}@demo.test`, status);
      expect((await t.app.inject({ url: `/api/auth/invitation/check/${key}` })).statusCode).toBe(
        404,
      );
      const set = await post(`/api/auth/invitation/password/${key}`, {
        password: 'Welcome-Back-2026',
        confirm_password: 'Welcome-Back-2026',
      });
      expect(set.statusCode).toBe(404);
    }
  });

  it('does not accept a reset key as an invitation', async () => {
    await post('/api/auth/reset-password/request', { email: 'owner@other.test' });
    const [mail] = await t.mailsTo('owner@other.test', 'password_reset');
    const key = keyFromMail(mail!.text);
    expect((await t.app.inject({ url: `/api/auth/invitation/check/${key}` })).statusCode).toBe(404);
  });
});
