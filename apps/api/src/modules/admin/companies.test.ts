import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog, StaffCompany, StaffCompanyList } from '@portal/contract';
import { companies, users } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
let operator: string;
let demoId: string;
let otherId: string;
let purchaserId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, purchaser, accountant, other, admin, operator } = await t.signInEach());
  const ids = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = ids.find((row) => row.name === 'Demo Energy BV')!.id;
  otherId = ids.find((row) => row.name === 'Other Power GmbH')!.id;
  const [member] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'purchaser@demo.test'));
  purchaserId = member!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object | undefined, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

async function list(query: string, token = operator): Promise<StaffCompanyList> {
  const response = await get(`/api/admin/companies${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StaffCompanyList>();
}
const names = (page: StaffCompanyList) => page.items.map((row) => row.name);

describe('the staff company list', () => {
  it('lists every company, newest registration first, with members and orders', async () => {
    const page = await list('');
    expect(page.total).toBe(3);
    expect(page.items.find((row) => row.name === 'Demo Energy BV')).toMatchObject({
      status: 'active',
      country: 'NL',
      members: 3,
      xml_feed: true,
      vat_active: true,
    });
  });

  it('finds a company by a part of its name or the start of its VAT number', async () => {
    expect(names(await list('?q=power'))).toEqual(['Other Power GmbH']);
    expect(names(await list('?q=nl123'))).toEqual(['Demo Energy BV']);
    expect(names(await list('?q=%25'))).toEqual([]);
    expect(names(await list('?status=pending'))).toEqual(['Pending Solar BV']);
    expect(names(await list('?country=DE'))).toEqual(['Other Power GmbH']);
    expect((await list('?vat=inactive')).total).toBe(0);
    expect(names(await list('?q=bv&status=active&country=NL&vat=active'))).toEqual([
      'Demo Energy BV',
    ]);
  });

  it('pages in the database and still counts a page past the last', async () => {
    const all = names(await list(''));
    const pages = [await list('?limit=2&page=1'), await list('?limit=2&page=2')];
    expect(pages.flatMap(names)).toEqual(all);
    expect(pages[1]).toMatchObject({ total: 3, page: 2, totalPage: 2 });
    expect(await list('?limit=2&page=5')).toMatchObject({ items: [], total: 3, totalPage: 2 });
    expect(await list('?q=power&page=3')).toMatchObject({ items: [], total: 1 });
    expect(await list('?q=nothing-like-it&page=2')).toMatchObject({ items: [], total: 0 });
  });

  it('refuses bad filters naming the field', async () => {
    const response = await get('/api/admin/companies?status=gone', operator);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('status');
  });
});

describe('a company seen by staff', () => {
  it('shows the profile, the members with their last sign-in, never a password hash', async () => {
    const response = await get(`/api/admin/companies/${demoId}`, operator);
    expect(response.statusCode).toBe(200);
    const company = response.json<StaffCompany>();
    expect(company.member_list.map((member) => member.email).sort()).toEqual([
      'accountant@demo.test',
      'owner@demo.test',
      'purchaser@demo.test',
    ]);
    expect(company.member_list.every((member) => member.last_sign_in_at !== null)).toBe(true);
    expect(response.body).not.toMatch(/password|hash|scrypt|xml_feed_key/i);
    expect((await get(`/api/admin/companies/${randomUUID()}`, operator)).statusCode).toBe(404);
  });

  it('switches the XML feed off and on, and the owner sees the feed link only when on', async () => {
    const feed = (active: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/companies/${demoId}/xml-feed`,
        payload: { active },
        headers: bearer(operator),
      });
    const feedUrl = async () =>
      (await get('/api/auth/me', owner)).json<{ xml_feed_url: string | null }>().xml_feed_url;
    expect((await feed(false)).json<StaffCompany>().xml_feed).toBe(false);
    expect(await feedUrl()).toBeNull();
    expect((await feed(true)).json<StaffCompany>().xml_feed).toBe(true);
    expect(await feedUrl()).toMatch(/\/api\/xml\//);
    const bad = await feed('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('active');
  });

  it('blocks a member: their session ends at once and sign-in says why', async () => {
    const missing = await post(
      `/api/admin/companies/${demoId}/members/${purchaserId}/block`,
      {},
      operator,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('reason');
    const blocked = await post(
      `/api/admin/companies/${demoId}/members/${purchaserId}/block`,
      { reason: 'left the company' },
      operator,
    );
    expect(blocked.statusCode).toBe(200);
    expect((await get('/api/auth/me', purchaser)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'purchaser@demo.test', password: 'Demo-Password-2026' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/blocked/);
    const again = await post(
      `/api/admin/companies/${demoId}/members/${purchaserId}/block`,
      { reason: 'twice' },
      operator,
    );
    expect(again.statusCode).toBe(409);
    // A member of another company is not found through this one.
    expect(
      (await post(`/api/admin/companies/${otherId}/members/${purchaserId}/unblock`, {}, operator))
        .statusCode,
    ).toBe(404);
    const unblocked = await post(
      `/api/admin/companies/${demoId}/members/${purchaserId}/unblock`,
      {},
      operator,
    );
    expect(unblocked.statusCode).toBe(200);
    purchaser = await t.signIn('purchaser@demo.test');
  });

  it('blocks a company: every member is signed out and sign-in names the company block', async () => {
    const response = await post(
      `/api/admin/companies/${demoId}/block`,
      { reason: 'unpaid invoices' },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<StaffCompany>().status).toBe('blocked');
    for (const token of [owner, purchaser, accountant]) {
      expect((await get('/api/auth/me', token)).statusCode).toBe(401);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'owner@demo.test', password: 'Demo-Password-2026' },
      headers: { 'accept-language': 'de' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toMatch(/Firma wurde gesperrt/);
    // The other company is untouched.
    expect((await get('/api/auth/me', other)).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/companies/${demoId}/block`, { reason: 'x' }, admin)).statusCode,
    ).toBe(409);
    expect(
      (await post(`/api/admin/companies/${demoId}/unblock`, undefined, admin)).statusCode,
    ).toBe(200);
    owner = await t.signIn('owner@demo.test');
    purchaser = await t.signIn('purchaser@demo.test');
    accountant = await t.signIn('accountant@demo.test');
  });

  it('mails an active member a reset link, and refuses for one who cannot sign in', async () => {
    const response = await post(
      `/api/admin/companies/${demoId}/members/${purchaserId}/password-reset`,
      undefined,
      operator,
    );
    expect(response.statusCode).toBe(200);
    expect(await t.mailsTo('purchaser@demo.test', 'password_reset')).toHaveLength(1);
    const [pending] = await t.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.email, 'pending@demo.test'));
    const refused = await post(
      `/api/admin/companies/${pending!.companyId}/members/${pending!.id}/password-reset`,
      undefined,
      operator,
    );
    expect(refused.statusCode).toBe(409);
  });

  it('records every action in the audit log with its reason', async () => {
    const log = (await get('/api/admin/audit-log?limit=20', admin)).json<AuditLog>();
    expect(log.items.map((entry) => entry.action)).toEqual([
      'member.password_reset',
      'company.unblock',
      'company.block',
      'member.unblock',
      'member.block',
      'company.xml_feed',
      'company.xml_feed',
    ]);
    expect(log.items.find((entry) => entry.action === 'company.block')).toMatchObject({
      entity_label: 'Demo Energy BV',
      after: { status: 'blocked', reason: 'unpaid invoices' },
      staff: { email: 'admin@demo.test' },
    });
  });
});

describe('company details corrected by staff', () => {
  const put = (url: string, payload: object, token: string, locale = 'en') =>
    t.app.inject({
      method: 'PUT',
      url,
      payload,
      headers: { ...bearer(token), 'accept-language': locale },
    });
  const details = (company: StaffCompany) => ({
    name: company.name,
    company_register_number: company.company_register_number,
    vat_number: company.vat_number,
    country: company.country,
    city: company.city,
    postcode: company.postcode,
    street: company.street,
    house_number: company.house_number,
  });

  it('saves the details, keeps what changed in the audit log, unverifies a new VAT number', async () => {
    await t.db
      .update(companies)
      .set({ vatVerifiedAt: new Date() })
      .where(eq(companies.id, otherId));
    const before = (await get(`/api/admin/companies/${otherId}`, operator)).json<StaffCompany>();
    const url = `/api/admin/companies/${otherId}`;
    const bad = await put(url, { ...details(before), name: ' ', vat_number: 'X' }, operator, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['name', 'vat_number']);
    expect(bad.json().details[0].message).not.toMatch(/required/i);

    const street = await put(url, { ...details(before), street: 'Hafenstraße' }, operator);
    expect(street.statusCode, street.body).toBe(200);
    expect(street.json<StaffCompany>()).toMatchObject({ street: 'Hafenstraße' });
    expect(street.json<StaffCompany>().vat_verified_at).not.toBeNull();

    const vat = await put(
      url,
      { ...details(before), street: 'Hafenstraße', vat_number: 'DE811907980' },
      admin,
    );
    expect(vat.statusCode, vat.body).toBe(200);
    expect(vat.json<StaffCompany>()).toMatchObject({
      vat_number: 'DE811907980',
      vat_verified_at: null,
    });

    const entries = (await get('/api/admin/audit-log?entity_type=company', admin))
      .json<AuditLog>()
      .items.filter((entry) => entry.action === 'company.update');
    expect(entries[0]).toMatchObject({
      before: { vat_number: before.vat_number },
      after: { vat_number: 'DE811907980', vat_check: 'active' },
    });
    expect(entries[1]).toMatchObject({
      before: { street: before.street },
      after: { street: 'Hafenstraße' },
    });
    expect(Object.keys(entries[1]!.after ?? {})).toEqual(['street']);

    expect(
      (await put(`/api/admin/companies/${randomUUID()}`, details(before), admin)).statusCode,
    ).toBe(404);
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await put(url, details(before), token)).statusCode).toBe(403);
    }
  });

  it('asks the register about the VAT number again and records the answer', async () => {
    const checked = await post(`/api/admin/companies/${demoId}/vat-check`, undefined, operator);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({
      outcome: 'active',
      company: { _id: demoId, vat_active: true },
    });
    const [entry] = (await get('/api/admin/audit-log?entity_type=company', admin))
      .json<AuditLog>()
      .items.filter((item) => item.action === 'company.vat_check');
    expect(entry).toMatchObject({ entity_label: 'Demo Energy BV', after: { outcome: 'active' } });
    expect(
      (await post(`/api/admin/companies/${randomUUID()}/vat-check`, undefined, admin)).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/admin/companies/${demoId}/vat-check`, undefined, owner)).statusCode,
    ).toBe(403);
  });
});

describe('who may use the company routes', () => {
  it('refuses customers and anonymous callers', async () => {
    for (const token of [owner, purchaser, accountant, other]) {
      expect((await get('/api/admin/companies', token)).statusCode).toBe(403);
      expect((await get(`/api/admin/companies/${otherId}`, token)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/companies')).statusCode).toBe(401);
  });
});
