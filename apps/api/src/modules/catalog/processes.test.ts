import type { ChildProcess } from 'node:child_process';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, StaffProduct } from '@portal/contract';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { multipartBody } from '../../test/claims';
import { startApi, stopApi } from '../../test/processes';

describe.skipIf(!process.env.TEST_DATABASE_URL)('staff changes seen by another API process', () => {
  let t: TestApp;
  let admin: string;
  let buyer: string;
  let first: { url: string; child: ChildProcess };
  let second: { url: string; child: ChildProcess };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, buyer] = await Promise.all([
      t.signIn('admin@demo.test'),
      t.signIn('purchaser@demo.test'),
    ]);
    [first, second] = await Promise.all([startApi(t), startApi(t)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([first, second].filter(Boolean).map(({ child }) => stopApi(child)));
    await t.close();
  });

  const call = (url: string, path: string, token: string, init: RequestInit = {}) =>
    fetch(`${url}/api${path}`, {
      ...init,
      headers: { ...bearer(token), ...(init.headers as Record<string, string>) },
    });
  /** Milliseconds until the second process answers what `done` looks for (at most 10 s). */
  async function msUntil(path: string, done: (product: Product) => boolean): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      const product = (await (await call(second.url, path, buyer)).json()) as Product;
      if (done(product)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Infinity;
  }

  it('shows a price, a stock count and a title changed on the first within 2 seconds', async () => {
    const [row] = await t.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.sku))
      .limit(1);
    const path = `/products/sku/${row!.sku}`;
    // Both processes have their catalog ready.
    for (const api of [first, second]) expect((await call(api.url, path, buyer)).status).toBe(200);
    const product = (await (
      await call(first.url, `/admin/products/${row!.id}`, admin)
    ).json()) as StaffProduct;
    const {
      quantity: _q,
      images: _i,
      slug: _s,
      views: _v,
      buyers: _b,
      ordered: _o,
      created_at: _c,
      updated_at: _u,
      _id,
      ...input
    } = product;
    const put = (body: object) =>
      call(first.url, `/admin/products/${row!.id}`, admin, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    expect((await put({ ...input, price: 4321.09 })).status).toBe(200);
    expect(await msUntil(path, (seen) => seen.price === 4321.09)).toBeLessThanOrEqual(2_000);

    const received = await call(first.url, `/admin/products/${row!.id}/stock-movements`, admin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'received', change: 1_000 }),
    });
    expect(received.status).toBe(200);
    const quantity = ((await received.json()) as StaffProduct).quantity;
    expect(await msUntil(path, (seen) => seen.quantity === quantity)).toBeLessThanOrEqual(2_000);

    const title = 'Renamed on the first process';
    expect(
      (
        await put({
          ...input,
          price: 4321.09,
          texts: { ...input.texts, en: { ...input.texts.en!, title } },
        })
      ).status,
    ).toBe(200);
    expect(await msUntil(path, (seen) => seen.name === title)).toBeLessThanOrEqual(2_000);
  });

  it('runs an import once across both processes and shows its prices on the other', async () => {
    const rows = await t.db
      .select({ sku: products.sku })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.sku))
      .offset(10)
      .limit(20);
    const csv = ['sku,price', ...rows.map((row, index) => `${row.sku},${100 + index}.50`)].join(
      '\n',
    );
    const body = multipartBody({ name: 'prices.csv', content: csv });
    const queued = await fetch(`${first.url}/api/admin/products/import?dry_run=false`, {
      method: 'POST',
      headers: { ...body.headers, ...bearer(admin) },
      body: body.payload,
    });
    expect(queued.status).toBe(202);
    const job = (await queued.json()) as { _id: string };
    const started = Date.now();
    let status = '';
    while (status !== 'done' && Date.now() - started < 20_000) {
      const answer = await call(second.url, `/admin/products/imports/${job._id}`, admin);
      ({ status } = (await answer.json()) as { status: string });
      if (status !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('done');
    const last = rows[rows.length - 1]!;
    expect(
      await msUntil(
        `/products/sku/${last.sku}`,
        (seen) => seen.price === 100 + rows.length - 1 + 0.5,
      ),
    ).toBeLessThanOrEqual(2_000);
  });
});
