import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspectWithoutToasts, toast } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn, staffSignedIn } from '../support/session';

const journey = journeyFile();

async function open(email: string, locale = 'en'): Promise<Page> {
  const page = await signedIn(journey.browser, journey.portal.url, email, { locale });
  journey.keep(page.context());
  return page;
}

interface ListedProduct {
  _id: string;
  sku: string;
  name: string;
  price: number;
  quantity: number;
}

const euros = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);

test('an admin gives a company a price list; its buyer sees and pays those prices, down to the invoice PDF', async () => {
  const en = labels('en');
  const purchaserToken = await journey.tokenOf('purchaser@demo.test');
  const adminToken = await journey.tokenOf('admin@demo.test');
  await journey.api(purchaserToken, '/carts/clear-my-cart', { method: 'DELETE' });
  const { items } = await journey.api<{ items: ListedProduct[] }>(
    purchaserToken,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_desc', limit: 100, locale: 'en' } },
  );
  const product = items.find((item) => item.quantity >= 20 && item.price >= 40);
  assert.ok(product, 'the demo catalog has a product in stock of 40 € or more');
  const fixed = Math.floor(product.price * 0.9);
  const tier = Math.floor(product.price * 0.8);
  const companies = await journey.api<{ items: { _id: string; name: string }[] }>(
    adminToken,
    '/admin/companies?q=Demo%20Energy',
  );
  const company = companies.items.find((item) => item.name === 'Demo Energy BV');
  assert.ok(company, 'the demo company is listed');

  // The admin makes the list: a price for 1 unit and one from 10 units, read from a CSV file.
  const admin = await staffSignedIn(journey.browser, journey.portal.url, 'admin@demo.test', 'en');
  journey.keep(admin.context());
  await admin.goto(`${journey.portal.url}/admin/price-lists`);
  await admin.getByRole('heading', { level: 1, name: en('staff:priceLists.title') }).waitFor();
  await admin.getByRole('button', { name: en('staff:priceLists.new') }).click();
  const dialog = admin.getByRole('dialog', { name: en('staff:priceLists.new') });
  await dialog.getByLabel(en('staff:priceLists.name')).fill('Installers NL');
  await dialog.getByRole('button', { name: en('staff:priceLists.create') }).click();
  await admin.getByRole('heading', { level: 1, name: 'Installers NL' }).waitFor();
  const chooser = admin.waitForEvent('filechooser');
  await admin.getByRole('button', { name: en('staff:priceLists.importFile') }).click();
  await (
    await chooser
  ).setFiles({
    name: 'installers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `sku,min_quantity,price\n${product.sku},1,${fixed}\n${product.sku},10,${tier}\n`,
    ),
  });
  await toast(admin, en('staff:priceLists.fileRead', { count: '2' })).waitFor();
  await admin.getByRole('button', { name: en('staff:priceLists.savePrices') }).click();
  await toast(admin, en('staff:priceLists.saved', { name: 'Installers NL' })).waitFor();
  await admin.getByText(product.name).first().waitFor();
  await inspectWithoutToasts(admin, 'price-list-staff');

  // The saved prices go out as a spreadsheet and read back in from it, unchanged.
  const [spreadsheet] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: en('staff:priceLists.exportXlsx') }).click(),
  ]);
  assert.match(spreadsheet.suggestedFilename(), /^price-list-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const again = admin.waitForEvent('filechooser');
  await admin.getByRole('button', { name: en('staff:priceLists.importFile') }).click();
  await (await again).setFiles((await spreadsheet.path()) ?? '');
  await toast(admin, en('staff:priceLists.fileRead', { count: '2' })).waitFor();
  await admin
    .getByRole('textbox', { name: en('staff:priceLists.priceOf', { number: '2' }) })
    .and(admin.locator(`[value="€ ${tier}"]`))
    .waitFor();

  // …and gives it to Demo Energy BV on the company's page.
  await admin.goto(`${journey.portal.url}/admin/customers/${company._id}`);
  await admin.getByRole('heading', { level: 1, name: 'Demo Energy BV' }).waitFor();
  await admin.getByRole('combobox', { name: en('staff:priceLists.ofCompany') }).click();
  await admin.getByRole('option', { name: 'Installers NL' }).click();
  await toast(admin, en('staff:priceLists.assigned', { name: 'Installers NL' })).waitFor();

  // The purchaser sees the price (the catalog's struck through) and the tiers on the product page…
  const page = await open('purchaser@demo.test', 'en');
  await page.goto(`${journey.portal.url}/product/${encodeURIComponent(product.sku)}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByText(euros(fixed), { exact: true }).first().waitFor();
  await page.locator('[data-list-price]').getByText(euros(product.price)).waitFor();
  const tiers = page.getByRole('table', { name: en('catalog.priceTiers') });
  await tiers.getByRole('cell', { name: euros(tier) }).waitFor();
  await inspectWithoutToasts(page, 'price-list-product');

  // …in the header search…
  await page.getByPlaceholder(en('catalog.search.placeholder')).fill(product.sku);
  await page
    .getByRole('option')
    .filter({ hasText: euros(fixed) })
    .first()
    .waitFor();
  await page.keyboard.press('Escape');

  // …and in the cart, where 10 units reach the tier.
  await journey.api(purchaserToken, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: product._id, quantity: 10 },
  });
  await page.goto(`${journey.portal.url}/cart`);
  await page
    .locator('[data-cart-total]')
    .filter({ hasText: euros(tier * 10) })
    .waitFor();
  await inspectWithoutToasts(page, 'price-list-cart');

  // The order, paid by bank transfer, is invoiced at those prices.
  const options = await journey.api<{ default_delivery_address_id: string | null }>(
    purchaserToken,
    '/checkout/options',
  );
  let delivery = options.default_delivery_address_id;
  if (!delivery) {
    delivery = (
      await journey.api<{ _id: string }>(purchaserToken, '/addresses/delivery', {
        method: 'POST',
        body: {
          company_name: 'Demo Energy BV',
          street: 'Havenweg',
          house_number: '7',
          zip_code: '3011 AB',
          city: 'Rotterdam',
          country: 'NL',
          is_default: true,
        },
      })
    )._id;
  }
  const { order } = await journey.api<{ order: { _id: string; order_number: string } }>(
    purchaserToken,
    '/orders',
    { method: 'POST', body: { delivery_address_id: delivery, payment_method: 'banktransfer' } },
  );
  await journey.api(adminToken, `/admin/orders/${order._id}/mark-paid`, {
    method: 'POST',
    body: {},
  });
  await page.goto(`${journey.portal.url}/invoices`);
  const row = page.locator('[data-invoice-row]').filter({ hasText: order.order_number }).first();
  await row.waitFor();
  const download = page.waitForEvent('download');
  await row.locator('[data-invoice-download]').click();
  const file = await (await download).path();
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  assert.match(text, new RegExp(euros(tier).replace(/[.$]/g, '\\$&').replace('€', '€\\s?')));

  // Back to catalog prices for the other journeys.
  await journey.api(adminToken, `/admin/companies/${company._id}/price-list`, {
    method: 'PUT',
    body: { price_list_id: null },
  });
});
