import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible, inspectWithoutToasts, toast } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn } from '../support/session';

const journey = journeyFile();

/** Signed in through the sign-in screen; the context closes after the test, passed or not. */
async function open(email: string, locale: 'en' | 'nl' = 'en'): Promise<Page> {
  const page = await signedIn(journey.browser, journey.portal.url, email, { locale });
  journey.keep(page.context());
  return page;
}

type Locale = 'en' | 'nl';
type Labels = ReturnType<typeof labels>;

interface ListedProduct {
  _id: string;
  sku: string;
  name: string;
  price: number;
  quantity: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const prefixOf = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

/** Calls the API with the page's own session (the token the web app stored). */
async function api<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const response = await fetch(`${journey.portal.url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  assert.ok(response.ok, `${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Well-stocked products, dearest first: a few units reach the minimum cart amount. */
async function stockedProducts(page: Page, locale: Locale): Promise<ListedProduct[]> {
  const { items } = await api<{ items: ListedProduct[] }>(page, '/products/advanced-filter', {
    method: 'POST',
    body: { in_stock: true, sort: 'price_desc', limit: 40, locale },
  });
  const stocked = items.filter((item) => item.quantity >= 50 && item.price >= 40);
  assert.ok(stocked.length >= 2, 'the demo catalog has well-stocked products');
  return stocked;
}

const cartIcon = (page: Page, t: Labels) =>
  page.getByRole('link', {
    name: new RegExp(`^${escape(t('cart.iconLabel', { count: 'X' })).replace('X', '(\\d+)')}$`),
  });

async function cartCount(page: Page, t: Labels): Promise<number> {
  const label = await cartIcon(page, t).getAttribute('aria-label');
  return Number(/(\d+)/.exec(label ?? '')?.[1] ?? NaN);
}

/** Puts `quantity` of a product in the cart from its product page. */
async function addFromProductPage(
  page: Page,
  t: Labels,
  locale: Locale,
  product: ListedProduct,
  quantity: number,
) {
  await page.goto(
    `${journey.portal.url}${prefixOf(locale)}/product/${encodeURIComponent(product.sku)}`,
  );
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByLabel(t('cart.quantity'), { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: t('cart.add'), exact: true }).click();
  await toast(page, t('cart.added')).waitFor();
}

/** Starts from an empty cart, whatever an earlier test left. */
async function emptyCart(page: Page) {
  await api(page, '/carts/clear-my-cart', { method: 'DELETE', body: {} });
}

/** Buy with one click needs a default delivery address: make one if an earlier test did not. */
async function ensureDefaultDeliveryAddress(page: Page) {
  const options = await api<{ one_click_available: boolean }>(page, '/checkout/options');
  if (options.one_click_available) return;
  await api(page, '/addresses/delivery', {
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

/**
 * Whether the page says `text` on its way to the provider's page: an observer in the page
 * reports it to the test, since the provider's page replaces the portal's right after.
 */
async function watchRedirect(page: Page, text: string) {
  const seen = { text: false };
  let reported: () => void = () => {};
  const report = new Promise<void>((resolve) => {
    reported = resolve;
  });
  await page.exposeFunction('reportRedirecting', () => {
    seen.text = true;
    reported();
  });
  // The provider's page is held until the page has said it (10 s at most, then let through
  // for the test to fail on `seen`), so the report reaches the test first.
  await page.route('**/api/payments/simulated/**', async (route) => {
    await Promise.race([report, once(AbortSignal.timeout(10_000), 'abort')]);
    await route.continue();
  });
  return {
    seen,
    /** Call on the page that is about to redirect. */
    arm: () =>
      page.evaluate((wanted) => {
        const report = (window as unknown as { reportRedirecting: () => void }).reportRedirecting;
        new MutationObserver(() => {
          if (document.body.innerText.includes(wanted)) report();
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      }, text),
  };
}

/** On the simulated provider's hosted page: pay, fail or cancel. */
async function providerAnswers(page: Page, outcome: 'paid' | 'failed' | 'canceled') {
  await page.waitForURL(/\/api\/payments\/simulated\//);
  await expectAccessible(page, `the simulated payment page (${outcome})`);
  await page.locator(`button[name="outcome"][value="${outcome}"]`).click();
}

for (const locale of ['en', 'nl'] as const) {
  const t = labels(locale);
  const prefix = prefixOf(locale);
  // English: the purchaser of Demo Energy BV (NL, like the seller) adds the company's first
  // delivery address and pays the Dutch VAT. Dutch: the owner of Other Power GmbH (DE) delivers
  // to Belgium, which is reverse-charged.
  const email = locale === 'en' ? 'purchaser@demo.test' : 'owner@other.test';

  test(`${locale}: cart → delivery → summary → simulated payment succeeds`, async () => {
    const page = await open(email, locale);
    await emptyCart(page);
    const redirect = await watchRedirect(page, t('checkout.redirecting'));
    const [first, second] = await stockedProducts(page, locale);

    // Product page and a category card both add to the cart, with the toast.
    await addFromProductPage(page, t, locale, first!, 3);
    const { categories } = await api<{ categories: { slug: string }[] }>(
      page,
      `/products/sku/${encodeURIComponent(second!.sku)}?locale=${locale}`,
    );
    await page.goto(
      `${journey.portal.url}${prefix}/cat/${encodeURIComponent(categories[0]!.slug)}`,
    );
    // The card of that product (names repeat across models; the SKU does not).
    const card = page
      .locator('section[aria-busy="false"] article')
      .filter({ hasText: second!.sku })
      .or(
        page
          .locator('section[aria-busy="false"] article')
          .filter({ has: page.locator('button:enabled') }),
      )
      .first();
    // Its 'Add to cart' (the card also offers 'Add to list').
    const addToCart = new RegExp(
      `^${escape(t('cart.addNamed', { name: 'PRODUCT' })).replace('PRODUCT', '.+')}$`,
    );
    await card.getByRole('button', { name: addToCart }).click();
    await toast(page, t('cart.added')).waitFor();
    await inspectWithoutToasts(page, `checkout-${locale}-category-add`);
    assert.equal(await cartCount(page, t), 4, 'the header icon counts the items');

    // The cart: 4 items are below the minimum item count (5 in the demo settings).
    await cartIcon(page, t).click();
    await page.waitForURL(`**${prefix}/cart`);
    await page.getByRole('heading', { level: 1, name: t('cart.title') }).waitFor();
    const breadcrumbs = page.getByRole('navigation', { name: t('breadcrumbs.label') });
    await breadcrumbs.getByText(t('breadcrumbs.cart')).waitFor();
    await page.getByText(t('cart.holds.minQuantity', { qty: '5' })).waitFor();
    assert.ok(await page.getByRole('button', { name: t('cart.proceed') }).isDisabled());

    // Quantity change: 'cart updated'. Beyond stock: the API's message names the product.
    const quantity = page.getByLabel(t('cart.quantityOf', { name: first!.name }), { exact: true });
    await quantity.fill('4');
    await quantity.press('Enter');
    await toast(page, t('cart.updated')).waitFor();
    await page.getByText(t('cart.holds.minQuantity', { qty: '5' })).waitFor({ state: 'hidden' });
    await quantity.fill(String(first!.quantity + 1000));
    await quantity.press('Enter');
    await page.locator('.mantine-Notification-root').filter({ hasText: first!.name }).waitFor();
    assert.equal(await quantity.inputValue(), '4', 'the line keeps what the server holds');
    assert.equal(await cartCount(page, t), 5);
    await inspectWithoutToasts(page, `checkout-${locale}-cart`);

    // Delivery address step.
    await page.getByRole('link', { name: t('cart.proceed') }).click();
    await page.waitForURL(`**${prefix}/checkout/delivery`);
    await page.getByRole('heading', { level: 1, name: t('checkout.delivery.title') }).waitFor();
    await page.getByRole('button', { name: t('addresses.add.delivery') }).click();
    const dialog = page.getByRole('dialog', { name: t('addresses.add.delivery') });
    await dialog.waitFor();
    // Every required field says what is missing.
    await dialog.getByRole('button', { name: t('addresses.save') }).click();
    await dialog.getByText(t('validation.required')).first().waitFor();
    assert.ok(
      (await dialog.getByText(t('validation.required')).count()) >= 4,
      'the required fields are flagged',
    );
    await dialog
      .getByLabel(t('addresses.fields.company_name'))
      .fill(locale === 'en' ? 'Demo Energy BV – Warehouse' : 'Other Power GmbH – Antwerpen');
    await dialog
      .getByLabel(t('addresses.fields.street'))
      .fill(locale === 'en' ? 'Havenweg' : 'Kaai');
    await dialog.getByLabel(t('addresses.fields.house_number')).fill('7');
    await dialog
      .getByLabel(t('addresses.fields.zip_code'))
      .fill(locale === 'en' ? '3011 AB' : '2000');
    await dialog
      .getByLabel(t('addresses.fields.city'))
      .fill(locale === 'en' ? 'Rotterdam' : 'Antwerpen');
    await dialog
      .getByLabel(t('addresses.fields.country'))
      .selectOption(locale === 'en' ? 'NL' : 'BE');
    await dialog.getByLabel(t('addresses.fields.email')).fill('not-an-email');
    await dialog.getByRole('button', { name: t('addresses.save') }).click();
    await dialog.getByText(t('validation.invalid_email')).waitFor();
    await dialog.getByLabel(t('addresses.fields.email')).fill('warehouse@demo.test');
    if (locale === 'en') await dialog.getByLabel(t('addresses.makeDefault.delivery')).check();
    await dialog.getByRole('button', { name: t('addresses.save') }).click();
    await toast(page, t('addresses.saved')).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Demo Energy BV has a default invoice address: it is offered as a separate one. Other
    // Power GmbH has none: the invoice goes to the delivery address.
    const invoiceChoice = locale === 'en' ? 'separateAddress' : 'sameAddress';
    await page.getByLabel(t(`checkout.delivery.${invoiceChoice}`)).waitFor();
    assert.ok(await page.getByLabel(t(`checkout.delivery.${invoiceChoice}`)).isChecked());
    await inspectWithoutToasts(page, `checkout-${locale}-delivery`);
    await page.getByRole('button', { name: t('checkout.delivery.continue') }).click();

    // Summary/payment step.
    await page.waitForURL(`**${prefix}/checkout/summary?**`);
    await page.getByRole('heading', { level: 1, name: t('checkout.summary.title') }).waitFor();
    const totals = page.locator('[data-totals]');
    await totals.waitFor();
    if (locale === 'en') {
      await totals.getByText(t('checkout.totals.vat', { rate: '21' })).waitFor();
    } else {
      // Delivered to Belgium for a company with an active VAT number: reverse charge, 0 %.
      await totals.getByText(t('checkout.totals.vat', { rate: '0' })).waitFor();
      await totals.getByText(/Richtlijn 2006\/112|2006\/112/).waitFor();
    }
    const bankTransfer = page.getByRole('radio', { name: t('checkout.methods.banktransfer') });
    await bankTransfer.check();
    await page.getByText(t('checkout.summary.longerDelivery', { days: '5' })).waitFor();
    await page.locator('[data-delivery-time]').filter({ hasText: '5' }).waitFor();
    await page.getByRole('radio', { name: t('checkout.methods.ideal') }).check();
    await page.locator('[data-delivery-time]').filter({ hasText: '2' }).waitFor();
    await page.getByLabel(t('checkout.summary.comment')).fill('Please deliver before noon.');
    await inspectWithoutToasts(page, `checkout-${locale}-summary`);

    await redirect.arm();
    await page.getByRole('button', { name: t('checkout.summary.placeOrder') }).click();
    await providerAnswers(page, 'paid');
    assert.ok(redirect.seen.text, "'Redirecting to payment...' was shown");

    // Back in the portal: payment successful with the order number.
    await page.waitForURL(new RegExp(`${escape(prefix)}/payment-successful\\?order_id=`));
    await page
      .getByRole('heading', { level: 1, name: t('checkout.result.successTitle') })
      .waitFor();
    await page
      .getByRole('navigation', { name: t('breadcrumbs.label') })
      .getByText(t('breadcrumbs.paymentSuccessful'))
      .waitFor();
    const orderNumber = (await page.locator('[data-order-number]').innerText()).trim();
    assert.equal(orderNumber.length, 10, `order number ${orderNumber}`);
    await page
      .getByText(t('checkout.progress.payment_received'))
      .or(page.getByText(t('checkout.progress.processing')))
      .first()
      .waitFor();
    await inspectWithoutToasts(page, `checkout-${locale}-payment-successful`);
    assert.equal(await cartCount(page, t), 0, 'the order emptied the cart');
  });

  test(`${locale}: a failed payment leaves a cart that comes back with one click`, async () => {
    const page = await open(email, locale);
    await emptyCart(page);
    const redirect = await watchRedirect(page, t('checkout.redirecting'));
    const [first, second] = await stockedProducts(page, locale);
    await ensureDefaultDeliveryAddress(page);
    await addFromProductPage(page, t, locale, first!, 3);
    await addFromProductPage(page, t, locale, second!, 2);
    await cartIcon(page, t).click();
    await page.getByRole('heading', { level: 1, name: t('cart.title') }).waitFor();

    // Buy with one click: the default delivery address and one confirmation.
    await page.getByRole('button', { name: t('checkout.oneClick.button') }).click();
    const confirm = page.getByRole('dialog', { name: t('checkout.oneClick.title') });
    await confirm.waitFor();
    await redirect.arm();
    await confirm.getByRole('button', { name: t('checkout.oneClick.confirm') }).click();
    await providerAnswers(page, 'failed');
    assert.ok(redirect.seen.text, "'Redirecting to payment...' was shown");

    await page.waitForURL(new RegExp(`${escape(prefix)}/payment-failed\\?order_id=`));
    await page.getByRole('heading', { level: 1, name: t('checkout.result.failedTitle') }).waitFor();
    await page
      .getByRole('navigation', { name: t('breadcrumbs.label') })
      .getByText(t('breadcrumbs.paymentFailed'))
      .waitFor();
    const restore = page.getByRole('button', { name: t('checkout.result.restoreCart') });
    await restore.waitFor();
    // The failed state, without any progress or delivery promise.
    assert.equal(
      await page.locator('[data-payment-status]').textContent(),
      t('checkout.paymentStatuses.failed'),
    );
    assert.equal(
      await page.locator('[data-order-status]').textContent(),
      t('orders.statuses.failed'),
    );
    for (const label of [t('checkout.result.deliveryTime'), t('checkout.result.progress')]) {
      assert.equal(await page.getByText(label, { exact: true }).count(), 0, label);
    }
    await inspectWithoutToasts(page, `checkout-${locale}-payment-failed`);
    assert.equal(await cartCount(page, t), 0, 'the placed order had emptied the cart');

    await restore.click();
    await toast(page, t('checkout.result.restored')).waitFor();
    await page.waitForURL(`**${prefix}/cart`);
    await page.getByLabel(t('cart.quantityOf', { name: first!.name }), { exact: true }).waitFor();
    assert.equal(
      await page
        .getByLabel(t('cart.quantityOf', { name: first!.name }), { exact: true })
        .inputValue(),
      '3',
    );
    assert.equal(
      await page
        .getByLabel(t('cart.quantityOf', { name: second!.name }), { exact: true })
        .inputValue(),
      '2',
    );
    assert.equal(await cartCount(page, t), 5);

    // Clear cart, after one confirmation.
    await page.getByRole('button', { name: t('cart.clear') }).click();
    await page
      .getByRole('dialog', { name: t('cart.clearTitle') })
      .getByRole('button', { name: t('cart.clear') })
      .click();
    await page.getByText(t('cart.empty')).waitFor();
    assert.equal(await cartCount(page, t), 0);
  });
}

test('an accountant sees no cart icon and no add-to-cart, and /cart sends them home', async () => {
  const t = labels('en');
  const page = await open('accountant@demo.test');
  await page.locator('main article').first().waitFor();
  assert.equal(await cartIcon(page, t).count(), 0);
  assert.equal(await page.getByRole('button', { name: t('cart.add') }).count(), 0);
  await page.goto(`${journey.portal.url}/cart`);
  await page.waitForURL(`${journey.portal.url}/`);
  assert.equal(await cartIcon(page, t).count(), 0);
});

test('an inactive company VAT number shows the banner and blocks the purchase', async () => {
  const t = labels('en');
  const page = await open('owner@other.test');
  const me = await api<{ company: { _id: string } }>(page, '/auth/me');
  const profile = await api<Record<string, unknown>>(page, `/companies/${me.company._id}`);
  // NL000000000B00 is the offline VAT checker's documented inactive test number.
  await api(page, `/companies/profile/${me.company._id}`, {
    method: 'PUT',
    body: {
      company: profile.company,
      company_register_number: profile.company_register_number,
      vat_number: 'NL000000000B00',
      country: 'NL',
      city: profile.city,
      postcode: profile.postcode,
      street: profile.street,
      house_number: profile.house_number,
      registered_day: profile.registered_day,
    },
  });
  const [product] = await stockedProducts(page, 'en');
  await addFromProductPage(page, t, 'en', product!, 5);
  await page.goto(`${journey.portal.url}/cart`);
  const banner = page.getByText(t('vat.companyInactive', { vat_number: 'NL000000000B00' }));
  await banner.waitFor();
  await page.getByText(t('cart.holds.vatInactive')).waitFor();
  assert.ok(await page.getByRole('button', { name: t('cart.proceed') }).isDisabled());
  assert.ok(await page.getByRole('button', { name: t('checkout.oneClick.button') }).isDisabled());
  await inspectWithoutToasts(page, 'checkout-en-vat-inactive');

  // Re-check asks the register again: still inactive, so the banner stays.
  await page.getByRole('button', { name: t('vat.recheck') }).click();
  await page.locator('.mantine-Notification-root').first().waitFor();
  await banner.waitFor();
  // Update it: the company details screen.
  await page.getByRole('button', { name: t('vat.update') }).click();
  await page.waitForURL(`${journey.portal.url}/company-details`);
});
