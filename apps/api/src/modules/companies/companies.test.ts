import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let demoId: string;
let otherId: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'owner@demo.test',
    'purchaser@demo.test',
    'accountant@demo.test',
    'owner@other.test',
    'admin@demo.test',
  ]) {
    tokens[email] = await t.signIn(email);
  }
  const rows = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((row) => row.name === 'Demo Energy BV')!.id;
  otherId = rows.find((row) => row.name === 'Other Power GmbH')!.id;
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT',
  url: string,
  token?: string,
  payload?: unknown,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { 'accept-language': locale, ...(token ? bearer(token) : {}) },
  });

const profile = (overrides: Record<string, unknown> = {}) => ({
  company: 'Demo Energy B.V.',
  company_register_number: '81234567',
  vat_number: 'NL123456789B01',
  country: 'NL',
  city: 'Rotterdam',
  postcode: '3011 AA',
  street: 'Coolsingel',
  house_number: '42',
  registered_day: '2015-03-02',
  ...overrides,
});

const fieldsOf = (body: { details?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.message]));

describe('GET /api/companies/{companyId}', () => {
  it.each(['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test'])(
    '%s reads the company profile',
    async (email) => {
      const response = await call('GET', `/api/companies/${demoId}`, tokens[email]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: demoId,
        company_register_number: '81234567',
        country: 'NL',
        vat_number_unactive_at: null,
      });
      expect(response.json().registered_day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    },
  );

  it('another company is not found; staff are forbidden; no token is 401', async () => {
    expect(
      (await call('GET', `/api/companies/${otherId}`, tokens['owner@demo.test'])).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/companies/${demoId}`, tokens['owner@other.test'])).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/companies/${demoId}`, tokens['admin@demo.test'])).statusCode,
    ).toBe(403);
    const anonymous = await call('GET', `/api/companies/${demoId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().type).toBe('AUTH_ERROR');
    const bad = await call('GET', '/api/companies/not-a-uuid', tokens['owner@demo.test']);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toHaveProperty('companyId');
  });
});

describe('PUT /api/companies/profile/{companyId}', () => {
  it('the owner saves every field', async () => {
    const response = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@demo.test'],
      profile(),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The company details have been saved');
    expect(response.json().company).toMatchObject({
      company: 'Demo Energy B.V.',
      registered_day: '2015-03-02',
      vat_number_unactive_at: null,
    });
    const me = await call('GET', '/api/auth/me', tokens['purchaser@demo.test']);
    expect(me.json().company.company).toBe('Demo Energy B.V.');
  });

  it('the owner chooses the format of invoice mails; leaving it out keeps it', async () => {
    const owner = tokens['owner@demo.test'];
    const url = `/api/companies/profile/${demoId}`;
    expect((await call('GET', `/api/companies/${demoId}`, owner)).json().invoice_format).toBe(
      'pdf',
    );
    const saved = await call('PUT', url, owner, profile({ invoice_format: 'ubl' }));
    expect(saved.json().company.invoice_format).toBe('ubl');
    const kept = await call('PUT', url, owner, profile());
    expect(kept.json().company.invoice_format).toBe('ubl');
    const bad = await call('PUT', url, owner, profile({ invoice_format: 'xml' }), 'fr');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.json())).toHaveProperty('invoice_format');
    await call('PUT', url, owner, profile({ invoice_format: 'pdf' }));
  });

  it('purchasers and accountants only read; another company is not found', async () => {
    for (const email of ['purchaser@demo.test', 'accountant@demo.test']) {
      const response = await call(
        'PUT',
        `/api/companies/profile/${demoId}`,
        tokens[email],
        profile(),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().type).toBe('FORBIDDEN');
    }
    const other = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@other.test'],
      profile(),
    );
    expect(other.statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/companies/profile/${demoId}`, undefined, profile())).statusCode,
    ).toBe(401);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, demoId));
    expect(row?.name).toBe('Demo Energy B.V.');
  });

  it('names each bad field in the request language', async () => {
    const response = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@demo.test'],
      profile({
        company: '',
        country: 'US',
        registered_day: '2999-01-01',
        vat_number: '!!',
        extra: 1,
      }),
      'nl',
    );
    expect(response.statusCode).toBe(400);
    const fields = fieldsOf(response.json());
    expect(Object.keys(fields).sort()).toEqual([
      'company',
      'country',
      'extra',
      'registered_day',
      'vat_number',
    ]);
    expect(fields.registered_day).toBe('De datum mag niet in de toekomst liggen');
    const impossible = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@demo.test'],
      profile({ registered_day: '2021-02-30' }),
    );
    expect(fieldsOf(impossible.json()).registered_day).toBe('Please enter a valid date');
  });

  it('a new VAT number is checked at once: an inactive one blocks, a good one clears', async () => {
    const inactive = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@demo.test'],
      profile({ vat_number: 'NL000000000B00' }),
    );
    expect(inactive.json().company.vat_number_unactive_at).not.toBeNull();
    const me = await call('GET', '/api/auth/me', tokens['accountant@demo.test']);
    expect(me.json().company.vat_number_unactive_at).not.toBeNull();
    const active = await call(
      'PUT',
      `/api/companies/profile/${demoId}`,
      tokens['owner@demo.test'],
      profile(),
    );
    expect(active.json().company.vat_number_unactive_at).toBeNull();
  });
});
