import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@shop.test' });
});
afterAll(async () => {
  await t.close();
});

const send = (token: string | undefined, payload: unknown, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/contact-us',
    payload: payload as object,
    headers: { 'accept-language': locale, ...(token ? bearer(token) : {}) },
  });

const fieldsOf = (body: { details?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));

describe('POST /api/users/contact-us', () => {
  it.each([
    ['owner@demo.test', 'Olivia Owner'],
    ['purchaser@demo.test', 'Peter Purchaser'],
    ['accountant@demo.test', 'Anna Accountant'],
  ])(
    '%s sends a message to the support address with the company and the sender',
    async (email, name) => {
      const token = await t.signIn(email);
      const response = await send(
        token,
        { subject: `Question from ${name}`, message: 'Can you deliver <b>on Saturday</b>?' },
        'fr',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(
        'Message envoyé. Nous vous répondrons dans les plus brefs délais.',
      );
      const [mail] = await t.mailsTo('help@shop.test', 'contact_message');
      expect(mail?.subject).toBe(`Contact form: Question from ${name}`);
      for (const part of ['Demo Energy BV', 'NL123456789B01', name, email, 'on Saturday']) {
        expect(mail?.text).toContain(part);
      }
      expect(mail?.html).toContain('&lt;b&gt;on Saturday&lt;/b&gt;');
    },
  );

  it('needs both fields, named in the request language, and nothing else', async () => {
    const token = await t.signIn('purchaser@demo.test');
    const response = await send(token, { subject: '  ', extra: 'x' }, 'de');
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('VALIDATION_ERROR');
    expect(fieldsOf(response.json())).toEqual({
      subject: 'Dieses Feld ist erforderlich',
      message: 'Dieses Feld ist erforderlich',
      extra: expect.any(String) as string,
    });
  });

  it('needs a company member', async () => {
    const payload = { subject: 'Hello', message: 'World' };
    const anonymous = await send(undefined, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().type).toBe('AUTH_ERROR');
    expect((await send(await t.signIn('admin@demo.test'), payload)).statusCode).toBe(403);
  });

  it('is rate limited per session', async () => {
    const token = await t.signIn('owner@other.test');
    const payload = { subject: 'Again', message: 'And again' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(token, payload)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send(token, payload, 'nl');
    expect(limited.json()).toMatchObject({ type: 'RATE_LIMITED', code: 429 });
    const [mail] = await t.mailsTo('help@shop.test', 'contact_message');
    expect(mail?.text).toContain('Other Power GmbH');
  });

  it('counts the limit per user, whatever the spelling of the Authorization header', async () => {
    const token = await t.signIn('accountant@demo.test');
    const payload = { subject: 'Spelled', message: 'Differently' };
    const spellings = [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer  ${token}`,
      `Bearer ${token} `,
      `bEaReR ${token}`,
    ];
    const statuses: number[] = [];
    for (const authorization of spellings) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/contact-us',
        payload,
        headers: { authorization },
      });
      statuses.push(response.statusCode);
    }
    // The accountant sent one message in the first test: four more fit in the limit of five.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // A second session of the same user shares the bucket.
    const again = await t.signIn('accountant@demo.test');
    expect((await send(again, payload)).statusCode).toBe(429);
  });
});
