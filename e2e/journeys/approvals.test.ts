import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspectWithoutToasts, toast } from '../support/browser';
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
  price: number;
  quantity: number;
}

test('a purchaser over the order limit submits, the owner approves in Italian, the order appears', async () => {
  const en = labels('en');
  const it = labels('it');
  const ownerToken = await journey.tokenOf('owner@demo.test');
  const purchaserToken = await journey.tokenOf('purchaser@demo.test');

  // The purchaser's cart, to a delivery address of the company.
  await journey.api(purchaserToken, '/carts/clear-my-cart', { method: 'DELETE' });
  let options = await journey.api<{ default_delivery_address_id: string | null }>(
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
    options = await journey.api(purchaserToken, '/checkout/options');
  }
  const { items } = await journey.api<{ items: ListedProduct[] }>(
    purchaserToken,
    '/products/advanced-filter',
    { method: 'POST', body: { in_stock: true, sort: 'price_desc', limit: 100, locale: 'en' } },
  );
  // At least 5 items (the shop's minimum), 400 € or more in all.
  const quantityOf = (item: ListedProduct) => Math.max(5, Math.ceil(400 / item.price));
  const product = items.find((item) => item.quantity >= quantityOf(item));
  assert.ok(product, 'the demo catalog has a product for an order above the limit');
  await journey.api(purchaserToken, '/carts/create-or-update', {
    method: 'POST',
    body: { product_id: product._id, quantity: quantityOf(product) },
  });
  const budgets = await journey.api<{ items: { member: { _id: string; full_name: string } }[] }>(
    ownerToken,
    '/budgets',
  );
  const purchaser = budgets.items[0]!.member;

  // The owner gives the purchaser an order limit of 300 €.
  const owner = await open('owner@demo.test', 'en');
  await owner.getByRole('button', { name: en('header.accountMenu') }).click();
  await owner.getByRole('menuitem', { name: en('breadcrumbs.approvals') }).click();
  await owner.getByRole('heading', { level: 1, name: en('approvals:title') }).waitFor();
  await owner
    .getByRole('button', {
      name: en('approvals:editLimitsOf', { name: purchaser.full_name }),
    })
    .click();
  const dialog = owner.getByRole('dialog', {
    name: en('approvals:limitsOf', { name: purchaser.full_name }),
  });
  await dialog.getByLabel(en('approvals:orderLimit')).fill('300');
  await dialog.getByRole('button', { name: en('common.save') }).click();
  await toast(owner, en('approvals:limitsSaved', { name: purchaser.full_name })).waitFor();
  await owner.getByRole('cell', { name: '€300.00' }).waitFor();
  await inspectWithoutToasts(owner, 'approvals-owner-limits');

  // The purchaser's checkout says the order waits for approval, and submits it.
  const page = await open('purchaser@demo.test', 'en');
  await page.goto(
    `${journey.portal.url}/checkout/summary?delivery=${options.default_delivery_address_id}&invoice=same`,
  );
  await page.locator('[data-approval-needed]').waitFor();
  assert.equal(
    await page.getByRole('button', { name: en('checkout.summary.placeOrder') }).count(),
    0,
    'an order above the limit cannot be placed',
  );
  await inspectWithoutToasts(page, 'approvals-checkout-over-limit');
  await page.getByRole('button', { name: en('checkout.summary.submitForApproval') }).click();
  await page.waitForURL('**/approvals/**');
  await page
    .getByRole('heading', {
      level: 1,
      name: en('approvals:detailTitle', { name: purchaser.full_name }),
    })
    .waitFor();
  await page.getByText(en('approvals:status.pending')).first().waitFor();
  await inspectWithoutToasts(page, 'approvals-purchaser-pending');

  // The owner, in Italian, finds the request through its notification and approves it.
  const ownerIt = await open('owner@demo.test', 'it');
  await ownerIt.goto(`${journey.portal.url}/it/notifications`);
  await ownerIt
    .getByText(it('notifications.types.approval_requested', { buyer: purchaser.full_name }))
    .first()
    .click();
  await ownerIt
    .getByRole('heading', {
      level: 1,
      name: it('approvals:detailTitle', { name: purchaser.full_name }),
    })
    .waitFor();
  await inspectWithoutToasts(ownerIt, 'approvals-owner-request-it');
  await ownerIt.getByRole('button', { name: it('approvals:approve'), exact: true }).click();
  const approveDialog = ownerIt.getByRole('dialog', {
    name: it('approvals:approveTitle'),
  });
  await approveDialog.getByLabel(it('approvals:comment')).fill('Va bene per il cantiere');
  const approved = ownerIt.waitForResponse(
    (response) => response.url().includes('/approve') && response.request().method() === 'POST',
  );
  await approveDialog.getByRole('button', { name: it('approvals:approveAndPlace') }).click();
  const body = (await (await approved).json()) as { order: { order_number: string } | null };
  assert.ok(body.order, 'approving placed the order');
  const orderLink = ownerIt.getByRole('link', {
    name: it('approvals:openOrder', { number: body.order.order_number }),
  });
  await orderLink.waitFor();
  await ownerIt.getByText('Va bene per il cantiere').waitFor();
  await inspectWithoutToasts(ownerIt, 'approvals-owner-approved-it');

  // The purchaser finds the order in the order history.
  await page.goto(`${journey.portal.url}/orders`);
  await page.getByRole('link', { name: body.order.order_number }).first().waitFor();
});
