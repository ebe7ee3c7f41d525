import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspectWithoutToasts, toast } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { signedIn, staffSignedIn } from '../support/session';

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

const QUANTITY = 40;

test('a buyer asks for a quote, staff answer in German, the buyer accepts in French and pays', async () => {
  const en = labels('en');
  const de = labels('de');
  const fr = labels('fr');
  const purchaserToken = await journey.tokenOf('purchaser@demo.test');

  // The company needs a delivery address for the checkout; the cart holds something else.
  await journey.api(purchaserToken, '/carts/clear-my-cart', { method: 'DELETE' });
  const options = await journey.api<{ default_delivery_address_id: string | null }>(
    purchaserToken,
    '/checkout/options',
  );
  if (!options.default_delivery_address_id) {
    await journey.api(purchaserToken, '/addresses/delivery', {
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
  const { items } = await journey.api<{ items: ListedProduct[] }>(
    purchaserToken,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_asc', limit: 100, locale: 'en' } },
  );
  const inStock = items.filter((item) => item.quantity >= QUANTITY && item.price >= 5);
  const [product, other] = inStock;
  assert.ok(product && other, 'the demo catalog has products in stock');
  await journey.api(purchaserToken, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: other._id, quantity: 1 },
  });

  // The cart offers a quote for its lines; the purchaser asks from the product page instead.
  const page = await open('purchaser@demo.test', 'en');
  await page.goto(`${journey.portal.url}/cart`);
  await page.getByRole('button', { name: en('quotes.request.fromCart') }).click();
  const fromCart = page.getByRole('dialog', { name: en('quotes.request.title') });
  await fromCart.getByLabel(en('quotes.request.quantityOf', { title: other.name })).waitFor();
  await fromCart.getByRole('button', { name: en('common.cancel') }).click();
  await fromCart.waitFor({ state: 'hidden' });
  await page.goto(`${journey.portal.url}/product/${encodeURIComponent(product.sku)}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: en('quotes.request.fromProduct') }).click();
  const dialog = page.getByRole('dialog', { name: en('quotes.request.title') });
  const quantity = dialog.getByLabel(en('quotes.request.quantityOf', { title: product.name }));
  await quantity.fill(String(QUANTITY));
  await dialog.getByLabel(en('quotes.request.message')).fill('For a school roof in Utrecht');
  await dialog.getByLabel(en('quotes.request.wishedDate')).fill('2020-01-01');
  await dialog.getByRole('button', { name: en('quotes.request.send') }).click();
  await dialog.getByText(en('validation.date_in_past')).waitFor();
  await dialog.getByLabel(en('quotes.request.wishedDate')).fill('');
  const sent = page.waitForResponse(
    (response) => response.url().endsWith('/api/quotes') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: en('quotes.request.send') }).click();
  const quote = (await (await sent).json()) as { _id: string; quote_number: string };
  await page.waitForURL(`**/quotes/${quote._id}`);
  await page
    .getByRole('heading', {
      level: 1,
      name: en('quotes:detailTitle', { number: quote.quote_number }),
    })
    .waitFor();
  await page.getByText(en('quotes:note.requested')).waitFor();
  await inspectWithoutToasts(page, 'quotes-buyer-requested');

  // A member of staff, in German, finds it waiting in the back office and answers it.
  const staff = await staffSignedIn(
    journey.browser,
    journey.portal.url,
    'operator@demo.test',
    'de',
  );
  journey.keep(staff.context());
  await staff.goto(`${journey.portal.url}/de/admin/quotes`);
  await staff.getByRole('heading', { level: 1, name: de('quotes:staff.title') }).waitFor();
  await inspectWithoutToasts(staff, 'quotes-staff-list-de');
  await staff.getByRole('link', { name: quote.quote_number }).click();
  await staff
    .getByRole('heading', {
      level: 1,
      name: de('quotes:detailTitle', { number: quote.quote_number }),
    })
    .waitFor();
  const price = Math.max(1, Math.floor(product.price * 0.8));
  // One line, its title in German: the price input is named after it.
  await staff
    .getByLabel(new RegExp(`^${de('quotes:staff.priceOf', { title: '' })}`))
    .fill(String(price));
  await staff.getByLabel(de('quotes:staff.message')).fill('Sonderpreis für 40 Stück');
  await inspectWithoutToasts(staff, 'quotes-staff-answer-de');
  await staff.getByRole('button', { name: de('quotes:staff.send') }).click();
  await toast(staff, de('quotes:staff.answeredNotice', { number: quote.quote_number })).waitFor();
  await staff.getByText('Sonderpreis für 40 Stück').waitFor();

  // The purchaser, in French, opens it from the notification and accepts it.
  const buyer = await open('purchaser@demo.test', 'fr');
  await buyer.goto(`${journey.portal.url}/fr/notifications`);
  await buyer
    .getByText(fr('notifications.types.quote_answered', { quote: quote.quote_number }))
    .first()
    .click();
  await buyer
    .getByRole('heading', {
      level: 1,
      name: fr('quotes:detailTitle', { number: quote.quote_number }),
    })
    .waitFor();
  await buyer.getByText('Sonderpreis für 40 Stück').waitFor();
  await inspectWithoutToasts(buyer, 'quotes-buyer-answered-fr');
  await buyer.getByRole('link', { name: fr('quotes:accept') }).click();
  await buyer.waitForURL(`**/fr/checkout/delivery?**quote=${quote._id}`);
  await buyer.getByText(fr('checkout.quote.note')).waitFor();
  await buyer.getByRole('button', { name: fr('checkout.delivery.continue') }).click();
  await buyer.waitForURL(`**/fr/checkout/summary?**quote=${quote._id}`);
  await buyer.getByText(fr('checkout.quote.note')).waitFor();
  // The way back is the quote, not the cart.
  const trail = buyer.getByRole('navigation', { name: fr('breadcrumbs.label') });
  await trail.getByRole('link', { name: fr('breadcrumbs.quote'), exact: true }).waitFor();
  assert.equal(await trail.getByRole('link', { name: fr('breadcrumbs.cart') }).count(), 0);
  await buyer.locator('[data-totals]').waitFor();
  const lineText = fr('checkout.summary.lineQuantity', {
    quantity: String(QUANTITY),
    price: new Intl.NumberFormat('fr', { style: 'currency', currency: 'EUR' }).format(price),
  });
  await buyer.getByText(lineText).waitFor();
  await buyer.getByRole('radio', { name: fr('checkout.methods.ideal') }).check();
  await inspectWithoutToasts(buyer, 'quotes-checkout-summary-fr');
  await buyer.getByRole('button', { name: fr('checkout.summary.placeOrder') }).click();
  await buyer.waitForURL(/\/api\/payments\/simulated\//);
  await buyer.locator('button[name="outcome"][value="paid"]').click();
  await buyer.waitForURL(/\/fr\/payment-successful\?order_id=/);
  await buyer
    .getByRole('heading', { level: 1, name: fr('checkout.result.successTitle') })
    .waitFor();

  // The quote is accepted, names its order, and the cart still holds what it held.
  await buyer.goto(`${journey.portal.url}/fr/quotes/${quote._id}`);
  await buyer.getByText(fr('quotes:note.accepted')).waitFor();
  await buyer.getByRole('link', { name: /^Ouvrir la commande \d{10}$/ }).waitFor();
  const cart = await journey.api<{ item_count: number }>(purchaserToken, '/carts/my-cart');
  assert.equal(cart.item_count, 1, 'accepting a quote leaves the cart as it was');
  await buyer.goto(`${journey.portal.url}/fr/quotes`);
  await buyer.getByRole('heading', { level: 1, name: fr('quotes:title') }).waitFor();
  await buyer.getByRole('link', { name: quote.quote_number }).waitFor();
  await inspectWithoutToasts(buyer, 'quotes-buyer-list-fr');
  await journey.api(purchaserToken, '/carts/clear-my-cart', { method: 'DELETE' });
});
