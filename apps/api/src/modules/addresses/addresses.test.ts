import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, deliveryAddress } from '../../test/checkout';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  [owner, purchaser, accountant, other, admin] = (await Promise.all(
    [
      'owner@demo.test',
      'purchaser@demo.test',
      'accountant@demo.test',
      'owner@other.test',
      'admin@demo.test',
    ].map((email) => t.signIn(email)),
  )) as [string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

type Address = { _id: string; is_default: boolean; city: string; kind: string };
const list = async (kind: string, token = purchaser) =>
  (await t.app.inject({ url: `/api/addresses/${kind}`, headers: bearer(token) })).json<{
    items: Address[];
  }>().items;
const send = (
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { ...bearer(token), 'accept-language': locale },
  });

describe('address books', () => {
  it('asks for a token and is not for staff', async () => {
    expect((await t.app.inject({ url: '/api/addresses/delivery' })).statusCode).toBe(401);
    expect(
      (await send('POST', '/api/addresses/delivery', admin, deliveryAddress())).statusCode,
    ).toBe(403);
  });

  it('lists the seeded invoice entity with its VAT status', async () => {
    const [entity] = await list('invoice');
    expect(entity).toMatchObject({
      kind: 'invoice',
      company_name: 'Demo Energy BV',
      vat_number: 'NL123456789B01',
      vat_number_unactive_at: null,
      is_default: true,
    });
  });

  it('makes the first address the default and moves the default on request', async () => {
    expect(await list('delivery')).toEqual([]);
    const first = await addAddress(t, purchaser, 'delivery');
    const second = await addAddress(t, owner, 'delivery', deliveryAddress({ city: 'Delft' }));
    let book = await list('delivery', accountant);
    expect(book.map((a) => [a._id, a.is_default])).toEqual([
      [first, true],
      [second, false],
    ]);
    const third = await addAddress(
      t,
      accountant,
      'delivery',
      deliveryAddress({ city: 'Leiden', is_default: true }),
    );
    book = await list('delivery');
    expect(book.filter((a) => a.is_default).map((a) => a._id)).toEqual([third]);

    const removed = await send('DELETE', `/api/addresses/delivery/${third}`, purchaser);
    expect(removed.json()).toEqual({ message: 'The address has been deleted' });
    book = await list('delivery');
    expect(book.filter((a) => a.is_default)).toHaveLength(1);
    expect(book.map((a) => a._id).sort()).toEqual([first, second].sort());
  });

  it('replaces every field of an address', async () => {
    const id = await addAddress(t, purchaser, 'invoice', {
      ...deliveryAddress({ company_name: 'Demo Energy Belgium BV', country: 'BE' }),
      vat_number: 'be 0123.456.789',
      additional_information: 'Accounts payable',
    });
    const response = await send(
      'PUT',
      `/api/addresses/invoice/${id}`,
      purchaser,
      deliveryAddress({
        city: 'Antwerpen',
        country: 'BE',
        vat_number: 'BE0123456789',
        mobile_phone: null,
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: id,
      city: 'Antwerpen',
      country: 'BE',
      vat_number: 'BE0123456789',
      mobile_phone: null,
      additional_information: null,
      is_default: false,
    });
  });

  it('keeps other companies out with 404', async () => {
    const id = await addAddress(t, purchaser, 'delivery');
    expect(await list('delivery', other)).toEqual([]);
    const put = await send('PUT', `/api/addresses/delivery/${id}`, other, deliveryAddress());
    expect(put.statusCode).toBe(404);
    expect((await send('DELETE', `/api/addresses/delivery/${id}`, other)).statusCode).toBe(404);
    // The same id under the other book is not found either.
    expect((await send('DELETE', `/api/addresses/invoice/${id}`, purchaser)).statusCode).toBe(404);
  });

  it('validates every field, in the request language', async () => {
    const response = await send(
      'POST',
      '/api/addresses/delivery',
      purchaser,
      {
        company_name: ' ',
        street: 'Coolsingel',
        house_number: '42',
        zip_code: '',
        country: 'US',
        email: 'not-an-email',
        price: 1,
      },
      'nl',
    );
    expect(response.statusCode).toBe(400);
    const details = Object.fromEntries(
      (response.json().details as { field: string; message: string }[]).map((d) => [
        d.field,
        d.message,
      ]),
    );
    expect(Object.keys(details).sort()).toEqual(
      ['city', 'company_name', 'country', 'email', 'price', 'zip_code'].sort(),
    );
    expect(details.city).toBe('Dit veld is verplicht');
    expect(
      (await send('POST', '/api/addresses/billing', purchaser, deliveryAddress())).statusCode,
    ).toBe(400);
  });
});
