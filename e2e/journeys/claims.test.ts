import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspect, screenshot } from '../support/browser';
import { pdfFile, pngPicture } from '../support/files';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const journey = journeyFile();
const { api, tokenOf } = journey;

type Locale = 'en' | 'fr';

async function open(email: string, locale: Locale): Promise<Page> {
  const page = await signedIn(journey.browser, journey.portal.url, email, { locale });
  journey.keep(page.context());
  return page;
}

interface CompletedOrder {
  orderNumber: string;
  sku: string;
}

/** The purchaser orders five units; staff mark the order paid, ship it and complete it. */
async function completedOrder(): Promise<CompletedOrder> {
  const purchaser = await tokenOf('purchaser@demo.test');
  const admin = await tokenOf('admin@demo.test');
  const { items } = await api<{
    items: { _id: string; sku: string; price: number; quantity: number }[];
  }>(purchaser, '/products/advanced-filter', {
    method: 'POST',
    body: { in_stock: true, sort: 'price_desc', limit: 20, locale: 'en' },
  });
  const product = items.find((item) => item.quantity >= 20 && item.price >= 40);
  assert.ok(product, 'a well-stocked product');
  await api(purchaser, '/carts/clear-my-cart', { method: 'DELETE' });
  await api(purchaser, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: product._id, quantity: 5 },
  });
  const address = await api<{ _id: string }>(purchaser, '/addresses/delivery', {
    method: 'POST',
    body: {
      company_name: 'Demo Energy BV',
      street: 'Coolsingel',
      house_number: '42',
      zip_code: '3011 AA',
      city: 'Rotterdam',
      country: 'NL',
    },
  });
  const { order } = await api<{ order: { _id: string; order_number: string } }>(
    purchaser,
    '/orders',
    { method: 'POST', body: { delivery_address_id: address._id, payment_method: 'banktransfer' } },
  );
  await api(admin, `/admin/orders/${order._id}/mark-paid`, { method: 'POST', body: {} });
  await api(admin, `/admin/orders/${order._id}/ship`, {
    method: 'POST',
    body: { carrier: 'DHL Parcel', tracking_numbers: ['JVGL0123456789'] },
  });
  await api(admin, `/admin/orders/${order._id}/status`, {
    method: 'PUT',
    body: { status: 'completed' },
  });
  return { orderNumber: order.order_number, sku: product.sku };
}

/** The toast with this text (Mantine notifications, top right). */
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

const alertWith = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();

test('a buyer files a return for a completed order with two boxes', async () => {
  const order = await completedOrder();
  const page = await open('purchaser@demo.test', 'en');
  const t = labels('en');

  // My account → Returns, from the sidebar.
  await page.getByRole('button', { name: t('nav.myAccount') }).click();
  await page.getByRole('link', { name: t('nav.returns') }).click();
  await page.getByRole('heading', { level: 1, name: t('claims:return.title') }).waitFor();
  await page.getByRole('link', { name: t('claims:return.new') }).click();
  await page.getByRole('heading', { level: 1, name: t('claims:return.newTitle') }).waitFor();
  const next = page.getByRole('button', { name: t('claims:next') });

  // Step 1: the order number, exactly 10 characters.
  await next.click();
  await page.getByText(t('validation.claim_source_required')).waitFor();
  const orderNumber = page.getByRole('textbox', { name: t('claims:orderNumber') });
  await orderNumber.fill('12345');
  await next.click();
  await page.getByText(t('validation.order_number_length')).waitFor();
  await orderNumber.fill(order.orderNumber);
  await next.click();

  // Step 2: the order's line, with what is left to claim and its eligibility.
  const line = page.locator(`[data-claim-line="${order.sku}"]`);
  await line.waitFor();
  await line.getByText(t('claims:eligibility.return_eligible')).waitFor();
  await next.click();
  await alertWith(page, t('validation.select_item')).waitFor();
  await line.getByRole('checkbox').check();
  await line.getByLabel(t('claims:quantity')).fill('9');
  await next.click();
  await line.getByText(t('validation.quantity_exceeds_limit')).waitFor();
  await line.getByText(t('validation.reason_demand_required')).first().waitFor();
  await line.getByLabel(t('claims:quantity')).fill('2');
  await line.getByLabel(t('claims:reason')).selectOption('damaged_in_transit');
  await line.getByLabel(t('claims:demandAction')).selectOption('refund');
  await page.getByLabel(t('claims:comment')).fill('Two packs arrived with cracked casings.');
  // Every field is right again: the step's message went with the last field message.
  await alertWith(page, t('validation.reason_demand_required')).waitFor({ state: 'detached' });
  await inspect(page, 'claims-new-items');
  await next.click();

  // Step 3: shipping boxes, at least one, each complete.
  await page.getByText(t('claims:boxes.hint')).waitFor();
  await next.click();
  await alertWith(page, t('validation.shipping_box_required')).waitFor();
  const add = page.getByRole('button', { name: t('claims:boxes.add') });
  await add.click();
  await next.click();
  await alertWith(page, t('validation.shipping_details_required')).waitFor();
  const box = (number: number) =>
    page.getByRole('group', { name: t('claims:boxes.box', { number: String(number) }) });
  await box(1).getByLabel(t('claims:boxes.carrier')).fill('DHL Parcel');
  await box(1).getByLabel(t('claims:boxes.trackingCode')).fill('JVGL0000000001');
  await add.click();
  await box(2).getByLabel(t('claims:boxes.carrier')).fill('PostNL');
  await box(2).getByLabel(t('claims:boxes.trackingCode')).fill('3SPOST0000002');
  await box(2).getByLabel(t('claims:boxes.numberOfBoxes')).fill('2');
  await alertWith(page, t('validation.shipping_details_required')).waitFor({ state: 'detached' });
  await inspect(page, 'claims-new-boxes');
  await next.click();

  // Step 4: review, then submit: the toast, and the claim's detail.
  const review = page.locator('[data-review-items]');
  await review.getByText(order.sku).waitFor();
  await inspect(page, 'claims-new-review');
  await page.getByRole('button', { name: t('claims:return.submit') }).click();
  const heading = page.getByRole('heading', { level: 1 });
  await heading
    .filter({ hasText: t('claims:return.detailTitle', { number: '' }).trim() })
    .waitFor();
  const claimNumber = (await page.locator('[data-claim-number]').textContent()) ?? '';
  assert.ok(claimNumber, 'the claim has a number');
  await toast(page, t('claims:return.filed', { number: claimNumber })).waitFor();
  const item = page.locator('[data-claim-item]');
  assert.equal(await item.count(), 1);
  await item.getByText(t('claims:reasons.damaged_in_transit')).waitFor();
  await item.getByText(t('claims:itemStatuses.pending')).waitFor();
  const boxes = page.locator('[data-claim-boxes] tbody tr');
  assert.equal(await boxes.count(), 2);
  await page.getByText('3SPOST0000002').waitFor();
  await page
    .getByRole('navigation', { name: t('breadcrumbs.label') })
    .getByText(t('breadcrumbs.returnDetails'))
    .waitFor();
  await inspect(page, 'claims-detail');

  // Photos of the damage and the delivery note; a text file dressed as a picture is refused.
  const attachments = page.locator('[data-claim-attachments]');
  await attachments.getByText(t('claims:attachments.none')).waitFor();
  const chooser = page.waitForEvent('filechooser');
  await attachments.getByRole('button', { name: t('claims:attachments.add') }).click();
  await (
    await chooser
  ).setFiles([
    {
      name: 'cracked-casing.png',
      mimeType: 'image/png',
      buffer: pngPicture(480, 320, [150, 40, 30], [250, 210, 110]),
    },
    { name: 'delivery-note.pdf', mimeType: 'application/pdf', buffer: pdfFile() },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
  ]);
  const added = toast(page, t('claims:attachments.added_other', { count: '2' }));
  await added.waitFor();
  // Closed by hand: left to time out, it was still fading when axe checked the photo's dialog.
  await added.getByRole('button', { name: t('common.close') }).click();
  await added.waitFor({ state: 'detached' });
  await alertWith(page, `notes.png: ${t('validation.attachment_type')}`).waitFor();
  const tiles = attachments.locator('[data-claim-attachment]');
  await tiles.filter({ hasText: 'delivery-note.pdf' }).waitFor();
  assert.equal(await tiles.count(), 2);
  await attachments.getByRole('img', { name: 'cracked-casing.png' }).waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('[data-claim-attachment] img')).every(
      (image) => image.complete && image.naturalWidth === 480,
    ),
  );
  await inspect(page, 'claims-detail-attachments');

  // The picture opens large; the PDF file downloads under its name.
  await attachments
    .getByRole('button', { name: t('claims:attachments.view', { name: 'cracked-casing.png' }) })
    .click();
  const viewer = page.getByRole('dialog', { name: 'cracked-casing.png' });
  await viewer.getByRole('img', { name: 'cracked-casing.png' }).waitFor();
  await inspect(page, 'claims-attachment-view');
  await viewer.getByRole('button', { name: t('common.close') }).click();
  await viewer.waitFor({ state: 'detached' });
  const download = page.waitForEvent('download');
  await attachments
    .getByRole('button', {
      name: t('claims:attachments.downloadFile', { name: 'delivery-note.pdf' }),
    })
    .click();
  assert.equal((await download).suggestedFilename(), 'delivery-note.pdf');

  // Staff have not handled the claim yet: a file sent by mistake can still be removed.
  await attachments
    .getByRole('button', { name: t('claims:attachments.remove', { name: 'delivery-note.pdf' }) })
    .click();
  const confirm = page.getByRole('dialog', { name: t('claims:attachments.removeTitle') });
  await confirm.getByRole('button', { name: t('claims:attachments.removeTitle') }).click();
  await toast(page, t('claims:attachments.removed', { name: 'delivery-note.pdf' })).waitFor();
  await tiles.filter({ hasText: 'delivery-note.pdf' }).waitFor({ state: 'detached' });

  // The list shows it; searching by its number finds it alone.
  await page
    .getByRole('navigation', { name: t('breadcrumbs.label') })
    .getByRole('link', { name: t('breadcrumbs.returns') })
    .click();
  const row = page.locator('[data-claim-row]').filter({ hasText: claimNumber });
  await row.waitFor();
  await row.getByText(t('claims:requestStatuses.draft')).waitFor();
  await row.getByText('JVGL0000000001, 3SPOST0000002').waitFor();
  await page.getByLabel(t('claims:search')).fill(claimNumber);
  await page.waitForFunction(
    () => document.querySelectorAll('[data-claim-row]').length === 1,
    undefined,
    { timeout: 5000 },
  );
  await inspect(page, 'claims-list');
  await row.getByRole('link', { name: claimNumber }).click();
  await page.locator('[data-claim-number]').filter({ hasText: claimNumber }).waitFor();
});

/**
 * Opens the new warranty claim form. Once in CI (of many runs) its heading did not show within
 * 30 s; the first miss is recorded (screenshot and address) and the page loaded once more, so the
 * next occurrence says where the page was instead of only timing out.
 */
async function openNewWarrantyClaim(page: Page, title: string) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await page.goto(`${journey.portal.url}/fr/warranty/new`);
  try {
    await heading.waitFor({ timeout: 15_000 });
  } catch {
    await screenshot(page, 'claims-new-warranty-missed');
    console.log(`new warranty claim form not shown at ${page.url()}; loading it again`);
    await page.goto(`${journey.portal.url}/fr/warranty/new`);
    await heading.waitFor();
  }
}

/** A CSV as a spreadsheet saves it in Europe: UTF-8 BOM, semicolons, CRLF line ends. */
function spreadsheetCsv(orderNumber: string, sku: string): Buffer {
  const rows = [
    'Order number;SKU;Quantity;Reason;Demand action;Comment',
    `${orderNumber};${sku};1;Product defect;Replacement;Ne charge plus`,
    `${orderNumber};NO-SUCH-SKU-1;1;product_defect;refund;`,
  ];
  return Buffer.from(`\ufeff${rows.join('\r\n')}\r\n`, 'utf8');
}

test('en français: a CSV bulk claim with a per-row check, then filed', async () => {
  const order = await completedOrder();
  const page = await open('purchaser@demo.test', 'fr');
  const t = labels('fr');
  await openNewWarrantyClaim(page, t('claims:warranty.newTitle'));
  await page.getByLabel(t('claims:start.file')).check();
  const check = page.getByRole('button', { name: t('claims:csv.check') });

  // A file is needed; the template downloads.
  await check.click();
  await page.getByText(t('validation.file_required')).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('claims:csv.template') }).click();
  const template = await download;
  assert.equal(template.suggestedFilename(), 'claims-template.csv');
  const templateText = await readFile((await template.path()) ?? '', 'utf8');
  assert.match(templateText, /order_number/i);

  // A PDF renamed .csv is refused by its content: not a text CSV.
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'claims.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n'),
  });
  await check.click();
  await page.getByText(t('validation.csv_not_text')).waitFor();

  // The spreadsheet's CSV: one valid row, one with an error.
  await input.setInputFiles({
    name: 'garantie.csv',
    mimeType: 'text/csv',
    buffer: spreadsheetCsv(order.orderNumber, order.sku),
  });
  await check.click();
  const preview = page.locator('[data-csv-preview]');
  await preview.waitFor();
  const valid = preview.locator('[data-csv-row="2"]');
  const invalid = preview.locator('[data-csv-row="3"]');
  assert.equal(await valid.getAttribute('data-valid'), 'true');
  assert.equal(await invalid.getAttribute('data-valid'), 'false');
  await valid.getByText(t('claims:csv.valid')).waitFor();
  // The reason and demand, written as English labels in the file, read in French.
  await valid.getByText(t('claims:reasons.product_defect')).waitFor();
  await valid.getByText(t('claims:actions.replacement')).waitFor();
  await invalid.getByRole('listitem').first().waitFor();
  await page.getByText(t('claims:csv.validRows', { number: '1' })).waitFor();
  await page.getByText(t('claims:csv.invalidRows', { number: '1' })).waitFor();
  await inspect(page, 'claims-csv-preview-fr');

  // The valid row becomes one claim, with one box.
  await page.getByRole('button', { name: t('claims:next') }).click();
  await page.getByRole('button', { name: t('claims:boxes.add') }).click();
  await page.getByLabel(t('claims:boxes.carrier')).fill('GLS');
  await page.getByLabel(t('claims:boxes.trackingCode')).fill('GLS000111222');
  await page.getByRole('button', { name: t('claims:next') }).click();
  await page
    .getByText(t('claims:csv.reviewRows', { valid: '1', invalid: '1', file: 'garantie.csv' }))
    .waitFor();
  await page.getByRole('button', { name: t('claims:warranty.submit') }).click();
  const number = page.locator('[data-claim-number]');
  await number.waitFor();
  const claimNumber = (await number.textContent()) ?? '';
  await toast(page, t('claims:warranty.filed', { number: claimNumber })).waitFor();
  assert.equal(await page.locator('[data-claim-item]').count(), 1);
  await page.getByText(t('claims:sources.csv')).waitFor();
  await inspect(page, 'claims-detail-fr');

  await page.goto(`${journey.portal.url}/fr/warranty`);
  await page.locator('[data-claim-row]').filter({ hasText: claimNumber }).waitFor();
  await inspect(page, 'claims-warranty-list-fr');
});
