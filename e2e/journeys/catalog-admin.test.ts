import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspect, screenshot } from '../support/browser';
import { pngPicture } from '../support/files';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn, staffSignedIn } from '../support/session';

const journey = journeyFile();
const { api, tokenOf } = journey;

async function adminOn(path: string, locale: 'en' | 'de'): Promise<Page> {
  const page = await staffSignedIn(journey.browser, journey.portal.url, 'admin@demo.test', locale);
  journey.keep(page.context());
  await page.goto(`${journey.portal.url}${locale === 'en' ? '' : `/${locale}`}${path}`);
  return page;
}

/** Toasts close by themselves after 3 s; a page is inspected once they are gone (a fading one fails axe). */
async function inspectSettled(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.mantine-Notification-root'));
  await inspect(page, name);
}

const TITLES = {
  en: 'Lunar field charger 48V',
  fr: 'Chargeur de terrain lunaire 48V',
  es: 'Cargador de campo lunar 48V',
  de: 'Mond-Feldladegerät 48V',
  nl: 'Maan veldlader 48V',
  it: 'Caricatore da campo lunare 48V',
} as const;

test('an admin adds a product in six languages; a buyer finds it by search in French', async () => {
  const t = labels('en');
  // The buyer signs in first: the 2 seconds below are the catalog's, not the sign-in's.
  const buyer = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test', {
    locale: 'fr',
  });
  journey.keep(buyer.context());
  const purchaser = await tokenOf('purchaser@demo.test');
  const page = await adminOn('/admin/catalog', 'en');
  await page.getByRole('heading', { level: 1, name: t('staff:catalog.title') }).waitFor();
  await page.locator('[data-product-row]').first().waitFor();
  await inspect(page, 'staff-catalog');

  await page.getByRole('link', { name: t('staff:catalog.newProduct') }).click();
  await page.getByRole('heading', { level: 1, name: t('staff:catalog.newProduct') }).waitFor();
  // Sent empty, the form names what is missing before anything is saved.
  await page.getByRole('button', { name: t('staff:product.create') }).click();
  await page.getByText(t('validation.required')).first().waitFor();

  const sku = `LUN-${Date.now().toString(36).toUpperCase()}`;
  await page.getByLabel(t('catalog.sku')).fill(sku);
  await page.getByLabel(t('catalog.reference')).fill('LFC-48');
  await page.getByRole('combobox', { name: t('catalog.manufacturer') }).fill('Lunaris');
  const categories = page.getByRole('combobox', { name: t('staff:product.categories') });
  await categories.click();
  await page.getByRole('option').first().click();
  await categories.press('Escape');
  await page.getByLabel(t('staff:product.price')).fill('249.90');
  await page.getByLabel(t('staff:product.weight')).fill('2400');
  await page.getByLabel(t('staff:product.initialStock')).fill('25');
  for (const [code, title] of Object.entries(TITLES)) {
    await page
      .getByRole('tab')
      .filter({ hasText: new RegExp(`^${code.toUpperCase()}$`) })
      .click();
    await page.getByRole('textbox', { name: t('staff:product.title') }).fill(title);
    await page
      .getByRole('textbox', { name: t('catalog.description') })
      .fill(`${title}: charges two packs at once.`);
  }
  await inspect(page, 'staff-product-new');
  await page.getByRole('button', { name: t('staff:product.create') }).click();
  await page.getByRole('heading', { level: 1, name: TITLES.en }).waitFor();
  const created = Date.now();
  assert.match(page.url(), /\/admin\/catalog\/[0-9a-f-]{36}$/);

  // A buyer searching in French finds it within 2 seconds of its creation: the search call is
  // asked again as soon as each answer arrives, then the buyer types the same words.
  const fr = labels('fr');
  const words = 'chargeur terrain lunaire';
  const searchPath = `/products?${new URLSearchParams({ search: words, locale: 'fr' })}`;
  const titlesFound = async () =>
    (await api<{ items: { name: string }[] }>(purchaser, searchPath)).items.map(
      (item) => item.name,
    );
  let titles = await titlesFound();
  while (!titles.includes(TITLES.fr) && Date.now() - created < 2_000) titles = await titlesFound();
  assert.ok(titles.includes(TITLES.fr), `found within 2 s (${Date.now() - created} ms)`);
  await buyer.getByRole('combobox', { name: fr('catalog.search.label') }).fill(words);
  await buyer.getByRole('option', { name: new RegExp(TITLES.fr) }).click();
  await buyer.getByRole('heading', { level: 1, name: TITLES.fr }).waitFor();
  await buyer.getByText(`${TITLES.fr}: charges two packs at once.`).waitFor();
  await screenshot(buyer, 'catalog-new-product-fr-1280');

  // Two pictures, the second made the one lists show; a text file is refused with why.
  await page.locator('input[type="file"]').setInputFiles([
    {
      name: 'front.png',
      mimeType: 'image/png',
      buffer: pngPicture(640, 480, [20, 80, 160], [240, 200, 60]),
    },
    {
      name: 'side.png',
      mimeType: 'image/png',
      buffer: pngPicture(480, 480, [160, 40, 40], [250, 250, 250]),
    },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') },
  ]);
  await page
    .getByRole('alert')
    .filter({ hasText: `notes.png: ${t('validation.picture_type')}` })
    .waitFor();
  await page.locator('[data-product-image]').nth(1).waitFor();
  await page.getByRole('button', { name: t('staff:images.makeMain', { number: '2' }) }).click();
  await page.getByText(t('staff:images.reordered')).waitFor();
  await inspectSettled(page, 'staff-product-edit');
  const admin = await tokenOf('admin@demo.test');
  const product = await api<{ _id: string; images: { path: string }[] }>(
    admin,
    `/admin/products/${page.url().split('/').pop() ?? ''}`,
  );
  assert.equal(product.images.length, 2);
  await buyer.reload();
  const gallery = buyer.locator(`img[src="${product.images[0]?.path}"]`);
  await gallery.first().waitFor();
});

test('staff receive stock: the product leaves out of stock for buyers', async () => {
  const t = labels('de');
  const page = await adminOn('/admin/catalog?stock=out_of_stock&sort=sku', 'de');
  const row = page.locator('[data-product-row]').first();
  await row.waitFor();
  const sku = await row.getAttribute('data-product-row');
  assert.ok(sku);
  const purchaser = await tokenOf('purchaser@demo.test');
  const before = await api<{ availability: string }>(purchaser, `/products/sku/${sku}`);
  assert.equal(before.availability, 'out_of_stock');

  await row.getByRole('link').click();
  await page.getByRole('tab', { name: new RegExp(t('staff:stock.title')) }).click();
  await page.getByRole('heading', { name: t('staff:stock.movements') }).waitFor();
  // Received units must be more than zero: the form says so before sending.
  await page.getByLabel(t('staff:stock.units')).fill('-4');
  await page.getByRole('button', { name: t('staff:stock.record') }).click();
  await page.getByText(t('validation.stock_change_positive')).waitFor();
  await page.getByLabel(t('staff:stock.units')).fill('30');
  await page.getByLabel(t('staff:stock.note')).fill('Lieferschein 2026-118');
  await page.getByRole('button', { name: t('staff:stock.record') }).click();
  await page.locator('[data-stock-quantity]', { hasText: '30' }).waitFor();
  await page.locator('[data-movement="received"]', { hasText: 'Lieferschein 2026-118' }).waitFor();
  await inspectSettled(page, 'staff-product-stock-de');

  const deadline = Date.now() + 2_000;
  let after = await api<{ availability: string; quantity: number }>(
    purchaser,
    `/products/sku/${sku}`,
  );
  while (after.availability === 'out_of_stock' && Date.now() < deadline) {
    after = await api(purchaser, `/products/sku/${sku}`);
  }
  assert.equal(after.quantity, 30);
  assert.notEqual(after.availability, 'out_of_stock');
});

test('an admin reprices two chosen products by a percentage, confirmed, in the audit log', async () => {
  const t = labels('en');
  const page = await adminOn('/admin/catalog?sort=price_desc', 'en');
  const rows = page.locator('[data-product-row]');
  await rows.nth(1).waitFor();
  const skus = [
    await rows.nth(0).getAttribute('data-product-row'),
    await rows.nth(1).getAttribute('data-product-row'),
  ];
  const admin = await tokenOf('admin@demo.test');
  const priceOf = async (sku: string | null) =>
    (
      await api<{ items: { sku: string; price: number }[] }>(
        admin,
        `/admin/products?q=${encodeURIComponent(sku ?? '')}`,
      )
    ).items.find((item) => item.sku === sku)?.price ?? 0;
  const before = await Promise.all(skus.map(priceOf));
  for (const sku of skus) {
    await page
      .getByRole('checkbox', { name: t('staff:catalog.choose', { sku: sku ?? '' }) })
      .check();
  }
  await page.getByText(t('staff:catalog.selected_other', { count: '2' })).waitFor();
  await page.getByLabel(t('staff:catalog.pricePercent')).fill('10');
  await page.getByRole('button', { name: t('staff:catalog.changePrice') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('staff:catalog.apply') })
    .click();
  await page.getByText(t('staff:catalog.bulkDone_other', { count: '2' })).waitFor();
  const after = await Promise.all(skus.map(priceOf));
  after.forEach((price, index) =>
    assert.equal(price, Math.round((before[index] ?? 0) * 110) / 100),
  );
  await page.goto(`${journey.portal.url}/admin/audit-log?entity_type=product`);
  await page.getByText(t('staff:audit.actions.product.bulk')).first().waitFor();
  await inspect(page, 'staff-audit-products');
});

test('an admin raises the minimum cart amount; the buyer’s cart follows', async () => {
  const t = labels('en');
  const page = await adminOn('/admin/settings', 'en');
  await page.getByRole('heading', { level: 1, name: t('staff:settings.title') }).waitFor();
  const amount = page.getByLabel(t('staff:settings.product.minCartAmount'));
  await amount.waitFor();
  await amount.fill('1234.56');
  // The message buyers read follows what is typed, before it is saved.
  await page.getByText(t('cart.holds.minAmount', { amount: '€1,234.56' })).waitFor();
  await inspect(page, 'staff-settings-product');
  await page.getByRole('button', { name: t('staff:settings.save') }).click();
  await page.getByText(t('staff:settings.saved')).waitFor();

  const purchaser = await tokenOf('purchaser@demo.test');
  const { items } = await api<{ items: { _id: string; quantity: number }[] }>(
    purchaser,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_asc', limit: 5, locale: 'en' } },
  );
  await api(purchaser, '/carts/clear-my-cart', { method: 'DELETE' });
  await api(purchaser, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: items[0]?._id, quantity: 5 },
  });
  const buyer = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test');
  journey.keep(buyer.context());
  await buyer.goto(`${journey.portal.url}/cart`);
  await buyer.getByText(t('cart.holds.minAmount', { amount: '€1,234.56' })).waitFor();

  // The checkout tab: every country in one zone, checked before anything is sent.
  await page.getByRole('tab', { name: t('staff:settings.tabs.checkout') }).click();
  await page.getByRole('heading', { name: t('staff:settings.checkout.shippingZones') }).waitFor();
  await inspectSettled(page, 'staff-settings-checkout');
  await page
    .getByRole('button', {
      name: new RegExp(t('staff:settings.checkout.removeZone', { name: '' })),
    })
    .first()
    .click();
  await page.getByRole('button', { name: t('staff:settings.save') }).click();
  await page.getByText(t('staff:settings.checkout.everyCountryOnce')).waitFor();
});

test('an admin imports a CSV with a bad row, sees its error, fixes it and imports', async () => {
  const t = labels('en');
  const admin = await tokenOf('admin@demo.test');
  const { items } = await api<{ items: { sku: string; price: number }[] }>(
    admin,
    '/admin/products?sort=sku&limit=2',
  );
  const [first, second] = items;
  assert.ok(first && second);
  const page = await adminOn('/admin/catalog', 'en');
  await page.getByRole('link', { name: t('staff:catalog.import') }).click();
  await page.getByRole('heading', { level: 1, name: t('staff:import.title') }).waitFor();
  await inspect(page, 'staff-import');

  const choose = async (name: string, text: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t('staff:import.choose') }).click();
    await (await chooser).setFiles([{ name, mimeType: 'text/csv', buffer: Buffer.from(text) }]);
  };
  await choose('prices.csv', `sku;price\n${first.sku};12,34\n${second.sku};abc\n`);
  const bad = page.locator('[data-report-row="error"]');
  await bad.filter({ hasText: second.sku }).waitFor();
  assert.match(await bad.innerText(), /price/);
  await inspect(page, 'staff-import-report');

  await choose('prices-fixed.csv', `sku;price\n${first.sku};12,34\n${second.sku};56,78\n`);
  await page.locator('[data-report-row="updated"]').nth(1).waitFor();
  await page.getByRole('button', { name: t('staff:import.start_other', { count: '2' }) }).click();
  await page.locator('[data-import-job="done"]').waitFor();
  // The import's outcome survives a reload of the page.
  await page.reload();
  await page.locator('[data-import-job="done"]').waitFor();
  await screenshot(page, 'staff-import-done-1280');
  const after = await api<{ items: { sku: string; price: number }[] }>(
    admin,
    '/admin/products?sort=sku&limit=2',
  );
  assert.deepEqual(
    after.items.map((item) => item.price),
    [12.34, 56.78],
  );
});

test('an admin renames a category in French and hides another; buyers follow', async () => {
  const t = labels('en');
  const page = await adminOn('/admin/catalog/categories', 'en');
  await page.getByRole('heading', { level: 1, name: t('staff:categories.title') }).waitFor();
  await inspect(page, 'staff-categories');

  const batteries = page.locator('[data-category="Batteries"]');
  await batteries
    .getByRole('button', { name: t('staff:categories.rename', { name: 'Batteries' }) })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('French').fill('Accumulateurs');
  await dialog.getByRole('button', { name: t('common.save') }).click();
  await page.getByText(t('staff:categories.saved')).first().waitFor();

  const solar = page.locator('[data-category="Solar"]');
  await solar
    .getByRole('button', { name: t('staff:categories.hideTitle', { name: 'Solar' }) })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('staff:catalog.apply') })
    .click();
  await solar.getByText(t('staff:categories.hidden')).waitFor();
  await screenshot(page, 'staff-categories-changed-1280');

  const buyer = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test', {
    locale: 'fr',
  });
  journey.keep(buyer.context());
  const sidebar = buyer.getByRole('navigation').first();
  await sidebar.getByText('Accumulateurs').waitFor();
  assert.equal(await sidebar.getByText('Solaire', { exact: true }).count(), 0);
  await screenshot(buyer, 'catalog-categories-after-staff-fr-1280');
});

test('an admin gives a category an icon and the slider a new banner; buyers see both', async () => {
  const t = labels('en');
  const page = await adminOn('/admin/catalog/categories', 'en');
  const chargers = page.locator('[data-category="Chargers"]');
  await chargers
    .getByRole('button', { name: t('staff:categories.iconTitle', { name: 'Chargers' }) })
    .click();
  const dialog = page.getByRole('dialog');
  // The demo draws its icons; the one uploaded replaces it.
  await dialog.locator('[data-category-icon^="/api/media/categories/"]').waitFor();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'charger-icon.png',
    mimeType: 'image/png',
    buffer: pngPicture(300, 200, [230, 120, 20], [255, 255, 255]),
  });
  await dialog.locator('[data-category-icon^="/api/media/pictures/"]').waitFor();
  await inspectSettled(page, 'staff-category-icon');
  await dialog.getByRole('button', { name: t('common.close') }).click();
  const admin = await tokenOf('admin@demo.test');
  const tree = await api<{ items: { names: { en?: string }; icon: { path: string } | null }[] }>(
    admin,
    '/admin/categories',
  );
  const icon = tree.items.find((category) => category.names.en === 'Chargers')?.icon?.path;
  assert.match(icon ?? '', /^\/api\/media\/pictures\/[0-9a-f-]{36}\.webp$/);
  await chargers.locator(`img[src="${icon}"]`).waitFor();

  // The slider: a new banner, refused without its picture, saved with one and texts in French.
  await page.goto(`${journey.portal.url}/admin/settings?tab=slider`);
  const banners = page.locator('[data-banner]');
  await banners.first().waitFor();
  const count = await banners.count();
  await page.getByRole('button', { name: t('staff:settings.slider.add') }).click();
  const banner = banners.nth(count);
  await banner.getByLabel(t('staff:settings.slider.link')).fill('/cat/chargers');
  await banner.getByLabel(t('staff:settings.slider.title')).fill('Chargers for the fleet');
  await banner.getByLabel(t('staff:settings.slider.cta')).fill('See chargers');
  await banner.getByLabel(t('staff:settings.slider.text')).fill('Workshop chargers in stock.');
  await page.getByRole('button', { name: t('staff:settings.save') }).click();
  await banner.getByText(t('validation.banner_picture')).waitFor();

  await banner.getByRole('tab', { name: 'French' }).click();
  await banner.getByLabel(t('staff:settings.slider.title')).fill('Chargeurs pour la flotte');
  await banner.getByLabel(t('staff:settings.slider.cta')).fill('Voir les chargeurs');
  await banner.getByLabel(t('staff:settings.slider.text')).fill('Chargeurs d’atelier en stock.');
  await banner.locator('input[type="file"]').setInputFiles({
    name: 'fleet.png',
    mimeType: 'image/png',
    buffer: pngPicture(1600, 900, [30, 90, 170], [250, 200, 40]),
  });
  const preview = banner.locator('[data-banner-preview="fr"] img[src^="/api/media/pictures/"]');
  await preview.waitFor();
  await banner.getByText('Chargeurs pour la flotte').waitFor();
  const picture = await preview.getAttribute('src');
  await page.getByRole('button', { name: t('staff:settings.save') }).click();
  await page.getByText(t('staff:settings.saved')).first().waitFor();
  await inspectSettled(page, 'staff-settings-slider');

  // A buyer reading French finds the banner on the dashboard, and the icon beside Chargeurs.
  const buyer = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test', {
    locale: 'fr',
  });
  journey.keep(buyer.context());
  const fr = labels('fr');
  const slider = buyer.getByRole('region', { name: fr('dashboard.slider.label') });
  await slider.getByRole('button', { name: fr('dashboard.slider.pause') }).click();
  await slider
    .getByRole('button', {
      name: fr('dashboard.slider.show', {
        index: String(count + 1),
        title: 'Chargeurs pour la flotte',
      }),
    })
    .click();
  await slider.getByRole('heading', { name: 'Chargeurs pour la flotte' }).waitFor();
  await slider.locator(`[data-slide]:visible img[src="${picture}"]`).waitFor();
  await buyer.getByRole('navigation').first().locator(`img[src="${icon}"]`).waitFor();
  await screenshot(buyer, 'dashboard-staff-banner-fr-1280');
});
