import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, deliveryAddress, putInCart, stockProduct } from '../../test/checkout';

let t: TestApp;
let owner: string;
let admin: string;
let demoCompany: string;
let toNl: string;
let toBe: string;
let belgianEntity: string;

const verify = (companyId: string, body: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/companies/${companyId}/vat-verification`,
    payload: body,
    headers: token ? bearer(token) : {},
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('owner@demo.test');
  admin = await t.signIn('admin@demo.test');
  const [company] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, 'Demo Energy BV'));
  demoCompany = company!.id;
  const battery = await stockProduct(t, 0, { priceCents: 10_000, quantity: 100, weightGrams: 500 });
  await putInCart(t, owner, battery, 5);
  toNl = await addAddress(t, owner, 'delivery');
  toBe = await addAddress(
    t,
    owner,
    'delivery',
    deliveryAddress({ street: 'Meir', zip_code: '2000', city: 'Antwerpen', country: 'BE' }),
  );
  // A Belgian invoice entity with a well-formed VAT number, not verified by anyone.
  belgianEntity = await addAddress(
    t,
    owner,
    'invoice',
    deliveryAddress({
      company_name: 'Demo Energy Belgium BV',
      vat_number: 'BE0123456749',
      street: 'Meir',
      zip_code: '2000',
      city: 'Antwerpen',
      country: 'BE',
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const summary = async (delivery: string, invoice: string | null) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/summary',
    payload: { delivery_address_id: delivery, invoice_address_id: invoice },
    headers: bearer(owner),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    totals: { vat_mode: string; vat_rate: number; tax_amount: number; total: number };
  }>().totals;
};

describe('the VAT of an order (seller in NL)', () => {
  it('NL buyer, goods to NL: domestic 21 %', async () => {
    expect(await summary(toNl, null)).toMatchObject({ vat_mode: 'domestic', vat_rate: 21 });
  });

  it('goods to NL with a Belgian invoice entity: domestic, the goods stay in NL', async () => {
    await verify(demoCompany, { invoice_address_id: belgianEntity, verified: true });
    expect(await summary(toNl, belgianEntity)).toMatchObject({
      vat_mode: 'domestic',
      vat_rate: 21,
    });
    await verify(demoCompany, { invoice_address_id: belgianEntity, verified: false });
  });

  it('goods to BE for a Belgian buyer whose number is only well formed: 21 %, no reverse charge', async () => {
    const unverified = await summary(toBe, belgianEntity);
    expect(unverified).toMatchObject({ vat_mode: 'no_vat_number', vat_rate: 21 });
    expect(unverified.tax_amount).toBeGreaterThan(0);
  });

  it('goods to BE for a Belgian buyer verified by staff: reverse charge at 0 %', async () => {
    const before = await summary(toBe, belgianEntity);
    const marked = await verify(demoCompany, { invoice_address_id: belgianEntity, verified: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ vat_number: 'BE0123456749' });
    expect(new Date(marked.json().vat_verified_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const verified = await summary(toBe, belgianEntity);
    expect(verified).toMatchObject({ vat_mode: 'reverse_charge', vat_rate: 0, tax_amount: 0 });
    expect(verified.total).toBeLessThan(before.total);
  });

  it('a changed VAT number is unverified again', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/addresses/invoice/${belgianEntity}`,
      payload: deliveryAddress({
        company_name: 'Demo Energy Belgium BV',
        vat_number: 'BE0987654321',
        street: 'Meir',
        zip_code: '2000',
        city: 'Antwerpen',
        country: 'BE',
      }),
      headers: bearer(owner),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await summary(toBe, belgianEntity)).toMatchObject({ vat_mode: 'no_vat_number' });
  });

  it('goods to BE for the NL buyer (established in the seller country): domestic', async () => {
    expect(await summary(toBe, null)).toMatchObject({ vat_mode: 'domestic', vat_rate: 21 });
  });

  it('delivers to member states only: a non-EU delivery address is refused, naming the country', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/addresses/delivery',
      payload: deliveryAddress({ country: 'CH', city: 'Basel', zip_code: '4051' }),
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: 'country' }));
  });
});

describe('POST /api/admin/companies/:companyId/vat-verification', () => {
  it('is for staff only; other companies’ entities and unknown ids are 404', async () => {
    expect((await verify(demoCompany, { verified: true }, '')).statusCode).toBe(401);
    for (const email of ['owner@demo.test', 'purchaser@demo.test', 'accountant@demo.test']) {
      const response = await verify(demoCompany, { verified: true }, await t.signIn(email));
      expect(response.statusCode, email).toBe(403);
    }
    const [other] = await t.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, 'Other Power GmbH'));
    const foreign = await verify(other!.id, { invoice_address_id: belgianEntity, verified: true });
    expect(foreign.statusCode).toBe(404);
    const unknown = await verify('00000000-0000-4000-8000-000000000000', { verified: true });
    expect(unknown.statusCode).toBe(404);
    const bad = await verify(demoCompany, { verified: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ field: 'verified' }));
  });

  it('marks the company number verified with the date, or withdraws it', async () => {
    const off = await verify(demoCompany, { verified: false });
    expect(off.json()).toEqual({ vat_number: 'NL123456789B01', vat_verified_at: null });
    const on = await verify(demoCompany, { verified: true });
    expect(on.json().vat_verified_at).not.toBeNull();
  });
});
