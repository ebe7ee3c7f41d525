import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspect } from '../support/browser';
import { journeyFile } from '../support/journey';
import { linkIn } from '../support/server';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const journey = journeyFile();
const { api, tokenOf } = journey;

async function open(email: string, locale: 'en' | 'it'): Promise<Page> {
  const page = await signedIn(journey.browser, journey.portal.url, email, { locale });
  journey.keep(page.context());
  return page;
}

/** Calls the API with a bearer token, as the web app or a back-office tool would. */
/** The purchaser orders by bank transfer; staff mark it paid and ship it through the admin API. */
async function orderShippedByStaff(): Promise<{ id: string; orderNumber: string }> {
  const purchaser = await tokenOf('purchaser@demo.test');
  const admin = await tokenOf('admin@demo.test');
  const { items } = await api<{ items: { _id: string; price: number; quantity: number }[] }>(
    purchaser,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_desc', limit: 20, locale: 'en' } },
  );
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
  return { id: order._id, orderNumber: order.order_number };
}

const bell = (page: Page) => page.locator('[data-notification-bell]');

test('shipped order: badge, dropdown in Italian, order history and detail, invoice PDF', async () => {
  const order = await orderShippedByStaff();

  // The purchaser hears of the order and of its shipping (invoices go to owners and accountants).
  const page = await open('purchaser@demo.test', 'it');
  const t = labels('it');
  await bell(page).waitFor();
  const label = t('notifications.bellLabel_other', { count: '2' });
  await page.getByRole('button', { name: label }).waitFor();
  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: t('notifications.title') });
  const shipped = dropdown
    .locator('[data-notification]')
    .filter({ hasText: t('notifications.types.order_is_shipped', { order: order.orderNumber }) });
  await shipped.waitFor();
  const now = new Intl.RelativeTimeFormat('it', { numeric: 'auto' }).format(0, 'minute');
  assert.match((await shipped.textContent()) ?? '', new RegExp(now));
  await inspect(page, 'orders-notifications-it');
  // Opening marked them seen: closing (outside click) leaves no badge.
  await page.getByRole('heading', { level: 1 }).click();
  await dropdown.waitFor({ state: 'hidden' });
  await page
    .getByRole('button', { name: t('notifications.bellLabel_other', { count: '0' }) })
    .waitFor();

  // The dashboard's last orders list it, with the pager.
  const lastOrders = page.getByRole('region', { name: t('orders.lastOrders') });
  await lastOrders.getByRole('link', { name: order.orderNumber }).waitFor();
  await lastOrders.getByText(t('pagination.showing', { page: '1', total: '1' })).waitFor();
  await inspect(page, 'dashboard-last-orders-it');

  // Order History lists it; the detail shows the shipment and progress.
  await page.goto(`${journey.portal.url}/it/orders`);
  const row = page.locator('[data-order-row]').filter({ hasText: order.orderNumber });
  await row.waitFor();
  await inspect(page, 'orders-list-it');
  await row.getByRole('link', { name: order.orderNumber }).click();
  await page.getByText('DHL Parcel JVGL0123456789').waitFor();
  await page.getByText(t('checkout.progress.shipping_on_the_way')).waitFor();
  await inspect(page, 'orders-detail-it');
});

test('the accountant finds the invoice and downloads its PDF', async () => {
  const page = await open('accountant@demo.test', 'en');
  const t = labels('en');
  await page.goto(`${journey.portal.url}/invoices`);
  const row = page.locator('[data-invoice-row]').first();
  await row.waitFor();
  await inspect(page, 'invoices-list');
  const number = (await row.getByRole('link').textContent()) ?? '';
  const download = page.waitForEvent('download');
  await row.locator('[data-invoice-download]').click();
  const file = await download;
  assert.equal(file.suggestedFilename(), `invoice-${number}.pdf`);
  // The invoice mail carried the PDF (the company's format), made when the mail went out.
  const mail = await journey.portal.mailTo('accountant@demo.test', 'notification_new_invoice');
  assert.match(mail.attachments.join(), /^invoice-\d{4}-\d{6}\.pdf$/);

  await row.getByRole('link', { name: number }).click();
  await page
    .getByRole('heading', { level: 1, name: t('invoices.detailTitle', { number }) })
    .waitFor();
  await page
    .getByRole('navigation', { name: t('breadcrumbs.label') })
    .getByText(t('breadcrumbs.invoiceDetails'))
    .waitFor();
  await inspect(page, 'invoice-details');

  // The same invoice as a UBL e-invoice (Peppol BIS 3.0) for the accounting software.
  await page.getByRole('button', { name: t('invoices.eInvoice.menuLabel', { number }) }).click();
  const ubl = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: t('invoices.eInvoice.ubl') }).click();
  const xmlFile = await ubl;
  assert.equal(xmlFile.suggestedFilename(), `invoice-${number}.xml`);
  const chunks: Buffer[] = [];
  for await (const chunk of await xmlFile.createReadStream()) chunks.push(chunk as Buffer);
  const xml = Buffer.concat(chunks).toString('utf8');
  assert.match(xml, /<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
  assert.ok(xml.includes(`<cbc:ID>${number}</cbc:ID>`), 'the UBL names the invoice');
  assert.ok(xml.includes('urn:fdc:peppol.eu:2017:poacc:billing:3.0'), 'Peppol BIS 3.0');

  // The invoice mail's button opens that invoice in the portal.
  const mailed = /Invoice (\S+) is available/.exec(mail.subject)?.[1] ?? '';
  const link = /Open it in the portal:\n(\S+)/.exec(mail.text)?.[1] ?? '';
  assert.ok(link.startsWith(`${journey.portal.url}/invoices/invoice-details/`), link);
  await page.goto(link);
  await page
    .getByRole('heading', { level: 1, name: t('invoices.detailTitle', { number: mailed }) })
    .waitFor();
});

test("the accountant exports last month's invoices as CSV for the books", async () => {
  const page = await open('accountant@demo.test', 'en');
  const t = labels('en');
  await page.goto(`${journey.portal.url}/invoices`);
  await page.locator('[data-invoice-row]').first().waitFor();
  const now = new Date();
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const from = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const to = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
  const section = page.getByRole('region', { name: t('invoices.export.title') });
  await section.getByLabel(t('orders.dateFrom')).fill(from);
  await section.getByLabel(t('orders.dateTo')).fill(to);
  await inspect(page, 'invoices-export');
  /** The CSV the export button downloads: its header and rows. */
  const exported = async () => {
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: t('invoices.export.csv') }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };
  const [header, ...rows] = await exported();
  assert.match(header ?? '', /^invoice_number,issued_at,order_number,bill_to,/);
  for (const row of rows) {
    const issued = row.split(',')[1] ?? '';
    assert.ok(issued >= from && issued < `${to}T24`, `issued in the period: ${row}`);
  }
  // The same invoices as the API's export of the period.
  const token = await tokenOf('accountant@demo.test');
  const response = await fetch(
    `${journey.portal.url}/api/invoices/export.csv?date_from=${from}&date_to=${to}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  assert.equal((await response.text()).trimEnd().split('\r\n').length, rows.length + 1);

  // Today's period holds the invoices the list shows (the demo's were all issued today).
  const today = day(now);
  await section.getByLabel(t('orders.dateFrom')).fill(today);
  await section.getByLabel(t('orders.dateTo')).fill(today);
  const listed = await page.locator('[data-invoice-row] a').allInnerTexts();
  const [, ...todays] = await exported();
  assert.ok(listed.length > 0, 'the list shows invoices');
  assert.deepEqual(
    todays.map((row) => row.split(',')[0]),
    listed.map((text) => text.trim()),
  );

  // All of today's PDFs as one ZIP, built in the background, then downloaded here and by the
  // mailed link (which needs no sign-in).
  await section.getByRole('button', { name: t('invoices.archive.build') }).click();
  const archive = section.locator('[data-archive-row]').first();
  await archive.getByText(t('invoices.archive.statuses.ready')).waitFor({ timeout: 60_000 });
  await inspect(page, 'invoices-archive');
  const zip = page.waitForEvent('download');
  await archive.getByRole('button', { name: /ZIP/ }).click();
  const zipFile = await zip;
  assert.equal(zipFile.suggestedFilename(), `invoices-${today}-${today}.zip`);
  const mail = await journey.portal.mailTo('accountant@demo.test', 'invoice_archive_ready');
  const link = linkIn(mail, journey.portal.url);
  const byLink = await fetch(link);
  assert.equal(byLink.status, 200);
  assert.equal(byLink.headers.get('content-type'), 'application/zip');
  const bytes = Buffer.from(await byLink.arrayBuffer());
  assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK');
});

test('email notification preferences: switch a type off and keep it', async () => {
  const page = await open('owner@demo.test', 'en');
  const t = labels('en');
  await page.getByRole('button', { name: t('header.accountMenu') }).click();
  await page.getByRole('menuitem', { name: t('breadcrumbs.emailNotificationPreferences') }).click();
  const shipped = page.getByRole('switch', { name: t('preferences.types.order_is_shipped') });
  await shipped.waitFor();
  assert.equal(await shipped.isChecked(), true);
  await shipped.click({ force: true });
  await page.getByRole('button', { name: t('common.save') }).click();
  await page.getByText(t('preferences.saved')).waitFor();
  await inspect(page, 'email-preferences');
  await page.reload();
  await page.getByRole('switch', { name: t('preferences.types.order_is_shipped') }).waitFor();
  assert.equal(
    await page.getByRole('switch', { name: t('preferences.types.order_is_shipped') }).isChecked(),
    false,
  );
});

test('the owner exports the filtered order history as CSV', async () => {
  const page = await open('owner@demo.test', 'en');
  const t = labels('en');
  const listedAll = page.waitForResponse((response) => response.url().includes('/api/orders?'));
  await page.goto(`${journey.portal.url}/orders`);
  await page.getByRole('heading', { level: 1, name: t('orders.title') }).waitFor();
  const count = (await (await listedAll).json()) as { total: number };
  assert.ok(count.total > 0, 'the demo company has orders');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t('orders.export.csv') }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  const [header, ...rows] = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  assert.match(header ?? '', /^order_number,date,status,payment_method,placed_by,/);
  assert.equal(rows.length, count.total, 'every order of the history, not only its first page');
  await inspect(page, 'orders-export');
});
