import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { companies, products, users } from '../db/schema';
import { hashPassword } from '../platform/auth/passwords';
import { bearer, DEMO_PASSWORD, type TestApp } from './app';

/** Sets a catalog product's price (cents), stock and weight; answers its id. */
export async function stockProduct(
  t: TestApp,
  index: number,
  values: { priceCents: number; quantity: number; weightGrams?: number },
): Promise<string> {
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.sku))
    .limit(index + 1);
  const row = rows[index];
  if (!row) throw new Error(`no product ${index}`);
  await t.db
    .update(products)
    .set({
      priceCents: values.priceCents,
      quantity: values.quantity,
      isInStock: true,
      weightGrams: values.weightGrams ?? 1000,
    })
    .where(eq(products.id, row.id));
  return row.id;
}

export const deliveryAddress = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Demo Energy BV',
  street: 'Coolsingel',
  house_number: '42',
  zip_code: '3011 AA',
  city: 'Rotterdam',
  country: 'NL',
  phone: '+31 10 123 4567',
  email: 'warehouse@demo.test',
  ...overrides,
});

/** Adds an address through the API; answers its id. */
export async function addAddress(
  t: TestApp,
  token: string,
  kind: 'delivery' | 'invoice',
  body: Record<string, unknown> = deliveryAddress(),
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/addresses/${kind}`,
    payload: body,
    headers: bearer(token),
  });
  if (response.statusCode !== 201) throw new Error(`address: ${response.body}`);
  return response.json<{ _id: string }>()._id;
}

/** Puts a product in the caller's cart. */
export async function putInCart(t: TestApp, token: string, productId: string, quantity: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/carts/create-or-update',
    payload: { product_id: productId, quantity },
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`cart: ${response.body}`);
  return response.json<{ item_count: number; subtotal: number }>();
}

/** A new active company with an active owner who can sign in; answers the owner's email. */
export async function createBuyerCompany(
  t: TestApp,
  values: { country?: string; vatNumber?: string } = {},
): Promise<{ email: string; companyId: string }> {
  const suffix = randomBytes(4).toString('hex');
  const [company] = await t.db
    .insert(companies)
    .values({
      name: `Buyer ${suffix} BV`,
      companyRegisterNumber: suffix,
      vatNumber: values.vatNumber ?? `NL${suffix}B01`,
      country: values.country ?? 'NL',
      city: 'Utrecht',
      postcode: '3511 AB',
      street: 'Oudegracht',
      houseNumber: '1',
      status: 'active',
    })
    .returning({ id: companies.id });
  if (!company) throw new Error('company not created');
  const email = `owner-${suffix}@buyers.test`;
  await t.db.insert(users).values({
    companyId: company.id,
    email,
    firstName: 'Bert',
    lastName: `Buyer ${suffix}`,
    role: 'owner',
    status: 'active',
    passwordHash: await hashPassword(DEMO_PASSWORD, t.config.scryptCostLog2),
  });
  return { email, companyId: company.id };
}
