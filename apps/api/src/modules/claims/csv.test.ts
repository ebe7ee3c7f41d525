import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { box, claimableOrder, multipartBody, type PlacedOrder } from '../../test/claims';
import { csvCell } from '../../platform/csv';
import { claimCsvTemplate, parseClaimCsv } from './csv';

let t: TestApp;
let owner: string;
let other: string;
let battery: string;
let panel: string;
let order: PlacedOrder;
let bulk: PlacedOrder;

beforeAll(async () => {
  t = await createTestApp();
  let admin: string;
  [owner, other, admin] = (await Promise.all(
    ['owner@demo.test', 'owner@other.test', 'admin@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
  const ids = [
    await stockProduct(t, 0, { priceCents: 1_000, quantity: 100_000, weightGrams: 10 }),
    await stockProduct(t, 1, { priceCents: 1_000, quantity: 100_000, weightGrams: 10 }),
  ];
  const rows = await t.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.id, ids));
  [battery, panel] = ids.map((id) => rows.find((row) => row.id === id)!.sku) as [string, string];
  const address = await addAddress(t, owner, 'delivery');
  const tokens = { buyer: owner, admin };
  order = await claimableOrder(t, tokens, address, [
    [ids[0]!, 10],
    [ids[1]!, 5],
  ]);
  bulk = await claimableOrder(t, tokens, address, [[ids[0]!, 1_000]]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const HEADER = 'order_number,sku,quantity,reason,demand_action,comment';

async function upload(
  url: string,
  file: { name: string; content: Buffer | string } | null,
  fields: Record<string, string> = { kind: 'return' },
  token = owner,
  locale = 'en',
) {
  const body = multipartBody(file, fields);
  return t.app.inject({
    method: 'POST',
    url,
    ...body,
    headers: { ...body.headers, ...bearer(token), 'accept-language': locale },
  });
}
const preview = (content: Buffer | string, name = 'claims.csv', fields?: Record<string, string>) =>
  upload('/api/claims/csv/preview', { name, content }, fields);

const fileError = (message: string) => ({
  type: 'VALIDATION_ERROR',
  details: [{ field: 'file', message }],
});

describe('the CSV format spreadsheets write', () => {
  it('reads a BOM, semicolons, CRLF, quoted separators, quotes and line breaks, empty lines', async () => {
    const text =
      '\uFEFFOrder Number;SKU;Quantity;Reason;Demand Action;Comment\r\n' +
      `${order.orderNumber};${battery};2;Product defect;refund;"Broken; see ""photo"", and\r\nmore"\r\n` +
      '\r\n' +
      `${order.orderNumber};${panel};1;wrong_item;Replacement;\r\n` +
      ';;;;;\r\n';
    const response = await preview(text);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ kind: 'return', delimiter: ';', total_rows: 2, valid_rows: 2 });
    expect(body.rows[0]).toMatchObject({
      line: 2,
      values: { sku: battery, quantity: '2', comment: 'Broken; see "photo", and\r\nmore' },
      eligibility: 'return_eligible',
      errors: [],
      valid: true,
      title: expect.any(String),
    });
    expect(body.rows[1]).toMatchObject({ line: 5, values: { sku: panel }, valid: true });
  });

  it('reads commas with quoted commas and LF line ends, and columns in any order', async () => {
    const text = `SKU,order_number,QTY,reason,demand_action\n${battery},${order.orderNumber},1,other,refund\n`;
    const body = (await preview(text)).json();
    expect(body).toMatchObject({ delimiter: ',', total_rows: 1, valid_rows: 1 });
    const quoted = `${HEADER}\n${order.orderNumber},${battery},1,other,refund,"a, b, c"\n`;
    expect((await preview(quoted)).json().rows[0].values.comment).toBe('a, b, c');
  });

  it('also takes a text/csv body with the kind in the query', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/claims/csv/preview?kind=warranty',
      payload: `${HEADER}\n${order.orderNumber},${battery},1,product_defect,repair,\n`,
      headers: { 'content-type': 'text/csv', ...bearer(owner) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'warranty', rows: [{ valid: true }] });
  });

  it("shows each row's errors as message keys and messages", async () => {
    const text = [
      HEADER,
      `123,${battery},1,other,refund,`,
      `${order.orderNumber},${battery},,other,refund,`,
      `${order.orderNumber},${battery},1,,refund,`,
      `${order.orderNumber},${battery},1,broken,refund,`,
      `${order.orderNumber},${panel},6,other,refund,`,
      `9999999999,${battery},1,other,refund,`,
    ].join('\n');
    const response = await upload(
      '/api/claims/csv/preview',
      { name: 'c.csv', content: text },
      { kind: 'return' },
      owner,
      'de',
    );
    const rows = response.json().rows;
    expect(rows.map((row: { valid: boolean }) => row.valid)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(rows[0].errors).toEqual([
      {
        field: 'order_number',
        key: 'validation.order_number_length',
        vars: {},
        message: 'Die Bestellnummer muss genau 10 Zeichen lang sein',
      },
    ]);
    expect(rows[1].errors[0]).toMatchObject({
      field: 'quantity',
      key: 'validation.fields_required',
    });
    expect(rows[2].errors[0]).toMatchObject({
      field: 'reason',
      key: 'validation.reason_demand_required',
      message: 'Grund und gewünschte Maßnahme sind erforderlich',
    });
    // An unknown reason lists the ones the file may use.
    expect(rows[3].errors[0]).toMatchObject({
      field: 'reason',
      key: 'validation.choose_one_of',
      message: expect.stringMatching(/^Wählen Sie eine der Optionen: .*other/) as string,
    });
    expect(rows[4]).toMatchObject({
      eligibility: 'exceed',
      errors: [{ field: 'quantity', key: 'validation.quantity_exceeds_limit' }],
    });
    expect(rows[5]).toMatchObject({
      eligibility: 'order_not_found',
      errors: [
        {
          field: '',
          key: 'validation.item_not_eligible',
          vars: { eligibility: 'order_not_found' },
        },
      ],
    });
  });

  it("answers order_not_found for another company's order numbers", async () => {
    const text = `${HEADER}\n${order.orderNumber},${battery},1,other,refund,\n`;
    const response = await upload(
      '/api/claims/csv/preview',
      { name: 'c.csv', content: text },
      { kind: 'return' },
      other,
    );
    expect(response.json().rows[0]).toMatchObject({ eligibility: 'order_not_found', valid: false });
  });

  it('checks 10,000 rows within 5 seconds', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `${bulk.orderNumber},${battery},1,product_defect,refund,row ${i}`,
    );
    const text = `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
    const started = performance.now();
    const response = await preview(text);
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toMatchObject({
      total_rows: 10_000,
      valid_rows: 1_000,
      invalid_rows: 9_000,
    });
    expect(response.json().rows[9_999]).toMatchObject({ line: 10_001, eligibility: 'exceed' });
    expect(elapsed).toBeLessThan(5_000);
  }, 30_000);
});

describe('files refused as a whole, with a clear error', () => {
  it('refuses more than 10,000 rows', async () => {
    const rows = Array.from(
      { length: 10_001 },
      () => `${order.orderNumber},${battery},1,other,refund,`,
    );
    const response = await preview(`${HEADER}\n${rows.join('\n')}\n`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(fileError('The file has more than 10000 rows'));
  });

  it('refuses a 20 MB file before reading it (413)', async () => {
    const line = `${order.orderNumber},${battery},1,other,refund,${'x'.repeat(200)}\n`;
    const big = Buffer.from(HEADER + '\n' + line.repeat(Math.ceil((20 * 1_048_576) / line.length)));
    expect(big.length).toBeGreaterThan(20 * 1_048_576);
    const response = await preview(big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject(fileError('The file is larger than 5 MB'));
  });

  it('refuses a binary renamed to .csv, and text that is not UTF-8', async () => {
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const message =
      'This file is not a UTF-8 text CSV (a spreadsheet or another binary file renamed .csv?): export it as “CSV UTF-8”';
    expect((await preview(png)).json()).toMatchObject(fileError(message));
    const latin1 = Buffer.from(
      `${HEADER}\n${order.orderNumber},${battery},1,other,refund,caf\xe9\n`,
      'latin1',
    );
    expect((await preview(latin1)).json()).toMatchObject(fileError(message));
    const utf16 = Buffer.from(`\uFEFF${HEADER}\n`, 'utf16le');
    expect((await preview(utf16)).json()).toMatchObject(fileError(message));
  });

  it('refuses other extensions, no file, no kind, missing columns, empty files, broken quotes', async () => {
    expect((await preview(`${HEADER}\n`, 'claims.xlsx')).json()).toMatchObject(
      fileError('Only .csv files are accepted'),
    );
    const none = await upload('/api/claims/csv/preview', null);
    expect(none.json()).toMatchObject(fileError('You have to upload a file'));
    const empty = await preview('');
    expect(empty.json()).toMatchObject(fileError('You have to upload a file'));
    const noKind = await preview(
      `${HEADER}\n${order.orderNumber},${battery},1,other,refund,\n`,
      'c.csv',
      {},
    );
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().details).toEqual([
      { field: 'kind', message: 'Please fill in all required fields' },
    ]);
    expect((await preview('sku,quantity\nA,1\n')).json()).toMatchObject(
      fileError('The file misses the columns order_number, reason, demand_action'),
    );
    expect((await preview(`${HEADER}\r\n\r\n`)).json()).toMatchObject(
      fileError('The file has no rows to claim'),
    );
    expect((await preview(`${HEADER}\n"unclosed,${battery},1,other,refund,\n`)).statusCode).toBe(
      400,
    );
    const french = await upload(
      '/api/claims/csv/preview',
      { name: 'a.txt', content: HEADER },
      { kind: 'return' },
      owner,
      'fr',
    );
    expect(french.json()).toMatchObject(fileError('Seuls les fichiers .csv sont acceptés'));
  });

  it('refuses without a token (401) and for the accountant (403)', async () => {
    const accountant = await t.signIn('accountant@demo.test');
    expect(
      (
        await upload(
          '/api/claims/csv/preview',
          { name: 'c.csv', content: HEADER },
          { kind: 'return' },
          accountant,
        )
      ).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/claims/csv/preview',
      ...multipartBody({ name: 'c.csv', content: HEADER }),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/claims/csv', () => {
  it("files one claim from the file's valid rows, with the shipping boxes", async () => {
    const text = [
      HEADER,
      `${order.orderNumber},${battery},2,product_defect,refund,"=HYPERLINK(""http://evil.test"",""click"")"`,
      `${order.orderNumber},${panel},1,wrong_item,replacement,+SUM(1+2)`,
      `9999999999,${battery},1,other,refund,`,
    ].join('\r\n');
    const response = await upload(
      '/api/claims/csv',
      { name: 'claims.csv', content: text },
      { kind: 'return', boxes: JSON.stringify([box]), comment: 'Bulk' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const claim = response.json();
    expect(claim).toMatchObject({
      source: 'csv',
      kind: 'return',
      comment: 'Bulk',
      tracking_codes: ['JD0001'],
    });
    expect(claim.items.map((item: { sku: string }) => item.sku)).toEqual([battery, panel]);
    // The formula is kept as text, and exported with a leading apostrophe.
    expect(claim.items[0].comment).toBe('=HYPERLINK("http://evil.test","click")');
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/claims/${claim._id}/csv`,
      headers: bearer(owner),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'order_number,sku,quantity,reason,demand_action,comment,title,eligibility,item_status,tracking_number,credit_note_number',
    );
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(lines[2]).toContain(",'+SUM(1+2),");
    const parsed = parseClaimCsv(exported.body.replace(/^\uFEFF/, ''));
    expect(parsed.records[0]?.values.comment).toBe(`'=HYPERLINK("http://evil.test","click")`);
  });

  it('needs a shipping box and at least one valid row', async () => {
    const valid = `${HEADER}\n${order.orderNumber},${battery},1,other,refund,\n`;
    const noBox = await upload(
      '/api/claims/csv',
      { name: 'c.csv', content: valid },
      { kind: 'return' },
    );
    expect(noBox.json().details).toEqual([
      { field: 'boxes', message: 'You have to add at least one shipping box' },
    ]);
    const badBox = await upload(
      '/api/claims/csv',
      { name: 'c.csv', content: valid },
      { kind: 'return', boxes: '[{"carrier":"DHL"}]' },
    );
    expect(badBox.json().details).toContainEqual({
      field: 'boxes.0.tracking_code',
      message: 'Please fill in all required fields of shipping details',
    });
    const invalid = `${HEADER}\n9999999999,${battery},1,other,refund,\n`;
    const none = await upload(
      '/api/claims/csv',
      { name: 'c.csv', content: invalid },
      { kind: 'return', boxes: JSON.stringify([box]) },
    );
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject(fileError('The file has no valid rows to claim'));
  });
});

describe('the template and CSV cells', () => {
  it('downloads a template with the header and one example row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/claims/csv/template',
      headers: bearer(owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('claims-template.csv');
    expect(response.body).toBe(claimCsvTemplate());
    const parsed = parseClaimCsv(response.body.replace(/^\uFEFF/, ''));
    expect(parsed.records).toHaveLength(1);
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+31 10 123', "'+31 10 123"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
    [12, '12'],
  ])('writes %j as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('a NUL byte in an upload', () => {
  it.each([
    ['a form field', 'claims.csv', { kind: 'return', comment: 'nul\u0000byte' }, 'comment'],
    ['the file name', 'cla\u0000ims.csv', { kind: 'return' }, 'file'],
  ])('in %s is refused with 400 naming the field', async (_, name, fields, field) => {
    const csv = `${HEADER}\n${order.orderNumber},${battery},1,defect,refund,\n`;
    const response = await preview(csv, name, fields);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toContainEqual({
      field,
      message: expect.stringMatching(/NUL/),
    });
  });

  it('in the CSV text is refused on the field file', async () => {
    const response = await preview(
      `${HEADER}\n${order.orderNumber},${battery},1,defect,refund,a\u0000b\n`,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details).toEqual([{ field: 'file', message: expect.any(String) }]);
  });
});

describe('the preview of a row', () => {
  it('answers a recognised reason and demand written as labels by their codes', async () => {
    const text = `${HEADER}\n${order.orderNumber},${battery},1,Product defect,Refund,\n`;
    const response = await preview(text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows[0].values).toMatchObject({
      reason: 'product_defect',
      demand_action: 'refund',
    });
  });
});
