import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspectWithoutToasts, screenshot, toast } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const journey = journeyFile();

/** Signed in through the sign-in screen; the context closes after the test, passed or not. */
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

/** Buy with one click needs a default delivery address: make one if there is none. */
async function ensureDefaultDeliveryAddress(token: string) {
  const options = await journey.api<{ one_click_available: boolean }>(token, '/checkout/options');
  if (options.one_click_available) return;
  await journey.api(token, '/addresses/delivery', {
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
  });
}

const checked = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/api/quick-order/check'));

test('quick order in German: 30 pasted lines, 2 unknown SKUs mended, into the cart, paid', async () => {
  const de = labels('de');
  const email = 'purchaser@demo.test';
  const token = await journey.tokenOf(email);
  await journey.api(token, '/carts/clear-my-cart', { method: 'DELETE' });
  await ensureDefaultDeliveryAddress(token);
  const { items } = await journey.api<{ items: ListedProduct[] }>(
    token,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_asc', limit: 60, locale: 'de' } },
  );
  const stocked = items.filter((item) => item.quantity >= 20).slice(0, 30);
  assert.equal(stocked.length, 30, 'the demo catalog has 30 products with stock');
  // Two SKUs mistyped in the spreadsheet: a character missing, and a wrong last character.
  const [first, second] = [stocked[7]!, stocked[19]!];
  const typos = new Map([
    [first.sku, first.sku.slice(0, -1)],
    [second.sku, `${second.sku.slice(0, -1)}Q`],
  ]);
  const sheet = [
    'Artikelnummer\tMenge',
    ...stocked.map((item, i) => `${typos.get(item.sku) ?? item.sku}\t${(i % 3) + 1}`),
  ].join('\r\n');

  const page = await open(email, 'de');
  await page.getByRole('link', { name: de('header.quickOrder') }).click();
  await page.waitForURL(/\/de\/quick-order$/);
  await page.getByRole('heading', { level: 1, name: de('quickOrder.title') }).waitFor();

  // Pasted straight into the first SKU field, as copied from a spreadsheet.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), sheet);
  const firstSku = page.getByRole('combobox', { name: de('quickOrder.skuOfLine', { line: '1' }) });
  await firstSku.click();
  const pasted = checked(page);
  await firstSku.press('Control+V');
  await pasted;
  const lines = page.getByRole('combobox', { name: /^Artikelnummer in Zeile \d+$/ });
  await page.getByRole('combobox', { name: de('quickOrder.skuOfLine', { line: '30' }) }).waitFor();
  assert.equal(await lines.nth(29).inputValue(), stocked[29]!.sku);
  // Two lines are unknown; nothing can be added until they are mended.
  await page.getByText(de('quickOrder.status.unknown')).nth(1).waitFor();
  assert.equal(await page.getByText(de('quickOrder.status.unknown')).count(), 2);
  const addAll = page.getByRole('button', { name: de('quickOrder.addAll_other', { count: '30' }) });
  assert.ok(await addAll.isDisabled());
  await page.getByText(de('quickOrder.notReady')).waitFor();
  await inspectWithoutToasts(page, 'quick-order-de-unknown');

  // The first by 'did you mean', the second typed again with the search's typeahead.
  let mended = checked(page);
  await page.getByRole('button', { name: first.sku, exact: true }).click();
  await mended;
  const secondField = page.getByRole('combobox', {
    name: de('quickOrder.skuOfLine', { line: '20' }),
  });
  await secondField.fill(second.sku.slice(0, -2));
  mended = checked(page);
  await page.getByRole('option', { name: new RegExp(`^${second.sku}`) }).click();
  await mended;
  assert.equal(await secondField.inputValue(), second.sku);
  await assert.doesNotReject(addAll.waitFor());
  await page.waitForFunction(
    (name) =>
      Array.from(document.querySelectorAll('button')).some(
        (button) => button.textContent?.includes(name) && !button.disabled,
      ),
    de('quickOrder.addAll_other', { count: '30' }),
  );
  await inspectWithoutToasts(page, 'quick-order-de-ready');

  await addAll.click();
  await toast(page, de('quickOrder.added_other', { count: '30' })).waitFor();
  await page.waitForURL(/\/de\/cart$/);
  const quantities = stocked.reduce((sum, _, i) => sum + (i % 3) + 1, 0);
  await page.getByText(de('cart.caption', { count: String(quantities) })).waitFor();

  // Ordered with one click on the default delivery address (the purchaser's last way to pay).
  await page.getByRole('button', { name: de('checkout.oneClick.button') }).click();
  const confirm = page.getByRole('dialog', { name: de('checkout.oneClick.title') });
  await confirm.getByRole('button', { name: de('checkout.oneClick.confirm') }).click();
  // The provider's page when the method is paid online (iDEAL…); none for a bank transfer.
  await page.waitForURL(/\/api\/payments\/simulated\/|\/de\/payment-successful\?order_id=/, {
    waitUntil: 'commit',
  });
  if (page.url().includes('/api/payments/simulated/')) {
    await page.locator('button[name="outcome"][value="paid"]').click();
    await page.waitForURL(/\/de\/payment-successful\?order_id=/, { waitUntil: 'commit' });
  }
  await page.getByRole('heading', { level: 1 }).waitFor();
  await screenshot(page, 'quick-order-de-ordered-1280');
});

test('a purchaser saves the cart as a shared list; the owner orders it again from the list', async () => {
  const en = labels('en');
  const purchaserToken = await journey.tokenOf('purchaser@demo.test');
  const ownerToken = await journey.tokenOf('owner@demo.test');
  for (const token of [purchaserToken, ownerToken]) {
    await journey.api(token, '/carts/clear-my-cart', { method: 'DELETE' });
  }
  const { items } = await journey.api<{ items: ListedProduct[] }>(
    purchaserToken,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_desc', limit: 20, locale: 'en' } },
  );
  const [first, second, third] = items.filter((item) => item.quantity >= 10);
  assert.ok(first && second && third, 'the demo catalog has stocked products');
  await journey.api(purchaserToken, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: first._id, quantity: 3 },
  });
  await journey.api(purchaserToken, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: second._id, quantity: 2 },
  });

  // The purchaser saves the cart as a list shared with the company.
  const purchaser = await open('purchaser@demo.test');
  await purchaser.goto(`${journey.portal.url}/cart`);
  await purchaser.getByRole('button', { name: en('lists.saveCart') }).click();
  const dialog = purchaser.getByRole('dialog', { name: en('lists.saveTitle') });
  await dialog.getByRole('button', { name: en('lists.save') }).click();
  await dialog.getByText(en('validation.required')).waitFor();
  await dialog.getByLabel(en('lists.name')).fill('Monthly workshop kit');
  await dialog.getByLabel(en('lists.shareWithCompany')).check();
  await dialog.getByRole('button', { name: en('lists.save') }).click();
  await toast(purchaser, en('lists.saved', { name: 'Monthly workshop kit' })).waitFor();

  // A third product goes on it from its product page.
  await purchaser.goto(`${journey.portal.url}/product/${encodeURIComponent(third.sku)}`);
  await purchaser.getByRole('heading', { level: 1, name: third.name }).waitFor();
  await purchaser.getByRole('button', { name: en('lists.addTo') }).click();
  await purchaser.getByRole('menuitem', { name: 'Monthly workshop kit' }).click();
  await toast(purchaser, en('lists.addedTo', { name: 'Monthly workshop kit' })).waitFor();

  // The owner finds it in the account menu's lists and orders two of its three lines.
  const owner = await open('owner@demo.test');
  await owner.getByRole('button', { name: en('header.accountMenu') }).click();
  await owner.getByRole('menuitem', { name: en('breadcrumbs.shoppingLists') }).click();
  await owner.getByRole('heading', { level: 1, name: en('lists.title') }).waitFor();
  await owner.getByRole('link', { name: 'Monthly workshop kit' }).waitFor();
  await inspectWithoutToasts(owner, 'shopping-lists-en');
  await owner.getByRole('link', { name: 'Monthly workshop kit' }).click();
  await owner.getByRole('heading', { level: 1, name: 'Monthly workshop kit' }).waitFor();
  await owner.getByText(en('lists.madeBy', { name: 'Peter Purchaser' })).waitFor();
  const rows = owner.getByRole('row');
  assert.equal(await rows.count(), 4, 'a head row and three lines');
  // The owner may change a shared list: a note on the first line.
  const note = owner.getByLabel(en('lists.noteOf', { name: `${first.name} (${first.sku})` }));
  const saved = owner.waitForResponse(
    (response) => response.url().includes('/lines/') && response.request().method() === 'PATCH',
  );
  await note.fill('Workshop shelf B');
  await note.press('Enter');
  await saved;
  await inspectWithoutToasts(owner, 'shopping-list-en');
  await owner
    .getByRole('checkbox', { name: en('lists.choose', { name: `${first.name} (${first.sku})` }) })
    .check();
  await owner
    .getByRole('checkbox', { name: en('lists.choose', { name: `${third.name} (${third.sku})` }) })
    .check();
  await owner.getByRole('button', { name: en('lists.addChosen_other', { count: '2' }) }).click();
  await toast(owner, en('lists.addedToCart', { name: 'Monthly workshop kit' })).waitFor();
  await owner.waitForURL(/\/cart$/);
  await owner.getByText(en('cart.caption', { count: '4' })).waitFor();
  const cart = await journey.api<{ cart_item: { items: { _id: string; quantity: number }[] } }>(
    ownerToken,
    '/carts/my-cart',
  );
  assert.deepEqual(
    cart.cart_item.items.map((line) => [line._id, line.quantity]),
    [
      [first._id, 3],
      [third._id, 1],
    ],
  );
});
