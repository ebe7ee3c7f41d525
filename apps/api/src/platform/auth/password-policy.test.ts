import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app';
import { isCommonPassword } from './password-policy';

describe('common passwords', () => {
  it.each(['123qweasdzxc', 'QAZWSXEDCRFV', 'Password2026!', '!!dragon123456', 'Sunshine-2026'])(
    'refuses %s',
    (password) => expect(isCommonPassword(password)).toBe(true),
  );
  it.each([DEMO_PASSWORD, 'Brand-New-Pass-1', 'violet-anchor-train-42'])('accepts %s', (password) =>
    expect(isCommonPassword(password)).toBe(false),
  );
});

describe('new passwords through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const fields = (body: { details?: { field: string; message: string }[] }) =>
    Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));
  const change = (token: string, password: string, locale = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: { ...bearer(token), 'accept-language': locale },
      payload: { current_password: DEMO_PASSWORD, password, confirm_password: password },
    });

  it('needs 12 characters, named in the request language', async () => {
    const token = await t.signIn('accountant@demo.test');
    const response = await change(token, 'Short-pw-26', 'fr');
    expect(response.statusCode).toBe(400);
    expect(fields(response.json())).toMatchObject({ password: expect.stringMatching(/12/) });
  });

  it('refuses a common password and the current one', async () => {
    const token = await t.signIn('accountant@demo.test');
    const common = await change(token, 'Password2026!', 'de');
    expect(common.statusCode).toBe(400);
    expect(fields(common.json())).toEqual({
      password: 'Dieses Passwort ist zu verbreitet, bitte wählen Sie ein anderes',
    });
    const same = await change(token, DEMO_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(fields(same.json())).toEqual({
      password: 'The new password must differ from your current one',
    });
    // Nothing changed: the current password still signs in.
    expect(await t.signIn('accountant@demo.test')).toBeTruthy();
  });

  it('refuses the current password through a reset link too, and a common one at sign-up', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/request',
      payload: { email: 'purchaser@demo.test' },
    });
    await t.app.background.idle();
    const [mail] = await t.mailsTo('purchaser@demo.test', 'password_reset');
    const key = /key=([\w-]+)/.exec(mail!.text)?.[1] ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/change',
      payload: { key, password: DEMO_PASSWORD, confirm_password: DEMO_PASSWORD },
    });
    expect(reset.statusCode).toBe(400);
    expect(fields(reset.json())).toEqual({
      password: 'The new password must differ from your current one',
    });
    // The key was not used up by the refusal.
    const check = await t.app.inject({ url: `/api/auth/check-secure-key?key=${key}` });
    expect(check.statusCode).toBe(200);

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        company_name: 'Common BV',
        company_register_number: '12345678',
        vat_number: 'NL123456782B01',
        country: 'NL',
        city: 'Utrecht',
        postcode: '3511 AB',
        street: 'Oudegracht',
        house_number: '1',
        first_name: 'Cor',
        last_name: 'Common',
        email: 'cor@common.test',
        password: 'qwerty123456',
        confirm_password: 'qwerty123456',
        accept_terms: true,
      },
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(fields(signup.json())).toMatchObject({ password: expect.any(String) });
  });
});
