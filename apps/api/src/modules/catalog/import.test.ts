import ExcelJS from 'exceljs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportReport } from '@portal/contract';
import {
  categoryTranslations,
  importJobRows,
  importJobs,
  products,
  stockMovements,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { multipartBody } from '../../test/claims';
import { startImportWorker } from './import-jobs';

let t: TestApp;
let admin: string;
let operator: string;
let owner: string;
let existing: { sku: string; id: string; priceCents: number; quantity: number }[];
let categorySlug: string;
const silent = { info: () => {}, error: () => {} } as never;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, owner] = (await Promise.all(
    ['admin@demo.test', 'operator@demo.test', 'owner@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
  existing = await t.db
    .select({
      sku: products.sku,
      id: products.id,
      priceCents: products.priceCents,
      quantity: products.quantity,
    })
    .from(products)
    .orderBy(asc(products.sku))
    .limit(250);
  const [category] = await t.db
    .select({ slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.locale, 'en'))
    .limit(1);
  categorySlug = category!.slug;
});
afterAll(async () => {
  await t.close();
});

function send(
  content: Buffer | string,
  options: { dryRun?: boolean; token?: string; name?: string } = {},
) {
  const body = multipartBody({ name: options.name ?? 'products.csv', content, type: 'text/csv' });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dry_run=${options.dryRun ?? true}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(options.token ?? admin), 'accept-language': 'fr' },
  });
}

const drain = (batchSize?: number) =>
  startImportWorker(t.db, silent, () => {}, { intervalMs: 60_000, batchSize, pauseMs: 0 }).drain();
const product = async (sku: string) =>
  (await t.db.select().from(products).where(eq(products.sku, sku)))[0];

describe('importing products from a file', () => {
  it('checks a Windows-1252 file with semicolons row by row, in French, and changes nothing', async () => {
    const [a, b] = existing;
    const lines = [
      'sku;price;stock;title_fr;manufacturer;reference;title_en;category',
      `${a!.sku};19,90;77;Batterie spéciale;;;;`,
      `NEW-IMPORT-1;45.00;12;Chargeur été;Solaris;SOL-1;Summer charger;${categorySlug}`,
      `${b!.sku};12,5x;;;;;;`,
      `NEW-IMPORT-2;10;;=HYPERLINK("http://x");Acme;R;Title;${categorySlug}`,
      `${a!.sku};20;;;;;;`,
      `NEW-IMPORT-3;10;;;Acme;R;Title;no-such-category`,
      `NEW-IMPORT-4;10;;;;;;`,
    ];
    const file = Buffer.from(lines.join('\r\n'), 'latin1');
    const response = await send(file);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<ImportReport>();
    expect(report).toMatchObject({
      kind: 'products',
      total: 7,
      counts: { created: 1, updated: 1, unchanged: 0, error: 5 },
    });
    const errors = Object.fromEntries(
      report.rows.filter((row) => row.outcome === 'error').map((row) => [row.row, row.errors]),
    );
    expect(errors[4]).toEqual([{ column: 'price', message: expect.stringMatching(/nombre/) }]);
    expect(errors[5]).toEqual([{ column: 'title_fr', message: expect.stringMatching(/formule/) }]);
    expect(errors[6]).toEqual([{ column: 'sku', message: 'Ce SKU est aussi à la ligne 2' }]);
    expect(errors[7]?.[0]?.column).toBe('category');
    expect(errors[8]?.map((error) => error.column)).toEqual([
      'reference',
      'title_en',
      'manufacturer',
      'category',
    ]);
    expect(report.rows.find((row) => row.row === 3)).toMatchObject({ outcome: 'created' });
    expect(await product('NEW-IMPORT-1')).toBeUndefined();
    expect((await product(a!.sku))?.priceCents).toBe(a!.priceCents);
  });

  it('imports the good rows in the background: created, updated, stock moved, searchable', async () => {
    const [, , c, d] = existing;
    const file = [
      'sku,price,stock,title_en,title_fr,description_en,manufacturer,reference,category,active',
      `${c!.sku},"1.234,50",${c!.quantity + 5},,,,,,,`,
      `${d!.sku},${(d!.priceCents / 100).toFixed(2)},,,,,,,,`,
      `IMP-NEW-42,99.99,8,Imported charger,Chargeur importé,Charges anything.,Importix,IMP-42,${categorySlug},yes`,
    ].join('\n');
    const queued = await send(file, { dryRun: false, name: 'week-48.csv' });
    expect(queued.statusCode, queued.body).toBe(202);
    const job = queued.json<ImportJob>();
    expect(job).toMatchObject({ status: 'queued', total: 3, file_name: 'week-48.csv' });
    const again = await send(file, { dryRun: false });
    expect(again.statusCode).toBe(409);

    await drain();
    const done = await t.app.inject({
      url: `/api/admin/products/imports/${job._id}`,
      headers: bearer(admin),
    });
    expect(done.json<ImportJob>()).toMatchObject({
      status: 'done',
      processed: 3,
      counts: { created: 1, updated: 1, unchanged: 1 },
    });
    expect(await product(c!.sku)).toMatchObject({ priceCents: 123_450, quantity: c!.quantity + 5 });
    const created = await product('IMP-NEW-42');
    expect(created).toMatchObject({ priceCents: 9_999, quantity: 8, isActive: true });
    const [movement] = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, c!.id))
      .orderBy(sql`${stockMovements.id} desc`)
      .limit(1);
    expect(movement).toMatchObject({ reason: 'correction', change: 5 });
    await t.app.catalog.refresh();
    const found = await t.app.inject({
      url: '/api/products?search=chargeur%20importe&locale=fr',
      headers: bearer(owner),
    });
    expect(found.json().items[0]).toMatchObject({ sku: 'IMP-NEW-42', name: 'Chargeur importé' });
    const list = await t.app.inject({ url: '/api/admin/products/imports', headers: bearer(admin) });
    expect(list.json().items[0]._id).toBe(job._id);
  });

  it('reads a stock file from an XLSX spreadsheet', async () => {
    const [, , , , e] = existing;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['SKU', 'Stock']);
    sheet.addRow([e!.sku, 321]);
    sheet.addRow(['UNKNOWN-SKU-1', 4]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const report = (await send(bytes, { name: 'stock.xlsx' })).json<ImportReport>();
    expect(report).toMatchObject({
      kind: 'stock',
      counts: { updated: 1, error: 1 },
    });
    const queued = await send(bytes, { dryRun: false, name: 'stock.xlsx' });
    expect(queued.statusCode).toBe(202);
    await drain();
    expect((await product(e!.sku))?.quantity).toBe(321);
  });

  it('resumes a job whose worker stopped after its first batch, without applying it twice', async () => {
    const rows = existing.slice(0, 250).map((row, index) => ({
      line: index + 2,
      sku: row.sku,
      quantity: 1_000 + index,
      outcome: 'updated',
    }));
    const createdBy = await t.db
      .execute(sql`select id from users where email = 'admin@demo.test'`)
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows[0]!.id);
    const [job] = await t.db
      .insert(importJobs)
      .values({
        kind: 'stock',
        fileName: 'stock.csv',
        columns: ['sku', 'stock'],
        total: rows.length,
        processed: 100,
        status: 'running',
        heartbeatAt: sql`now() - interval '1 minute'`,
        createdBy,
      })
      .returning();
    await t.db
      .insert(importJobRows)
      .values(rows.map((row, position) => ({ jobId: job!.id, position, row })));
    await drain(100);
    const [after] = await t.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(after).toMatchObject({ status: 'done', processed: 250 });
    // Its rows are gone once applied; the job keeps its counts.
    expect(await t.db.$count(importJobRows, eq(importJobRows.jobId, job!.id))).toBe(0);
    expect((await product(existing[249]!.sku))?.quantity).toBe(1_249);
    // The first batch was done before the stop: not applied again.
    expect((await product(existing[10]!.sku))?.quantity).not.toBe(1_010);
  });

  it('answers a broken or hostile file clearly, never with a 500', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const binary = await send(png, { name: 'products.csv' });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().details[0]).toMatchObject({ field: 'file' });
    const unknown = await send('sku,colour\nA-1,red');
    expect(unknown.json().details[0].message).toContain('colour');
    expect((await send('price\n12')).json().details[0].message).toMatch(/sku/);
    expect((await send('sku,price\n')).statusCode).toBe(400);
    const brokenXlsx = await send(Buffer.from('PK\u0003\u0004garbage'), { name: 'x.xlsx' });
    expect(brokenXlsx.statusCode).toBe(400);
    const huge = await send(Buffer.alloc(26 * 1024 * 1024, 'a'));
    expect(huge.statusCode).toBe(413);
    const many = ['sku,stock', ...Array.from({ length: 100_001 }, (_, i) => `S-${i},1`)].join('\n');
    const tooMany = await send(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0].message).toMatch(/100000|100 000|100\u202f000/);
    const allBad = await send('sku,price\nA-1,abc', { dryRun: false });
    expect(allBad.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await send('sku,stock\nA,1', { token: operator })).statusCode).toBe(403);
    expect((await send('sku,stock\nA,1', { token: owner })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/products/import' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('exporting the catalog', () => {
  it('streams the filtered catalog in the import columns, formulas escaped', async () => {
    await t.db
      .update(products)
      .set({ manufacturer: '=Evil()' })
      .where(eq(products.sku, existing[20]!.sku));
    const csv = await t.app.inject({
      url: '/api/admin/products/export.csv?manufacturer=%3DEvil()',
      headers: bearer(admin),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/products-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.startsWith('sku,reference,ean,title_en')).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${existing[20]!.sku},`);
    expect(lines[1]).toContain("'=Evil()");

    const all = await t.app.inject({
      url: '/api/admin/products/export.csv',
      headers: bearer(admin),
    });
    expect(all.body.trim().split('\r\n')).toHaveLength((await t.db.$count(products)) + 1);

    const xlsx = await t.app.inject({
      url: '/api/admin/products/export.xlsx?manufacturer=%3DEvil()',
      headers: bearer(admin),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('sku');
    expect(sheet.getRow(2).getCell(1).value).toBe(existing[20]!.sku);
    expect(
      (await t.app.inject({ url: '/api/admin/products/export.csv', headers: bearer(operator) }))
        .statusCode,
    ).toBe(403);
  });
});
