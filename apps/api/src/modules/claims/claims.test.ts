import type { EligibilityOutcome } from '@portal/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { addAddress, stockProduct } from '../../test/checkout';
import { box, claimableOrder, multipartBody, type PlacedOrder } from '../../test/claims';

let t: TestApp;
let owner: string;
let purchaser: string;
let accountant: string;
let other: string;
let admin: string;
const sku: Record<'battery' | 'charger' | 'panel' | 'notBought', string> = {
  battery: '',
  charger: '',
  panel: '',
  notBought: '',
};
let recent: PlacedOrder;
let old: PlacedOrder;
let late: PlacedOrder;
let undelivered: PlacedOrder;
let processing: PlacedOrder;
let closed: PlacedOrder;

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
  const ids = await Promise.all(
    [0, 1, 2, 3].map((index) => stockProduct(t, index, { priceCents: 10_000, quantity: 10_000 })),
  );
  const [battery, charger, panel, notBought] = ids as [string, string, string, string];
  // Warranty months: 24 for the battery, 12 for the panel, none on record for the charger.
  await t.db.update(products).set({ warrantyMonths: 24 }).where(eq(products.id, battery));
  await t.db.update(products).set({ warrantyMonths: 12 }).where(eq(products.id, panel));
  await t.db.update(products).set({ warrantyMonths: 0 }).where(eq(products.id, charger));
  const rows = await t.db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.id, ids));
  const skuOf = (id: string) => rows.find((row) => row.id === id)!.sku;
  Object.assign(sku, {
    battery: skuOf(battery),
    charger: skuOf(charger),
    panel: skuOf(panel),
    notBought: skuOf(notBought),
  });
  const address = await addAddress(t, purchaser, 'delivery');
  const tokens = { buyer: purchaser, admin };
  recent = await claimableOrder(
    t,
    tokens,
    address,
    [
      [battery, 5],
      [charger, 2],
      [panel, 3],
    ],
    { orderedDaysAgo: 5, deliveredDaysAgo: 3 },
  );
  old = await claimableOrder(
    t,
    tokens,
    address,
    [
      [battery, 2],
      [panel, 3],
    ],
    { orderedDaysAgo: 400, deliveredDaysAgo: 390 },
  );
  late = await claimableOrder(t, tokens, address, [[battery, 5]], {
    orderedDaysAgo: 40,
    deliveredDaysAgo: 20,
  });
  undelivered = await claimableOrder(t, tokens, address, [[battery, 5]], {
    orderedDaysAgo: 40,
    deliveredDaysAgo: null,
  });
  processing = await claimableOrder(t, tokens, address, [[battery, 5]], { status: 'processing' });
  closed = await claimableOrder(t, tokens, address, [[battery, 5]], {
    status: 'closed',
    orderedDaysAgo: 6,
    deliveredDaysAgo: 4,
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const send = (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: unknown,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(token ? bearer(token) : {}), 'accept-language': locale },
  });

const claimBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'return',
  order_number: recent.orderNumber,
  items: [{ sku: sku.battery, quantity: 1, reason: 'product_defect', demand_action: 'refund' }],
  boxes: [box],
  ...overrides,
});

/** One CSV row checked by the preview: the eligibility the server decided for it. */
async function eligibilityOf(
  token: string,
  kind: 'return' | 'warranty',
  orderNumber: string,
  rowSku: string,
  quantity: number,
) {
  const csv = `order_number,sku,quantity,reason,demand_action,comment\n${orderNumber},${rowSku},${quantity},product_defect,refund,\n`;
  const upload = multipartBody({ name: 'claims.csv', content: csv }, { kind });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/claims/csv/preview',
    ...upload,
    headers: { ...upload.headers, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rows[0].eligibility as EligibilityOutcome;
}

describe('eligibility, decided on the server from real orders', () => {
  const cases: [
    string,
    () => [string, 'return' | 'warranty', string, string, number],
    EligibilityOutcome,
  ][] = [
    [
      'a return 3 days after delivery',
      () => [owner, 'return', recent.orderNumber, sku.battery, 1],
      'return_eligible',
    ],
    [
      'a return of a closed (completed) order',
      () => [owner, 'return', closed.orderNumber, sku.battery, 1],
      'return_eligible',
    ],
    [
      'a return 390 days after delivery',
      () => [owner, 'return', old.orderNumber, sku.battery, 1],
      'expired_return',
    ],
    [
      'a return 20 days after a delivery 40 days after ordering',
      () => [owner, 'return', late.orderNumber, sku.battery, 1],
      'return_eligible',
    ],
    [
      'a return 40 days after ordering, delivery unknown',
      () => [owner, 'return', undelivered.orderNumber, sku.battery, 1],
      'expired_return',
    ],
    [
      'a 24-month warranty after 390 days',
      () => [owner, 'warranty', old.orderNumber, sku.battery, 1],
      'under_warranty',
    ],
    [
      'a 12-month warranty after 390 days',
      () => [owner, 'warranty', old.orderNumber, sku.panel, 1],
      'expired',
    ],
    [
      'a product without warranty months',
      () => [owner, 'warranty', recent.orderNumber, sku.charger, 1],
      'unknown',
    ],
    ['more than bought', () => [owner, 'warranty', recent.orderNumber, sku.battery, 6], 'exceed'],
    [
      'an order number that does not exist',
      () => [owner, 'return', '9999999999', sku.battery, 1],
      'order_not_found',
    ],
    [
      "another company's order number",
      () => [other, 'return', recent.orderNumber, sku.battery, 1],
      'order_not_found',
    ],
    [
      'an order not completed yet',
      () => [owner, 'return', processing.orderNumber, sku.battery, 1],
      'order_not_completed',
    ],
    [
      'a product not on the order',
      () => [owner, 'return', recent.orderNumber, sku.notBought, 1],
      'product_not_found_in_order',
    ],
    [
      'a sku that is no product',
      () => [owner, 'warranty', recent.orderNumber, 'NO-SUCH-SKU-1', 1],
      'product_not_found',
    ],
  ];

  it.each(cases)('%s: %s', async (_name, input, expected) => {
    const [token, kind, orderNumber, rowSku, quantity] = input();
    expect(await eligibilityOf(token, kind, orderNumber, rowSku, quantity)).toBe(expected);
  });

  it('answers the form lookup with lines, claimable quantities and outcomes', async () => {
    const response = await send(
      'GET',
      `/api/claims/order/${recent.orderNumber}?kind=warranty`,
      purchaser,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      order_number: recent.orderNumber,
      kind: 'warranty',
      eligibility: null,
      order: {
        order_number: recent.orderNumber,
        status: 'completed',
        delivered_at: expect.any(String),
      },
    });
    const bySku = Object.fromEntries(body.lines.map((line: { sku: string }) => [line.sku, line]));
    expect(bySku[sku.battery]).toMatchObject({
      quantity: 5,
      quantity_claimable: 5,
      eligibility: 'under_warranty',
      warranty_months: 24,
    });
    expect(bySku[sku.charger]).toMatchObject({ eligibility: 'unknown', warranty_until: null });
    const missing = await send('GET', `/api/claims/order/${recent.orderNumber}?kind=return`, other);
    expect(missing.json()).toMatchObject({
      order: null,
      eligibility: 'order_not_found',
      lines: [],
    });
    const pending = await send(
      'GET',
      `/api/claims/order/${processing.orderNumber}?kind=return`,
      owner,
    );
    expect(pending.json()).toMatchObject({ eligibility: 'order_not_completed' });
  });

  it('counts what earlier claims took: exceed once nothing is left', async () => {
    const first = await send(
      'POST',
      '/api/claims',
      purchaser,
      claimBody({
        kind: 'warranty',
        order_number: old.orderNumber,
        items: [
          { sku: sku.battery, quantity: 2, reason: 'product_defect', demand_action: 'replacement' },
        ],
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(await eligibilityOf(owner, 'warranty', old.orderNumber, sku.battery, 1)).toBe('exceed');
    const lookup = await send('GET', `/api/claims/order/${old.orderNumber}?kind=warranty`, owner);
    const line = lookup.json().lines.find((l: { sku: string }) => l.sku === sku.battery);
    expect(line).toMatchObject({
      quantity_claimed: 2,
      quantity_claimable: 0,
      eligibility: 'exceed',
    });
  });
});

describe('POST /api/claims: the form', () => {
  it('files a claim with items, boxes and each item eligible; lists and shows it', async () => {
    const response = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({
        items: [
          {
            sku: sku.battery,
            quantity: 2,
            reason: 'product_defect',
            demand_action: 'refund',
            comment: 'Dead cell',
          },
          {
            sku: sku.panel,
            quantity: 1,
            reason: 'damaged_in_transit',
            demand_action: 'replacement',
          },
        ],
        boxes: [box, { carrier: 'UPS', tracking_code: '1Z999', number_of_boxes: 2 }],
        comment: 'Two boxes',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const claim = response.json();
    expect(claim).toMatchObject({
      claim_number: expect.stringMatching(/^RET-\d{6}$/),
      kind: 'return',
      request_status: 'draft',
      source: 'form',
      created_by: 'Olivia Owner',
      order_numbers: [recent.orderNumber],
      tracking_codes: ['JD0001', '1Z999'],
      comment: 'Two boxes',
    });
    expect(claim.items).toHaveLength(2);
    expect(claim.items[0]).toMatchObject({
      sku: sku.battery,
      quantity: 2,
      eligibility: 'return_eligible',
      item_status: 'pending',
      decision: null,
      comment: 'Dead cell',
      date_of_delivery: expect.any(String),
    });
    const list = await send('GET', '/api/claims?kind=return', accountant);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { _id: string }) => c._id)).toContain(claim._id);
    const searched = await send('GET', `/api/claims?search=${claim.claim_number}`, purchaser);
    expect(searched.json()).toMatchObject({ total: 1, items: [{ _id: claim._id }] });
    const warranty = await send('GET', '/api/claims?kind=warranty', owner);
    expect(warranty.json().items.map((c: { _id: string }) => c._id)).not.toContain(claim._id);
    const detail = await send('GET', `/api/claims/${claim._id}`, accountant);
    expect(detail.json()).toMatchObject({
      _id: claim._id,
      boxes: [box, expect.objectContaining({ carrier: 'UPS' })],
    });
  });

  const message = {
    source: 'You have to upload a file or enter an order number',
    length: 'Order number must be exactly 10 characters long',
    item: 'Please select at least one item',
    reason: 'Reason and Deman Action are required',
    exceeds: 'Quantity exceeds limit',
    box: 'You have to add at least one shipping box',
    shipping: 'Please fill in all required fields of shipping details',
    required: 'Please fill in all required fields',
  };
  const validationCases: [string, () => Record<string, unknown>, string, string][] = [
    [
      'no order number',
      () => claimBody({ order_number: undefined }),
      'order_number',
      message.source,
    ],
    [
      'an empty order number',
      () => claimBody({ order_number: '  ' }),
      'order_number',
      message.source,
    ],
    [
      'a 9-character order number',
      () => claimBody({ order_number: '123456789' }),
      'order_number',
      message.length,
    ],
    [
      'an 11-character order number',
      () => claimBody({ order_number: '12345678901' }),
      'order_number',
      message.length,
    ],
    ['no items', () => claimBody({ items: [] }), 'items', message.item],
    [
      'no reason',
      () => claimBody({ items: [{ sku: sku.battery, quantity: 1, demand_action: 'refund' }] }),
      'items.0.reason',
      message.reason,
    ],
    [
      'no demand action',
      () =>
        claimBody({
          items: [{ sku: sku.battery, quantity: 1, reason: 'product_defect', demand_action: '' }],
        }),
      'items.0.demand_action',
      message.reason,
    ],
    [
      'more than bought',
      () =>
        claimBody({
          items: [
            { sku: sku.charger, quantity: 3, reason: 'product_defect', demand_action: 'refund' },
          ],
        }),
      'items.0.quantity',
      message.exceeds,
    ],
    ['no boxes', () => claimBody({ boxes: [] }), 'boxes', message.box],
    [
      'a box without carrier',
      () => claimBody({ boxes: [{ ...box, carrier: '' }] }),
      'boxes.0.carrier',
      message.shipping,
    ],
    [
      'a box without tracking code',
      () => claimBody({ boxes: [{ carrier: 'DHL', number_of_boxes: 1 }] }),
      'boxes.0.tracking_code',
      message.shipping,
    ],
    [
      'a box without a number of boxes',
      () => claimBody({ boxes: [{ ...box, number_of_boxes: 0 }] }),
      'boxes.0.number_of_boxes',
      message.shipping,
    ],
    ['no kind', () => claimBody({ kind: undefined }), 'kind', message.required],
    [
      'no quantity',
      () =>
        claimBody({
          items: [{ sku: sku.battery, reason: 'product_defect', demand_action: 'refund' }],
        }),
      'items.0.quantity',
      message.required,
    ],
  ];

  it.each(validationCases)(
    'refuses %s with 400 naming the field',
    async (_name, body, field, text) => {
      const response = await send('POST', '/api/claims', owner, body());
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        message: message.required,
      });
      expect(response.json().details).toContainEqual({ field, message: text });
    },
  );

  it('answers in the request language', async () => {
    const response = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({ order_number: 'ABC', items: [] }),
      'fr',
    );
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        {
          field: 'order_number',
          message: 'Le numéro de commande doit comporter exactement 10 caractères',
        },
        { field: 'items', message: 'Veuillez sélectionner au moins un article' },
      ]),
    );
  });

  it("refuses another company's order, an order not completed and an expired return by name", async () => {
    const foreign = await send('POST', '/api/claims', other, claimBody());
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details).toEqual([
      { field: 'order_number', message: 'Not eligible: Order not found' },
    ]);
    const pending = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({ order_number: processing.orderNumber }),
    );
    expect(pending.json().details).toEqual([
      { field: 'order_number', message: 'Not eligible: Order not completed' },
    ]);
    const expired = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({
        order_number: old.orderNumber,
        items: [{ sku: sku.panel, quantity: 1, reason: 'other', demand_action: 'refund' }],
      }),
    );
    expect(expired.json().details).toEqual([
      { field: 'items.0.sku', message: 'Not eligible: Expired return' },
    ]);
    const twice = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({
        items: [
          { sku: sku.battery, quantity: 1, reason: 'other', demand_action: 'refund' },
          { sku: sku.battery, quantity: 1, reason: 'other', demand_action: 'refund' },
        ],
      }),
    );
    expect(twice.json().details).toEqual([
      { field: 'items.1.sku', message: 'This product is already in the claim' },
    ]);
  });

  it('never answers 500 to bad input', async () => {
    for (const body of [
      null,
      [],
      42,
      { kind: 'x', order_number: 5, items: 'a', boxes: {} },
      { ...claimBody(), extra: 1 },
    ]) {
      const response = await send('POST', '/api/claims', owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().type).toBe('VALIDATION_ERROR');
    }
  });
});

describe('who may do what', () => {
  it('lets owner and purchaser file; the accountant only sees; staff and strangers neither', async () => {
    const byPurchaser = await send(
      'POST',
      '/api/claims',
      purchaser,
      claimBody({
        items: [{ sku: sku.panel, quantity: 1, reason: 'other', demand_action: 'refund' }],
      }),
    );
    expect(byPurchaser.statusCode, byPurchaser.body).toBe(201);
    expect((await send('POST', '/api/claims', accountant, claimBody())).statusCode).toBe(403);
    expect(
      (await send('GET', `/api/claims/order/${recent.orderNumber}?kind=return`, accountant))
        .statusCode,
    ).toBe(403);
    expect((await send('GET', '/api/claims/csv/template', accountant)).statusCode).toBe(403);
    for (const token of [owner, purchaser, accountant]) {
      expect((await send('GET', '/api/claims', token)).statusCode).toBe(200);
      expect((await send('GET', `/api/claims/${byPurchaser.json()._id}`, token)).statusCode).toBe(
        200,
      );
    }
    expect((await send('GET', '/api/claims', admin)).statusCode).toBe(403);
    expect((await send('GET', '/api/claims')).statusCode).toBe(401);
    expect((await send('POST', '/api/claims', undefined, claimBody())).statusCode).toBe(401);
    expect(
      (await send('GET', `/api/claims/order/${recent.orderNumber}?kind=return`)).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another company's claim and hides it from their list", async () => {
    const mine = await send(
      'POST',
      '/api/claims',
      owner,
      claimBody({
        kind: 'warranty',
        items: [{ sku: sku.panel, quantity: 1, reason: 'product_defect', demand_action: 'repair' }],
      }),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json()._id;
    expect((await send('GET', `/api/claims/${id}`, other)).statusCode).toBe(404);
    expect((await send('GET', `/api/claims/${id}/csv`, other)).statusCode).toBe(404);
    expect((await send('GET', '/api/claims', other)).json()).toMatchObject({ total: 0, items: [] });
    const bad = await send('GET', '/api/claims/not-a-uuid', owner);
    expect(bad.statusCode).toBe(400);
    const badQuery = await send('GET', '/api/claims?kind=refund&limit=0', owner);
    expect(badQuery.statusCode).toBe(400);
    expect(
      badQuery
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['kind', 'limit']);
  });

  it('publishes the claims calls in the OpenAPI document', async () => {
    const doc = (await send('GET', '/api/docs/json')).json();
    for (const path of [
      '/api/claims',
      '/api/claims/order/{orderNumber}',
      '/api/claims/csv/preview',
      '/api/claims/csv',
      '/api/claims/csv/template',
      '/api/claims/{id}',
      '/api/claims/{id}/csv',
      '/api/admin/claims/{id}/items/{itemId}/approve',
      '/api/admin/claims/{id}/items/{itemId}/refund',
      '/api/admin/claims/{id}/close',
      '/api/invoices/credit-notes/{id}/pdf',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});
