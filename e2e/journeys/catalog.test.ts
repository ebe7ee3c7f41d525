import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible, inspect, screenshot, WIDTHS } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const en = labels('en');
const fr = labels('fr');
const journey = journeyFile();

/** Signed in through the sign-in screen; `prefix` '/fr' signs in on the French screens. */
const signedInAs = (email: string, viewport = WIDTHS.desktop, prefix = '') =>
  signedIn(journey.browser, journey.portal.url, email, {
    viewport,
    locale: prefix.slice(1) || 'en',
  });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The amount of an English money text such as "€1,234.50". */
const amount = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function shownPrices(page: Page): Promise<number[]> {
  const listing = page.locator('section[aria-busy="false"]');
  await listing.locator('article').first().waitFor();
  return (await listing.locator('article [data-price]').allTextContents()).map(amount);
}

/**
 * The prices of the listing that `change` asks for: its answer (the request sorted by price,
 * not one the page had in flight before) is waited for, then the page that shows it (the
 * previous page stays on screen, aria-busy, until then).
 */
async function pricesAfter(page: Page, change: () => Promise<void>): Promise<number[]> {
  const listed = page.waitForResponse(
    (response) =>
      response.url().includes('/api/products/advanced-filter') &&
      (response.request().postData() ?? '').includes('"sort":"price_asc"'),
  );
  await change();
  await listed;
  return shownPrices(page);
}

const ascending = (values: number[]) =>
  values.every((value, i) => i === 0 || values[i - 1]! <= value);

/** The list a disclosure button controls (React ids need attribute selectors). */
async function controlledList(page: Page, toggle: Locator): Promise<Locator> {
  const id = await toggle.getAttribute('aria-controls');
  assert.ok(id, 'an open category controls its list');
  return page.locator(`[id="${id}"]`);
}

test('tree → category page → sort by price → product page', async () => {
  const page = await signedInAs('purchaser@demo.test');
  const sidebar = page.locator('#sidebar');
  await sidebar.getByText(en('nav.categories'), { exact: true }).waitFor();

  // The dashboard shows the search box and the two product rows.
  await page.getByLabel(en('catalog.search.lookingFor')).waitFor();
  await page.getByRole('heading', { name: en('dashboard.popular') }).waitFor();
  await page.getByRole('heading', { name: en('dashboard.mostBought') }).waitFor();
  await page.locator('main article').first().waitFor();
  await inspect(page, 'catalog-dashboard');

  // The arrow only toggles: it opens the subcategories and does not navigate.
  const subcategoriesOf = new RegExp(`^${escape(en('nav.subcategories', { name: '' }))}`);
  const toggle = sidebar.getByRole('button', { name: subcategoriesOf }).first();
  const before = page.url();
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  // Once the subcategories show, the page is still the one it was: a toggle never navigates.
  await (await controlledList(page, toggle)).getByRole('link').first().waitFor();
  assert.equal(page.url(), before);
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

  // A category with children: the click expands it and navigates (after the 500 ms debounce).
  const parentName = (await toggle.getAttribute('aria-label'))!.replace(subcategoriesOf, '');
  await sidebar.getByRole('link', { name: parentName, exact: true }).click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.waitForURL(/\/cat\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: parentName }).waitFor();

  // A subcategory link of the opened branch (dots instead of icons) leads to its page.
  const children = await controlledList(page, toggle);
  const child = children.getByRole('link').first();
  const childName = (await child.innerText()).trim();
  await child.click();
  await page.waitForURL(/\/cat\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: childName }).waitFor();
  const breadcrumbs = page.getByRole('navigation', { name: en('breadcrumbs.label') });
  await breadcrumbs.getByRole('link', { name: parentName }).waitFor();

  // After a reload the path of the URL is expanded again.
  await page.reload();
  await page.getByRole('heading', { level: 1, name: childName }).waitFor();
  await sidebar.getByRole('link', { name: childName, exact: true }).waitFor();
  assert.equal(
    await sidebar
      .getByRole('button', { name: `${en('nav.subcategories', { name: parentName })}` })
      .getAttribute('aria-expanded'),
    'true',
  );

  // Go back up to the parent (more products), then sort by price, lowest first.
  await breadcrumbs.getByRole('link', { name: parentName }).click();
  await page.getByRole('heading', { level: 1, name: parentName }).waitFor();
  await page.getByRole('combobox', { name: en('catalog.sort.label') }).click();
  const firstPage = await pricesAfter(page, async () => {
    await page.getByRole('option', { name: en('catalog.sort.price_asc') }).click();
    await page.waitForURL(/sort=price_asc/);
  });
  assert.ok(firstPage.length > 1, 'the category lists products');
  assert.ok(ascending(firstPage), `prices ascending: ${firstPage.join(', ')}`);
  await inspect(page, 'catalog-category');

  // The next page continues the order; the URL keeps sort and page.
  const next = page.getByRole('button', { name: en('pagination.next') });
  if (await next.isEnabled()) {
    const secondPage = await pricesAfter(page, async () => {
      await next.click();
      await page.waitForURL(/page=2/);
    });
    await page.getByText(/^Showing page 2 of \d+$/).waitFor();
    assert.ok(ascending([firstPage.at(-1)!, ...secondPage]), 'page 2 continues the order');
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('page=2'));
    await page.getByText(/^Showing page 1 of \d+$/).waitFor();
  }

  // Open the cheapest product: every field of the product screen.
  const card = page.locator('section[aria-busy="false"] article').first();
  const title = (await card.getByRole('link').innerText()).trim();
  await card.getByRole('link').click();
  await page.waitForURL(/\/product\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('heading', { name: en('catalog.specifications') }).waitFor();
  const specRows = page.getByRole('table').getByRole('row');
  assert.ok((await specRows.count()) > 0, 'specifications are listed');
  const devices = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: en('catalog.suitableDevices') }) });
  assert.ok((await devices.getByRole('listitem').count()) > 0, 'suitable devices are listed');
  for (const key of ['catalog.sku', 'catalog.warranty', 'catalog.boxSize', 'catalog.buyers']) {
    await page.getByText(en(key), { exact: true }).first().waitFor();
  }
  await inspect(page, 'catalog-product');
});

test('search in French shows French titles; Enter opens the product', async () => {
  const page = await signedInAs('purchaser@demo.test', WIDTHS.desktop, '/fr');
  const search = page.getByRole('combobox', { name: fr('catalog.search.label') });
  const answer = page.waitForResponse((response) => response.url().includes('search=charger'));
  await search.fill('charger');
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  // The browser accepts gzip: the answer comes as the catalog's cache keeps it, compressed.
  assert.equal((await answer).headers()['content-encoding'], 'gzip');
  const texts = await options.allInnerTexts();
  assert.ok(
    texts.some((text) => /Chargeur/.test(text)),
    `French titles in the dropdown: ${texts.join(' | ')}`,
  );
  assert.ok(
    texts.every((text) => /€/.test(text)),
    'every row shows a price',
  );
  const firstTitle = (await options.first().locator('p').first().innerText()).trim();
  await screenshot(page, 'catalog-search-fr-results-1280');

  // Arrow down highlights the first row; Enter opens it. (Focus again first: taking the
  // screenshot may have blurred the field, which closes the dropdown.)
  await search.blur();
  await search.focus();
  await options.first().waitFor();
  await search.press('ArrowDown');
  await search.press('Enter');
  await page.waitForURL(/\/fr\/product\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();

  // Nothing found: the dropdown says so.
  await search.fill('zzqxv');
  await page.getByText(fr('catalog.noResults')).waitFor();
  await inspect(page, 'catalog-search-fr');
});

test('Enter with several results opens the results page in German: sort, pages, filters', async () => {
  const de = labels('de');
  const page = await signedInAs('purchaser@demo.test', WIDTHS.desktop, '/de');
  const search = page.getByRole('combobox', { name: de('catalog.search.label') });
  await search.fill('charger');
  await page.getByRole('listbox').getByRole('option').nth(1).waitFor();
  const listed = page.waitForResponse((response) =>
    response.url().includes('/api/products/advanced-filter'),
  );
  await search.press('Enter');
  await page.waitForURL(/\/de\/search\?q=charger$/);
  await listed;
  await page
    .getByRole('heading', {
      level: 1,
      name: de('catalog.searchResults.title', { query: 'charger' }),
    })
    .waitFor();
  const breadcrumbs = page.getByRole('navigation', { name: de('breadcrumbs.label') });
  await breadcrumbs.getByText(de('breadcrumbs.searchResults')).waitFor();
  const count = await page.getByText(/^Gefundene Produkte: \d+$/).innerText();
  assert.ok(Number(count.replace(/\D/g, '')) > 1, `several products found: ${count}`);
  // The field of the header is empty again; the filter's text field holds the query.
  assert.equal(await search.inputValue(), '');
  assert.equal(await page.getByLabel(de('catalog.filters.search')).inputValue(), 'charger');

  // Sorted by price, lowest first: German amounts ("1.234,50 €").
  const euros = (text: string) => Number(text.replace(/[^0-9,]/g, '').replace(',', '.'));
  await page.getByRole('combobox', { name: de('catalog.sort.label') }).click();
  const sorted = page.waitForResponse((response) =>
    response.url().includes('/api/products/advanced-filter'),
  );
  await page.getByRole('option', { name: de('catalog.sort.price_asc') }).click();
  await page.waitForURL(/q=charger.*sort=price_asc|sort=price_asc.*q=charger/);
  await sorted;
  const listing = page.locator('section[aria-busy="false"]');
  await listing.locator('article').first().waitFor();
  const prices = (await listing.locator('article [data-price]').allTextContents()).map(euros);
  assert.ok(prices.length > 1 && ascending(prices), `prices ascending: ${prices.join(', ')}`);
  await inspect(page, 'catalog-search-results-de');

  // In stock only: the count is the in-stock products' (never more than before).
  const inStock = page.waitForResponse((response) =>
    response.url().includes('/api/products/advanced-filter'),
  );
  await page.getByLabel(de('catalog.filters.inStock')).click();
  await page.waitForURL(/in_stock=1/);
  await inStock;
  const filtered = await page.getByText(/^Gefundene Produkte: \d+$/).innerText();
  assert.ok(Number(filtered.replace(/\D/g, '')) <= Number(count.replace(/\D/g, '')));

  // The list view: one row per product, two added with their quantities without leaving the
  // page; the view is remembered for this user after a reload.
  const token = await journey.tokenOf('purchaser@demo.test');
  await journey.api(token, '/carts/clear-my-cart', { method: 'DELETE' });
  const views = page.getByRole('radiogroup', { name: de('catalog.view.label') });
  await views.locator('label', { hasText: de('catalog.view.list') }).click();
  assert.ok(await views.getByRole('radio', { name: de('catalog.view.list') }).isChecked());
  const rows = page.locator('tr[data-product-row]');
  await rows.first().waitFor();
  const added: { sku: string; quantity: number }[] = [];
  for (const [index, quantity] of [
    [0, 2],
    [1, 3],
  ] as const) {
    const row = rows.nth(index);
    const name = (await row.getByRole('link').innerText()).trim();
    await row
      .getByRole('textbox', { name: de('cart.quantityOf', { name }) })
      .fill(String(quantity));
    const saved = page.waitForResponse((response) =>
      response.url().includes('/api/carts/create-or-update'),
    );
    await row.getByRole('button', { name: de('cart.addNamed', { name }) }).click();
    assert.equal((await saved).status(), 200);
    const href = (await row.getByRole('link').getAttribute('href')) ?? '';
    added.push({ sku: decodeURIComponent(href.split('/').pop() ?? ''), quantity });
  }
  await page.getByText(de('cart.added')).first().waitFor();
  await inspect(page, 'catalog-search-results-list-de');
  const cart = await journey.api<{
    cart_item: { items: { quantity: number; product: { sku: string } }[] };
  }>(token, '/carts/my-cart');
  const bySku = (a: { sku: string }, b: { sku: string }) => a.sku.localeCompare(b.sku);
  assert.deepEqual(
    cart.cart_item.items
      .map((line) => ({ sku: line.product.sku, quantity: line.quantity }))
      .sort(bySku),
    [...added].sort(bySku),
  );
  await page.reload();
  await rows.first().waitFor();
  assert.ok(await views.getByRole('radio', { name: de('catalog.view.list') }).isChecked());
  await journey.api(token, '/carts/clear-my-cart', { method: 'DELETE' });

  // Enter with nothing found stays on the page and says so in the dropdown.
  await search.fill('zzqxv');
  await search.press('Enter');
  await page.getByText(de('catalog.noResults')).first().waitFor();
  assert.match(page.url(), /\/de\/search\?/);
});

test('at 375 px the header search works and submit with one result opens it', async () => {
  const page = await signedInAs('purchaser@demo.test', WIDTHS.mobile);
  // The narrow header has a search button that opens the field over the header.
  await page.getByRole('button', { name: en('catalog.search.label') }).click();
  const search = page.getByRole('combobox', { name: en('catalog.search.label') });
  await search.fill('charger');
  const option = page.getByRole('listbox').getByRole('option').first();
  await option.waitFor();
  await screenshot(page, 'catalog-search-375');
  const title = (await option.locator('p').first().innerText()).trim();
  await option.click();
  await page.waitForURL(/\/product\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const sku = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // An exact SKU has exactly one result: Enter without a highlight opens it.
  await page.goto(`${journey.portal.url}/`);
  const lookingFor = page.getByRole('combobox', { name: en('catalog.search.lookingFor') });
  await lookingFor.fill(sku);
  await page.getByRole('listbox').getByRole('option').first().waitFor();
  await lookingFor.press('Enter');
  await page.waitForURL(new RegExp(`/product/${escape(encodeURIComponent(sku))}$`));
});

test('owners get the XML feed link in the account menu and can renew it', async () => {
  const page = await signedInAs('owner@demo.test');
  await page.getByRole('button', { name: en('header.accountMenu') }).click();
  const link = page.getByRole('menuitem', { name: en('header.xmlFeed') });
  await link.waitFor();
  assert.match((await link.getAttribute('href')) ?? '', /\/xml\/getByUserId\//);
  assert.equal(await link.getAttribute('target'), '_blank');
  const oldUrl = (await link.getAttribute('href')) ?? '';
  assert.equal((await fetch(oldUrl)).status, 200);

  // Renewing kills the old link at once; the menu then shows the new one.
  await page.getByRole('menuitem', { name: en('header.xmlFeedRenew') }).click();
  const dialog = page.getByRole('dialog', { name: en('header.xmlFeedRenewTitle') });
  await dialog.waitFor();
  await expectAccessible(page, 'xml feed renew dialog');
  await screenshot(page, 'xml-feed-renew-1280');
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/xml/renew-link'));
  await dialog.getByRole('button', { name: en('header.xmlFeedRenewConfirm') }).click();
  assert.equal((await renewed).status(), 200);
  await page.getByText(en('header.xmlFeedRenewed')).waitFor();
  assert.equal((await fetch(oldUrl)).status, 404);
  await page.getByRole('button', { name: en('header.accountMenu') }).click();
  const newUrl = (await link.getAttribute('href')) ?? '';
  assert.notEqual(newUrl, oldUrl);
  assert.equal((await fetch(newUrl)).status, 200);

  const purchaser = await signedInAs('purchaser@demo.test');
  await purchaser.getByRole('button', { name: en('header.accountMenu') }).click();
  await purchaser.getByRole('menuitem', { name: en('header.logout') }).waitFor();
  assert.equal(await purchaser.getByRole('menuitem', { name: en('header.xmlFeed') }).count(), 0);
  assert.equal(
    await purchaser.getByRole('menuitem', { name: en('header.xmlFeedRenew') }).count(),
    0,
  );
});
