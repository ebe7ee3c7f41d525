import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, invoiceAddresses } from '../../db/schema';
import { offlineVatChecker } from '../../platform/vat/offline';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { recheckAllVatNumbers, verifiedSince } from './vat';

/** The VIES stand-in answers what `viesAnswer` says: a status and a body. */
let viesAnswer: { status: number; body: unknown } = { status: 200, body: { valid: true } };
let vies: Server;
let t: TestApp;
let demoId: string;
let otherId: string;
let invoiceId: string;
let otherInvoiceId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  vies = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(viesAnswer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(viesAnswer.body));
    });
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const port = (vies.address() as AddressInfo).port;
  t = await createTestApp({
    VAT_CHECKER: 'vies',
    VIES_URL: `http://127.0.0.1:${port}/rest-api`,
    VIES_TIMEOUT_MS: '500',
  });
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
  const [entity] = await t.db
    .select({ id: invoiceAddresses.id })
    .from(invoiceAddresses)
    .where(eq(invoiceAddresses.companyId, demoId));
  invoiceId = entity!.id;
  const [otherEntity] = await t.db
    .insert(invoiceAddresses)
    .values({
      companyId: otherId,
      companyName: 'Other Power GmbH',
      vatNumber: 'DE123456789',
      street: 'Invalidenstraße',
      houseNumber: '7',
      zipCode: '10115',
      city: 'Berlin',
      country: 'DE',
    })
    .returning({ id: invoiceAddresses.id });
  otherInvoiceId = otherEntity!.id;
});
afterAll(async () => {
  await t.close();
  vies.closeAllConnections();
  await new Promise((resolve) => vies.close(resolve));
});

const post = (url: string, token?: string, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': locale, ...(token ? bearer(token) : {}) },
  });

const companyFlag = async (id: string) =>
  (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!.vatNumberUnactiveAt;
const invoiceFlag = async (id: string) =>
  (await t.db.select().from(invoiceAddresses).where(eq(invoiceAddresses.id, id)))[0]!
    .vatNumberUnactiveAt;

describe('POST /api/companies/check-vat-number', () => {
  it('an inactive answer sets the flag, an outage keeps it, an active answer clears it', async () => {
    viesAnswer = { status: 200, body: { valid: false } };
    const inactive = await post('/api/companies/check-vat-number', tokens['purchaser@demo.test']);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json()).toMatchObject({
      outcome: 'inactive',
      vat_number: 'NL123456789B01',
      message: 'Updated successfully',
    });
    const since = await companyFlag(demoId);
    expect(since).not.toBeNull();

    viesAnswer = { status: 503, body: { errorWrappers: [{ error: 'SERVICE_UNAVAILABLE' }] } };
    const down = await post(
      '/api/companies/check-vat-number',
      tokens['accountant@demo.test'],
      'it',
    );
    expect(down.json()).toMatchObject({ outcome: 'unavailable' });
    expect(down.json().message).toContain('Non è stato possibile');
    expect(await companyFlag(demoId)).toEqual(since);

    viesAnswer = { status: 200, body: { valid: true } };
    const active = await post('/api/companies/check-vat-number', tokens['owner@demo.test']);
    expect(active.json()).toMatchObject({ outcome: 'active', vat_number_unactive_at: null });
    expect(await companyFlag(demoId)).toBeNull();
  });

  it('an outage never marks a good number inactive', async () => {
    viesAnswer = { status: 500, body: 'oops' };
    const response = await post('/api/companies/check-vat-number', tokens['owner@demo.test']);
    expect(response.json().outcome).toBe('unavailable');
    expect(await companyFlag(demoId)).toBeNull();
  });

  it('only checks the caller’s own company; staff and strangers are refused', async () => {
    viesAnswer = { status: 200, body: { valid: false } };
    const other = await post('/api/companies/check-vat-number', tokens['owner@other.test']);
    expect(other.json().vat_number).toBe('DE123456789');
    expect(await companyFlag(otherId)).not.toBeNull();
    expect(await companyFlag(demoId)).toBeNull();
    expect(
      (await post('/api/companies/check-vat-number', tokens['admin@demo.test'])).statusCode,
    ).toBe(403);
    expect((await post('/api/companies/check-vat-number')).statusCode).toBe(401);
  });
});

describe('POST /api/companies/check-invoice-vat-number/{invoiceId}', () => {
  it.each(['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test'])(
    '%s rechecks an invoice entity of the company',
    async (email) => {
      viesAnswer = { status: 200, body: { valid: false } };
      const inactive = await post(
        `/api/companies/check-invoice-vat-number/${invoiceId}`,
        tokens[email],
      );
      expect(inactive.statusCode).toBe(200);
      expect(inactive.json().outcome).toBe('inactive');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(tokens[email]!),
      });
      expect(me.json().invoices[0].vat_number_unactive_at).not.toBeNull();
      viesAnswer = { status: 200, body: { valid: true } };
      await post(`/api/companies/check-invoice-vat-number/${invoiceId}`, tokens[email]);
      expect(await invoiceFlag(invoiceId)).toBeNull();
    },
  );

  it('another company’s invoice entity is not found; bad ids name the field', async () => {
    const foreign = await post(
      `/api/companies/check-invoice-vat-number/${otherInvoiceId}`,
      tokens['owner@demo.test'],
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().type).toBe('NOT_FOUND');
    const bad = await post(
      '/api/companies/check-invoice-vat-number/123',
      tokens['owner@demo.test'],
      'fr',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'invoiceId',
      message: "Cette valeur n'est pas valide",
    });
    expect((await post(`/api/companies/check-invoice-vat-number/${invoiceId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('the daily recheck job', () => {
  it('rechecks every active company and its invoice entities, and skips pending companies', async () => {
    await t.db
      .update(companies)
      .set({ vatNumber: 'NL000000000B00' })
      .where(eq(companies.id, demoId));
    await t.db
      .update(companies)
      .set({ vatNumberUnactiveAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(companies.id, otherId));
    const summary = await recheckAllVatNumbers(t.db, offlineVatChecker());
    // Demo and Other are active with one invoice entity each; Pending Solar is not checked.
    expect(summary).toEqual({ checked: 4, inactive: 1, unavailable: 0 });
    expect(await companyFlag(demoId)).not.toBeNull();
    expect(await companyFlag(otherId)).toBeNull();
    expect(await invoiceFlag(otherInvoiceId)).toBeNull();
  });

  it('an outage during the job changes nothing', async () => {
    const before = await companyFlag(demoId);
    viesAnswer = { status: 500, body: {} };
    const summary = await recheckAllVatNumbers(t.db, t.app.vatChecker);
    expect(summary).toMatchObject({ checked: 4, unavailable: 4, inactive: 0 });
    expect(await companyFlag(demoId)).toEqual(before);
  });
});

describe('verifiedSince', () => {
  const earlier = new Date('2026-01-02T03:04:05Z');
  it('verifies on a VIES confirmation only; a format check verifies nothing', () => {
    expect(verifiedSince({ name: 'vies' }, 'active', null)?.getTime()).toBeGreaterThan(
      Date.now() - 1000,
    );
    expect(verifiedSince({ name: 'offline' }, 'active', null)).toBeNull();
    expect(verifiedSince({ name: 'offline' }, 'active', earlier)).toBe(earlier);
  });
  it('withdraws on a refusal and keeps the last verification when VIES cannot be asked', () => {
    expect(verifiedSince({ name: 'vies' }, 'inactive', earlier)).toBeNull();
    expect(verifiedSince({ name: 'vies' }, 'unavailable', earlier)).toBe(earlier);
  });
});
