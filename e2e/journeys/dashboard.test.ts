import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { inspect, WIDTHS } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const journey = journeyFile();
const { api, tokenOf } = journey;

async function open(email: string, locale: 'en' | 'de'): Promise<Page> {
  const page = await signedIn(journey.browser, journey.portal.url, email, { locale });
  journey.keep(page.context());
  return page;
}

/** The purchaser buys two products by bank transfer; staff mark the order paid. */
async function paidOrder(): Promise<string[]> {
  const purchaser = await tokenOf('purchaser@demo.test');
  const admin = await tokenOf('admin@demo.test');
  const { items } = await api<{ items: { _id: string; price: number; quantity: number }[] }>(
    purchaser,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_desc', limit: 40, locale: 'en' } },
  );
  const stocked = items.filter((item) => item.quantity >= 20 && item.price >= 40).slice(0, 2);
  assert.equal(stocked.length, 2, 'two well-stocked products');
  await api(purchaser, '/carts/clear-my-cart', { method: 'DELETE' });
  for (const [index, product] of stocked.entries()) {
    await api(purchaser, '/carts/create-or-update', {
      method: 'POST',
      body: { product_id: product._id, quantity: 6 - index * 2 },
    });
  }
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
  const { order } = await api<{ order: { _id: string } }>(purchaser, '/orders', {
    method: 'POST',
    body: { delivery_address_id: address._id, payment_method: 'banktransfer' },
  });
  await api(admin, `/admin/orders/${order._id}/mark-paid`, { method: 'POST', body: {} });
  return stocked.map((product) => product._id);
}

/** A viewport or element shot next to the full-page ones of `inspect`. */
const shotPath = (name: string) =>
  fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

/** How many products the dashboard's most bought row asks for. */
const MOST_BOUGHT_SHOWN = 4;

const region = (page: Page, name: string) => page.getByRole('region', { name });

test('dashboard: slider, last orders, spend chart, most bought and popular for the owner', async () => {
  const bought = await paidOrder();
  assert.equal(bought.length, 2);
  // The demo data has orders of its own: the screen must show what the API counts.
  const owner = await tokenOf('owner@demo.test');
  const spendNow = await api<{ months: { orders: number }[] }>(owner, '/dashboard/monthly-spend');
  const ordersThisMonth = spendNow.months.at(-1)?.orders ?? 0;
  assert.ok(ordersThisMonth >= 1, 'the paid order counts this month');
  const { items: mostBoughtNow } = await api<{ items: { _id: string }[] }>(
    owner,
    `/dashboard/most-bought?locale=en&limit=${MOST_BOUGHT_SHOWN}`,
  );
  assert.ok(bought.every((id) => mostBoughtNow.some((item) => item._id === id)));

  for (const locale of ['en', 'de'] as const) {
    const t = labels(locale);
    const page = await open('owner@demo.test', locale);

    // The slider: one slide shown, dots and arrows move it, its link is a localized route.
    const slider = page.getByRole('region', { name: t('dashboard.slider.label') });
    await slider.waitFor();
    await slider.getByRole('button', { name: t('dashboard.slider.pause') }).click();
    const visible = slider.locator('[data-slide]:visible');
    assert.equal(await visible.count(), 1);
    const first = await visible.getAttribute('data-slide');
    await slider.getByRole('button', { name: t('dashboard.slider.next') }).click();
    assert.notEqual(await slider.locator('[data-slide]:visible').getAttribute('data-slide'), first);
    await slider
      .getByRole('button', {
        name: new RegExp(t('dashboard.slider.show', { index: '1', title: '' })),
      })
      .click();
    assert.equal(await slider.locator('[data-slide]:visible').getAttribute('data-slide'), first);
    const cta = slider.locator('[data-slide]:visible').getByRole('link');
    const href = (await cta.getAttribute('href')) ?? '';
    assert.match(href, locale === 'en' ? /^\/cat\// : /^\/de\/cat\//);

    // Last orders with SPEC's payment label, the spend chart with this month's order.
    const lastOrders = region(page, t('orders.lastOrders'));
    await lastOrders.getByText(t('orders.paymentLabels.bank_transfer')).first().waitFor();
    const spend = region(page, t('dashboard.spend.title'));
    await spend.locator('[data-spend-chart] rect').last().waitFor();
    assert.equal(await spend.locator('[data-spend-chart] rect').count(), 12);
    assert.equal(await spend.getByRole('table').locator('tbody tr').count(), 12);
    const month = new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    const thisMonth = spend.getByRole('row', { name: new RegExp(`^${month}`) });
    assert.equal(await thisMonth.locator('td').last().textContent(), String(ordersThisMonth));

    // Most bought: the company's own orders, best first; popular: everyone's best sellers.
    const mostBought = page.locator('[data-product-row="most-bought"]');
    await mostBought.locator('article').first().waitFor();
    assert.equal(await mostBought.locator('article').count(), mostBoughtNow.length);
    const popular = page.locator('[data-product-row="popular"]');
    await popular.locator('article').first().waitFor();
    await page.getByRole('heading', { name: t('dashboard.mostBought') }).waitFor();
    await page.getByRole('heading', { name: t('dashboard.popular') }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await inspect(page, `dashboard-owner-${locale}`);
  }

  // The chart on a phone (sidebar collapsed), on its own: the full-page shot shows it small.
  const t = labels('de');
  const phone = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test', {
    viewport: WIDTHS.mobile,
    locale: 'de',
  });
  journey.keep(phone.context());
  const spend = region(phone, t('dashboard.spend.title'));
  await spend.locator('[data-spend-chart] rect').last().waitFor();
  await spend.screenshot({ path: shotPath('dashboard-spend-de-375') });
});

test('dashboard: the purchaser sees no spend chart', async () => {
  const t = labels('en');
  const page = await open('purchaser@demo.test', 'en');
  await page.getByRole('region', { name: t('dashboard.slider.label') }).waitFor();
  await page.locator('[data-product-row="popular"] article').first().waitFor();
  await page.locator('[data-product-row="most-bought"]').waitFor();
  assert.equal(await region(page, t('dashboard.spend.title')).count(), 0);
  await inspect(page, 'dashboard-purchaser-en');

  // On a phone the sidebar starts collapsed: the slider stacks its picture above the text.
  const phone = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test', {
    viewport: WIDTHS.mobile,
  });
  journey.keep(phone.context());
  await phone.locator('[data-slide]:visible img').waitFor();
  await phone.evaluate(() => document.fonts.ready);
  await phone.screenshot({ path: shotPath('dashboard-purchaser-en-375-top') });
});

/** Holds the responses of the API paths matching `pattern` until `release()`. */
async function holdResponses(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Sums each page's layout shifts from its start (shifts right after an input do not count). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded once two more frames were drawn (each is reported after its frame). */
const layoutShift = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
    return (window as unknown as { layoutShift: number }).layoutShift;
  });

test('the dashboard and a category page keep their layout while their data arrives', async () => {
  const t = labels('it');
  const page = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test', {
    viewport: WIDTHS.mobile,
    locale: 'it',
  });
  journey.keep(page.context());
  await recordLayoutShifts(page);

  // The slider and the last orders come late: their placeholders hold their place.
  const release = await holdResponses(page, /\/api\/(settings\/code\/dashboard_slider|orders\?)/);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  await page.goto(`${journey.portal.url}/it`);
  await page.locator('[data-slider-placeholder]').waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: shotPath('dashboard-loading-it-375') });
  release();
  const slider = page.getByRole('region', { name: t('dashboard.slider.label') });
  await slider.locator('[data-slide]:visible img').waitFor();
  await region(page, t('orders.lastOrders')).getByRole('table').waitFor();
  const dashboardShift = await layoutShift(page);
  assert.ok(dashboardShift < 0.05, `the dashboard moved while it loaded: ${dashboardShift}`);

  // Its parts are asked for by the route as it opens (app/routes/prefetch.ts) and drawn from
  // those answers: each once, none asked again by the component that shows it.
  await page.locator('[data-product-row="popular"] article').first().waitFor();
  for (const part of [
    '/api/carts/my-cart',
    '/api/users/notifications?page=1&limit=10&full_notification=0',
    '/api/categories/nested-categories?locale=it',
    '/api/settings/code/dashboard_slider',
    '/api/orders?page=1&limit=5',
    '/api/dashboard/monthly-spend',
    '/api/dashboard/most-bought?locale=it&limit=4',
    '/api/products/filter/best_seller?locale=it&limit=4',
  ]) {
    assert.equal(asked.filter((url) => url === part).length, 1, `${part} asked once: ${asked}`);
  }

  // A category's subcategories arrive after its products: the listing waits for them.
  const releaseCategory = await holdResponses(page, /\/api\/categories\/getBySlug\//);
  // Its subcategories (asked as their links come near the viewport) come late too: see below.
  const releaseSubcategories = await holdResponses(
    page,
    /\/api\/categories\/getBySlug\/(?!batteries\?)/,
  );
  const listed = page.waitForResponse((response) =>
    response.url().endsWith('/api/products/advanced-filter'),
  );
  await page.goto(`${journey.portal.url}/it/cat/batteries`);
  await listed;
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  releaseCategory();
  await page.getByRole('navigation', { name: t('catalog.subcategories') }).waitFor();
  await page
    .getByRole('region', { name: t('catalog.products') })
    .locator('article')
    .first()
    .waitFor();
  const categoryShift = await layoutShift(page);
  assert.ok(categoryShift < 0.05, `the category page moved while it loaded: ${categoryShift}`);

  // Moving to a subcategory not loaded yet keeps this page, its listing dimmed and busy, until
  // the next one arrives: no loader in between.
  const releaseListing = await holdResponses(page, /\/api\/products\/advanced-filter/);
  const products = page.getByRole('region', { name: t('catalog.products') });
  const subcategory = page
    .getByRole('navigation', { name: t('catalog.subcategories') })
    .getByRole('link')
    .first();
  const subcategoryName = (await subcategory.textContent())!;
  await subcategory.click();
  await products.and(page.locator('[aria-busy="true"]')).waitFor();
  assert.equal(await page.getByLabel(t('app.loading')).count(), 0, 'a loader between categories');
  await page.screenshot({ path: shotPath('category-switching-it-375') });
  releaseSubcategories();
  releaseListing();
  await page.getByRole('heading', { level: 1, name: subcategoryName }).waitFor();
  await products.and(page.locator('[aria-busy="false"]')).waitFor();
});
