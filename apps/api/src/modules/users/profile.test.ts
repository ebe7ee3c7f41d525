import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (url: string, token: string | null, payload: unknown, locale = 'en') =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: payload as object,
    headers: { 'accept-language': locale, ...(token ? bearer(token) : {}) },
  });

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

const fieldsOf = (body: { details?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));

describe('PUT /api/users/update/profile', () => {
  it.each(['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test'])(
    '%s saves their own names',
    async (email) => {
      const token = await t.signIn(email);
      const response = await put('/api/users/update/profile', token, {
        first_name: 'Renamed',
        last_name: 'Person',
        email,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Your profile has been saved');
      expect(response.json().user).toMatchObject({ full_name: 'Renamed Person', email });
    },
  );

  it('asks for the current password to change the email, in the request language', async () => {
    const token = await t.signIn('purchaser@demo.test');
    const body = { first_name: 'Peter', last_name: 'Purchaser', email: 'peter@demo.test' };
    const missing = await put('/api/users/update/profile', token, body, 'de');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().type).toBe('VALIDATION_ERROR');
    expect(fieldsOf(missing.json()).current_password).toContain('aktuelles Passwort');

    const wrong = await put('/api/users/update/profile', token, {
      ...body,
      current_password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.json()).current_password).toBe('The current password is not correct');

    const ok = await put('/api/users/update/profile', token, {
      ...body,
      current_password: DEMO_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe('peter@demo.test');
    await t.signIn('peter@demo.test');
    await put('/api/users/update/profile', token, {
      ...body,
      email: 'purchaser@demo.test',
      current_password: DEMO_PASSWORD,
    });
  });

  it('refuses an email another account uses, whatever its case', async () => {
    const token = await t.signIn('accountant@demo.test');
    const response = await put('/api/users/update/profile', token, {
      first_name: 'Anna',
      last_name: 'Accountant',
      email: 'OWNER@other.test',
      current_password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().type).toBe('CONFLICT');
  });

  it('names each bad field and rejects unknown ones', async () => {
    const token = await t.signIn('owner@demo.test');
    const response = await put(
      '/api/users/update/profile',
      token,
      { first_name: ' ', last_name: 'x', email: 'nope', role: 'owner' },
      'fr',
    );
    expect(response.statusCode).toBe(400);
    const fields = fieldsOf(response.json());
    expect(Object.keys(fields).sort()).toEqual(['email', 'first_name', 'role']);
    expect(fields.email).toContain('adresse e-mail');
  });

  it('needs a token, and is not for back-office staff', async () => {
    const body = { first_name: 'A', last_name: 'B', email: 'admin@demo.test' };
    const anonymous = await put('/api/users/update/profile', null, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().type).toBe('AUTH_ERROR');
    const admin = await t.signIn('admin@demo.test');
    expect((await put('/api/users/update/profile', admin, body)).statusCode).toBe(403);
  });
});

describe('PUT /api/users/change-password', () => {
  const change = (token: string | null, payload: unknown, locale = 'en') =>
    put('/api/users/change-password', token, payload, locale);

  it('checks the current password and the confirmation', async () => {
    const token = await t.signIn('accountant@demo.test');
    const wrong = await change(token, {
      current_password: 'wrong-password',
      password: 'New-Password-2026',
      confirm_password: 'New-Password-2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldsOf(wrong.json()).current_password).toBe('The current password is not correct');

    const mismatch = await change(
      token,
      {
        current_password: DEMO_PASSWORD,
        password: 'New-Password-2026',
        confirm_password: 'Other-Password-2026',
      },
      'es',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(fieldsOf(mismatch.json()).confirm_password).toBe('Las contraseñas no coinciden');

    const short = await change(token, {
      current_password: DEMO_PASSWORD,
      password: 'short',
      confirm_password: 'short',
    });
    expect(fieldsOf(short.json()).password).toBe('Must be at least 12 characters');
    const anonymous = await change(null, {
      current_password: DEMO_PASSWORD,
      password: 'New-Password-2026',
      confirm_password: 'New-Password-2026',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(['owner@other.test', 'purchaser@demo.test', 'accountant@demo.test'])(
    '%s changes the password; the other sessions are signed out, this one stays',
    async (email) => {
      const current = await t.signIn(email);
      const other = await t.signIn(email);
      const response = await change(current, {
        current_password: DEMO_PASSWORD,
        password: 'Changed-Password-2026',
        confirm_password: 'Changed-Password-2026',
      });
      expect(response.statusCode).toBe(200);
      expect((await me(current)).statusCode).toBe(200);
      const revoked = await me(other);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().type).toBe('AUTH_ERROR');
      await expect(t.signIn(email)).rejects.toThrow();
      const fresh = await t.signIn(email, 'Changed-Password-2026');
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      const open = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
      expect(open.filter((s) => !s.revokedAt).length).toBe(2);
      await change(fresh, {
        current_password: 'Changed-Password-2026',
        password: DEMO_PASSWORD,
        confirm_password: DEMO_PASSWORD,
      });
    },
  );
});
