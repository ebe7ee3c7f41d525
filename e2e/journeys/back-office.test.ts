import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { inspect, screenshot, WIDTHS } from '../support/browser';
import { pngPicture } from '../support/files';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { linkIn } from '../support/server';
import {
  DEMO_PASSWORD,
  reportBrowserTrouble,
  signedIn,
  staffSignedIn as signInStaff,
} from '../support/session';

const journey = journeyFile();
const { api, tokenOf, upload } = journey;

/** A member of the shop's staff signed in, on the order list; the context closes after the test. */
async function staffSignedIn(email: string, locale: 'en' | 'fr' | 'de' | 'nl'): Promise<Page> {
  const page = await signInStaff(journey.browser, journey.portal.url, email, locale);
  journey.keep(page.context());
  return page;
}

/** The purchaser orders five units by bank transfer, through the API. */
async function bankTransferOrder(): Promise<{ id: string; orderNumber: string }> {
  const purchaser = await tokenOf('purchaser@demo.test');
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
  return { id: order._id, orderNumber: order.order_number };
}

test('an operator finds an order by its number, marks the transfer paid and ships it', async () => {
  const order = await bankTransferOrder();
  const t = labels('fr');
  const page = await staffSignedIn('operator@demo.test', 'fr');
  await inspect(page, 'staff-orders-fr');

  // The header's search finds the order by its number; the filter is in the URL.
  await page.getByRole('searchbox', { name: t('staff:search.label') }).fill(order.orderNumber);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/fr/admin/orders?q=${order.orderNumber}`);
  const row = page.locator('[data-staff-order-row]');
  await row.filter({ hasText: order.orderNumber }).waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[data-staff-order-row]').length === 1,
  );
  // The export takes the same filters: this one order, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('staff:orders.exportCsv') }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  assert.equal(csv.trim().split('\r\n').length, 2);
  assert.ok(csv.includes(order.orderNumber));
  const [spreadsheet] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('staff:orders.exportXlsx') }).click(),
  ]);
  assert.match(spreadsheet.suggestedFilename(), /^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // An XLSX file is a ZIP archive.
  assert.equal((await readFile(await spreadsheet.path())).subarray(0, 2).toString(), 'PK');
  await row.getByRole('link', { name: order.orderNumber }).click();
  await page
    .getByRole('heading', {
      level: 1,
      name: t('orders.detailTitle', { number: order.orderNumber }),
    })
    .waitFor();
  await inspect(page, 'staff-order-awaiting-payment-fr');

  // The bank transfer arrived: marked paid after a confirmation; the invoice is issued.
  await page.getByRole('button', { name: t('staff:order.markPaid') }).click();
  const confirm = page.getByRole('dialog', { name: t('staff:order.markPaid') });
  await confirm.getByRole('button', { name: t('staff:order.markPaid') }).click();
  await page.getByText(t('staff:order.markedPaid', { number: order.orderNumber })).waitFor();
  await page.getByText(t('staff:order.documentKinds.invoice'), { exact: true }).waitFor();

  // Shipping asks for the carrier and the tracking numbers, and says which is missing.
  await page.getByRole('button', { name: t('staff:order.ship') }).click();
  const ship = page.getByRole('dialog', {
    name: t('staff:order.shipTitle', { number: order.orderNumber }),
  });
  await ship.getByRole('button', { name: t('staff:order.ship') }).click();
  await ship.getByText(t('validation.required')).first().waitFor();
  await inspect(page, 'staff-order-ship-dialog-fr');
  // The first parcel holds 2 of the 5 units, in two packages.
  await ship.getByLabel(t('staff:order.carrier')).fill('DHL Parcel');
  await ship.getByLabel(t('staff:order.trackingNumbers')).fill('JVGL0555000111\nJVGL0555000112');
  await ship.locator('table input').first().fill('2');
  await ship.getByRole('button', { name: t('staff:order.ship') }).click();
  await page.getByText(t('staff:order.partlyShipped', { number: order.orderNumber })).waitFor();
  const shipments = page.locator('[data-shipments]');
  await shipments.getByText(t('orders.partlyShipped', { shipped: '2', ordered: '5' })).waitFor();
  // The second parcel takes the rest: the order is shipped.
  await ship.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: t('staff:order.ship') }).click();
  await ship.getByLabel(t('staff:order.carrier')).fill('PostNL');
  await ship.getByLabel(t('staff:order.trackingNumbers')).fill('3SPOST0000042');
  await ship.getByRole('button', { name: t('staff:order.ship') }).click();
  await page
    .getByText(t('staff:order.shipped', { number: order.orderNumber }), { exact: true })
    .waitFor();
  await ship.waitFor({ state: 'hidden' });
  await page
    .locator('#main')
    .getByRole('button', { name: t('staff:order.ship') })
    .waitFor({ state: 'detached' });
  assert.equal(await shipments.locator('[data-shipment]').count(), 2);
  await shipments.getByText('JVGL0555000111, JVGL0555000112').waitFor();

  // An internal note lands on the timeline, for staff only.
  await page.getByLabel(t('staff:order.note')).fill('Livraison au quai 3 uniquement');
  await page.getByRole('button', { name: t('staff:order.addNote') }).click();
  await page.locator('[data-timeline-entry]').filter({ hasText: 'Livraison au quai 3' }).waitFor();
  await inspect(page, 'staff-order-shipped-fr');

  // The buyer lost the confirmation: staff send it again.
  await page.getByRole('button', { name: t('staff:order.resendConfirmation') }).click();
  await page
    .getByRole('dialog', { name: t('staff:order.resendConfirmation') })
    .getByRole('button', { name: t('staff:order.resendConfirmation') })
    .click();
  await page
    .getByText(t('staff:order.confirmationResent', { number: order.orderNumber }))
    .waitFor();

  // The customer sees the shipment and the progress, never the note.
  const customer = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test');
  journey.keep(customer.context());
  const en = labels('en');
  await customer.goto(`${journey.portal.url}/orders/${order.id}`);
  await customer
    .getByRole('heading', {
      level: 1,
      name: en('orders.detailTitle', { number: order.orderNumber }),
    })
    .waitFor();
  await customer.getByText(en('checkout.progress.shipping_on_the_way')).first().waitFor();
  const parcels = customer.locator('[data-shipments]');
  await parcels.getByText(`${en('orders.parcel', { n: '1' })} · DHL Parcel`).waitFor();
  await parcels.getByText(`${en('orders.parcel', { n: '2' })} · PostNL`).waitFor();
  await customer
    .getByText('DHL Parcel JVGL0555000111, JVGL0555000112 · PostNL 3SPOST0000042')
    .waitFor();
  // The invoice staff issued by marking the transfer paid is one click away.
  await customer.locator('a[href*="/invoices/invoice-details/"]').waitFor();
  await screenshot(customer, 'customer-order-shipped-by-staff-1280');
  // Each parcel was a notification.
  await customer.getByRole('button', { name: /^Notifications: \d+ unseen$/ }).click();
  const shippedNotes = customer
    .getByRole('dialog', { name: en('notifications.title') })
    .locator('[data-notification]')
    .filter({ hasText: en('notifications.types.order_is_shipped', { order: order.orderNumber }) });
  await shippedNotes.nth(1).waitFor();
  assert.equal(await customer.getByText('Livraison au quai 3').count(), 0);
});

test('staff cancel a paid order: stock back, the invoice credited, the customer told', async () => {
  const order = await bankTransferOrder();
  const admin = await tokenOf('admin@demo.test');
  await api(admin, `/admin/orders/${order.id}/mark-paid`, { method: 'POST' });
  const t = labels('de');
  const page = await staffSignedIn('operator@demo.test', 'de');
  await page.goto(`${journey.portal.url}/de/admin/orders/${order.id}`);
  await page
    .getByRole('heading', {
      level: 1,
      name: t('orders.detailTitle', { number: order.orderNumber }),
    })
    .waitFor();
  // The buyer cannot find the invoice: staff mail them where it is.
  await page.getByRole('button', { name: t('staff:order.resendInvoice') }).click();
  await page
    .getByRole('dialog', { name: t('staff:order.resendInvoice') })
    .getByRole('button', { name: t('staff:order.resendInvoice') })
    .click();
  await page.getByText(t('staff:order.invoiceResent', { number: order.orderNumber })).waitFor();
  const invoiceMail = await journey.portal.mailTo('purchaser@demo.test', 'invoice_available');
  assert.ok(invoiceMail.subject.includes(order.orderNumber));

  await page.getByRole('button', { name: t('staff:order.cancel') }).click();
  const confirm = page.getByRole('dialog', { name: t('staff:order.cancel') });
  // A paid bank transfer: staff are told to transfer the money back themselves.
  await confirm.getByText(/Gutschrift/).waitFor();
  await inspect(page, 'staff-order-cancel-paid-de');
  await confirm.getByRole('button', { name: t('staff:order.cancel') }).click();
  await page.getByText(t('staff:order.canceled', { number: order.orderNumber })).waitFor();
  await page.getByText(t('staff:order.documentKinds.credit_note'), { exact: true }).waitFor();
  // Staff open the credit note as the customer gets it.
  const creditNoteLink = page.getByRole('button', {
    name: new RegExp(t('staff:order.downloadPdf', { number: 'CN-\\d{4}-\\d{6}' })),
  });
  const [pdf] = await Promise.all([page.waitForEvent('download'), creditNoteLink.click()]);
  assert.match(pdf.suggestedFilename(), /^credit-note-CN-\d{4}-\d{6}\.pdf$/);
  assert.equal((await readFile(await pdf.path())).subarray(0, 5).toString(), '%PDF-');
  await page.getByRole('button', { name: t('staff:order.cancel') }).waitFor({ state: 'detached' });
  const mail = await journey.portal.mailTo('purchaser@demo.test', 'order_canceled_credit_note');
  assert.ok(mail.subject.includes(order.orderNumber));
});

test('admins read the audit log; operators and customers cannot open what is not theirs', async () => {
  const order = await bankTransferOrder();
  const operatorToken = await tokenOf('operator@demo.test');
  await api(operatorToken, `/admin/orders/${order.id}/mark-paid`, { method: 'POST', body: {} });

  const t = labels('de');
  const admin = await staffSignedIn('admin@demo.test', 'de');
  await admin.getByRole('link', { name: t('nav.auditLog') }).click();
  await admin.getByRole('heading', { level: 1, name: t('staff:audit.title') }).waitFor();
  const entry = admin
    .locator('[data-audit-row]')
    .filter({ hasText: order.orderNumber })
    .filter({ hasText: t('staff:audit.actions.order.mark_paid') });
  await entry.waitFor();
  // Before and after are named in the reader's language.
  await entry
    .getByText(`${t('staff:audit.fields.status')}:`)
    .first()
    .waitFor();
  await inspect(admin, 'staff-audit-log-de');
  // The staff filter is kept in the URL: the link shows the same view.
  await admin.getByRole('combobox', { name: t('staff:audit.staffMember') }).click();
  await admin.getByRole('option', { name: 'Olivia Operator' }).click();
  await admin.waitForURL(/staff_user_id=/);
  await entry.waitFor();
  const shared = admin.url();
  const again = await admin.context().newPage();
  await again.goto(shared);
  await again.locator('[data-audit-row]').filter({ hasText: order.orderNumber }).waitFor();
  const rows = again.locator('[data-audit-row]');
  assert.equal(await rows.filter({ hasText: 'operator@demo.test' }).count(), await rows.count());

  // Operators have no audit log: no link, and the address sends them to their order list.
  const en = labels('en');
  const operator = await staffSignedIn('operator@demo.test', 'en');
  assert.equal(await operator.getByRole('link', { name: en('nav.auditLog') }).count(), 0);
  await operator.goto(`${journey.portal.url}/admin/audit-log`);
  await operator.waitForURL(`${journey.portal.url}/admin/orders`);

  // Customers open no staff screen: the address sends them to their dashboard.
  const owner = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test');
  journey.keep(owner.context());
  await owner.goto(`${journey.portal.url}/admin/orders/${order.id}`);
  await owner.waitForURL(`${journey.portal.url}/`);
});

test('staff block a company: its signed-in owner is signed out at the next click', async () => {
  const owner = await signedIn(journey.browser, journey.portal.url, 'owner@other.test');
  journey.keep(owner.context());
  const en = labels('en');

  const staff = await staffSignedIn('operator@demo.test', 'en');
  await staff.getByRole('link', { name: en('nav.customers') }).click();
  await staff.getByRole('heading', { level: 1, name: en('staff:customers.title') }).waitFor();
  await staff.getByRole('searchbox', { name: en('staff:orders.search') }).fill('other pow');
  await staff.waitForURL(/q=other\+pow/);
  const row = staff.locator('[data-company-row]').filter({ hasText: 'Other Power GmbH' });
  await row.waitFor();
  await inspect(staff, 'staff-customers');
  await row.getByRole('link', { name: 'Other Power GmbH' }).click();
  await staff.getByRole('heading', { level: 1, name: 'Other Power GmbH' }).waitFor();
  await staff.locator('[data-member-row]').filter({ hasText: 'owner@other.test' }).waitFor();
  await inspect(staff, 'staff-customer');

  // Staff correct the company's address; an emptied field is named.
  await staff.getByRole('button', { name: en('staff:customers.edit') }).click();
  const edit = staff.getByRole('dialog', {
    name: en('staff:customers.editTitle', { name: 'Other Power GmbH' }),
  });
  await edit.getByLabel(en('fields.city')).fill('');
  await edit.getByLabel(en('fields.street')).fill('Hafenstraße');
  await edit.getByRole('button', { name: en('staff:customers.save') }).click();
  await edit.getByText(en('validation.required')).waitFor();
  await inspect(staff, 'staff-customer-edit');
  await edit.getByLabel(en('fields.city')).fill('Hamburg');
  await edit.getByRole('button', { name: en('staff:customers.save') }).click();
  await staff.getByText(en('staff:customers.saved', { company: 'Other Power GmbH' })).waitFor();
  await staff.getByText(/Hafenstraße/).waitFor();
  // The VAT number is asked about again (the offline checker in tests: its format).
  await staff.getByRole('button', { name: en('staff:customers.checkVat') }).click();
  await staff
    .getByText(en('staff:customers.vatCheckActive', { company: 'Other Power GmbH' }))
    .waitFor();

  // Blocking asks why, and says so when the reason is missing.
  await staff.getByRole('button', { name: en('staff:customers.block'), exact: true }).click();
  const dialog = staff.getByRole('dialog', {
    name: en('staff:customers.blockTitle', { name: 'Other Power GmbH' }),
  });
  await dialog.getByRole('button', { name: en('staff:customers.block') }).click();
  await dialog.getByText(en('validation.required')).waitFor();
  await dialog.getByLabel(en('staff:customers.reason')).fill('Unpaid invoices since June');
  await dialog.getByRole('button', { name: en('staff:customers.block') }).click();
  await staff.getByText(en('staff:customers.blocked', { company: 'Other Power GmbH' })).waitFor();
  await staff.getByRole('button', { name: en('staff:customers.unblock') }).waitFor();

  // The owner's next click meets the ended session; signing in again says why.
  await owner.getByRole('button', { name: en('nav.myAccount') }).click();
  await owner.getByRole('link', { name: en('nav.orders') }).click();
  await owner.waitForURL('**/sign-in');
  await owner.getByLabel(en('fields.email')).fill('owner@other.test');
  await owner.getByLabel(new RegExp(`^${en('fields.password')}`)).fill(DEMO_PASSWORD);
  await owner.getByRole('button', { name: en('signIn.submit') }).click();
  await owner.getByText(/company's account has been blocked/).waitFor();

  // Unblocked, the owner signs in again.
  await staff.getByRole('button', { name: en('staff:customers.unblock') }).click();
  await staff
    .getByRole('dialog', { name: en('staff:customers.unblock') })
    .getByRole('button', { name: en('staff:customers.unblock') })
    .click();
  await staff.getByText(en('staff:customers.unblocked', { company: 'Other Power GmbH' })).waitFor();
  await owner.getByRole('button', { name: en('signIn.submit') }).click();
  await owner.waitForURL(`${journey.portal.url}/`);
});

test('an admin invites a member of staff, who joins; deactivated, they are signed out', async () => {
  const en = labels('en');
  const admin = await staffSignedIn('admin@demo.test', 'en');
  await admin.getByRole('link', { name: en('nav.staff') }).click();
  await admin.getByRole('heading', { level: 1, name: en('staff:team.title') }).waitFor();
  await admin.locator('[data-staff-row]').filter({ hasText: 'operator@demo.test' }).waitFor();
  await inspect(admin, 'staff-team');

  // The invitation form says what is missing before it sends anything.
  await admin.getByRole('button', { name: en('staff:team.invite') }).click();
  const dialog = admin.getByRole('dialog', { name: en('staff:team.invite') });
  await dialog.getByRole('button', { name: en('staff:team.send') }).click();
  await dialog.getByText(en('validation.required')).first().waitFor();
  await dialog.getByLabel(en('fields.first_name')).fill('Noor');
  await dialog.getByLabel(en('fields.last_name')).fill('Nieuw');
  await dialog.getByLabel(en('fields.email')).fill('noor@shop.test');
  await dialog.getByRole('button', { name: en('staff:team.send') }).click();
  await admin.getByText(en('staff:team.invited', { email: 'noor@shop.test' })).waitFor();
  const row = admin.locator('[data-staff-row]').filter({ hasText: 'noor@shop.test' });
  await row.getByText(en('staff:customers.memberStatuses.pending')).waitFor();

  // The mail's link sets a password for the back office; they sign in to the order list.
  const mail = await journey.portal.mailTo('noor@shop.test', 'staff_invitation');
  const context = await journey.browser.newContext({ viewport: WIDTHS.desktop });
  journey.keep(context);
  reportBrowserTrouble(context);
  const noor = await context.newPage();
  await noor.goto(linkIn(mail, journey.portal.url));
  await noor
    .getByText(
      en('setPassword.textInvitationStaff', { name: 'Noor Nieuw', email: 'noor@shop.test' }),
    )
    .waitFor();
  await noor.getByLabel(new RegExp(`^${en('setPassword.password')}`)).fill('Noor-Back-Office-1');
  await noor.getByLabel(en('setPassword.confirm')).fill('Noor-Back-Office-1');
  await noor.getByRole('button', { name: en('setPassword.submit') }).click();
  await noor.waitForURL('**/sign-in');
  await noor.getByLabel(en('fields.email')).fill('noor@shop.test');
  await noor.getByLabel(new RegExp(`^${en('fields.password')}`)).fill('Noor-Back-Office-1');
  await noor.getByRole('button', { name: en('signIn.submit') }).click();
  await noor.getByRole('heading', { level: 1, name: en('staff:orders.title') }).waitFor();

  // Deactivated by the admin, Noor's next click meets the ended session.
  await admin.reload();
  await row.getByText(en('staff:customers.memberStatuses.active')).waitFor();
  await row
    .getByRole('button', { name: en('staff:team.deactivateName', { name: 'Noor Nieuw' }) })
    .click();
  await admin
    .getByRole('dialog', { name: en('staff:team.deactivate') })
    .getByRole('button', { name: en('staff:team.deactivate') })
    .click();
  await admin.getByText(en('staff:team.deactivated', { name: 'Noor Nieuw' })).waitFor();
  await noor.getByRole('link', { name: en('nav.customers') }).click();
  await noor.waitForURL('**/sign-in');
});

/** The purchaser's order, paid, shipped and completed by staff through the API. */
async function completedOrder(): Promise<{ orderNumber: string; sku: string }> {
  const order = await bankTransferOrder();
  const operator = await tokenOf('operator@demo.test');
  await api(operator, `/admin/orders/${order.id}/mark-paid`, { method: 'POST', body: {} });
  await api(operator, `/admin/orders/${order.id}/ship`, {
    method: 'POST',
    body: { carrier: 'DHL Parcel', tracking_numbers: ['JVGL0999888777'] },
  });
  await api(operator, `/admin/orders/${order.id}/status`, {
    method: 'PUT',
    body: { status: 'completed' },
  });
  const staffView = await api<{ lines: { sku: string }[] }>(operator, `/admin/orders/${order.id}`);
  const sku = staffView.lines[0]?.sku;
  assert.ok(sku);
  return { orderNumber: order.orderNumber, sku };
}

test('staff take a warranty claim to a replacement and a return to a credit note', async () => {
  const order = await completedOrder();
  const purchaser = await tokenOf('purchaser@demo.test');
  const file = (kind: 'warranty' | 'return', demand: 'replacement' | 'refund') =>
    api<{ _id: string; claim_number: string }>(purchaser, '/claims', {
      method: 'POST',
      body: {
        kind,
        order_number: order.orderNumber,
        items: [{ sku: order.sku, quantity: 1, reason: 'product_defect', demand_action: demand }],
        boxes: [
          { carrier: 'PostNL', tracking_code: `3S${kind.toUpperCase()}01`, number_of_boxes: 1 },
        ],
      },
    });
  const warranty = await file('warranty', 'replacement');
  const refund = await file('return', 'refund');
  await upload(purchaser, `/claims/${warranty._id}/attachments`, {
    name: 'defect-label.png',
    type: 'image/png',
    content: pngPicture(400, 300, [20, 60, 140], [120, 200, 240]),
  });

  const t = labels('nl');
  const page = await staffSignedIn('operator@demo.test', 'nl');
  await page.getByRole('link', { name: t('nav.staffClaims') }).click();
  await page.getByRole('heading', { level: 1, name: t('staff:claims.title') }).waitFor();
  const rows = page.locator('[data-claim-row]');
  await rows.filter({ hasText: warranty.claim_number }).waitFor();
  await rows.filter({ hasText: refund.claim_number }).waitFor();
  // The claim with the customer's photo says so in the list.
  await rows
    .filter({ hasText: warranty.claim_number })
    .locator('[data-attachments]')
    .filter({ hasText: '1' })
    .waitFor();
  await inspect(page, 'staff-claims-nl');

  // Warranty: approved as asked, then a replacement with its tracking number.
  await rows.filter({ hasText: warranty.claim_number }).getByRole('link').click();
  const item = page.locator('[data-claim-item]');
  await item.waitFor();
  // The photo the customer sent with the claim, shown to staff and opened large.
  const photo = page
    .locator('[data-claim-attachments]')
    .getByRole('img', { name: 'defect-label.png' });
  await photo.waitFor();
  await page.waitForFunction(
    () =>
      (document.querySelector<HTMLImageElement>('[data-claim-attachment] img')?.naturalWidth ??
        0) === 400,
  );
  await photo.click();
  await page
    .getByRole('dialog', { name: 'defect-label.png' })
    .getByRole('img', { name: 'defect-label.png' })
    .waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'defect-label.png' }).waitFor({ state: 'detached' });
  await item.getByRole('button', { name: t('staff:claims.approve') }).click();
  const approve = page.getByRole('dialog', { name: t('staff:claims.approve') });
  await approve.getByLabel(t('staff:claims.staffComment')).fill('Defect bevestigd');
  await approve.getByRole('button', { name: t('staff:claims.approve') }).click();
  await page.getByText(t('staff:claims.done.approve', { sku: order.sku })).waitFor();
  await item.getByRole('button', { name: t('staff:claims.replacement') }).click();
  const replace = page.getByRole('dialog', { name: t('staff:claims.replacement') });
  await replace.getByRole('button', { name: t('staff:claims.replacement') }).click();
  await replace.getByText(t('validation.required')).waitFor();
  await replace.getByLabel(t('staff:order.carrier')).fill('DHL Parcel');
  await replace.getByLabel(t('orders.trackingNumber')).fill('JVGL0777666555');
  await replace.getByRole('button', { name: t('staff:claims.replacement') }).click();
  await page.getByText(t('staff:claims.done.replacement', { sku: order.sku })).waitFor();
  await item.getByText('DHL Parcel JVGL0777666555').waitFor();
  await inspect(page, 'staff-claim-warranty-nl');

  // Return: approved, goods received, refunded with a credit note, then closed.
  await page.goto(`${journey.portal.url}/nl/admin/claims/${refund._id}`);
  await item.getByRole('button', { name: t('staff:claims.approve') }).click();
  await page
    .getByRole('dialog', { name: t('staff:claims.approve') })
    .getByRole('button', { name: t('staff:claims.approve') })
    .click();
  await page.getByText(t('staff:claims.done.approve', { sku: order.sku })).waitFor();
  await item.getByRole('button', { name: t('staff:claims.receive') }).click();
  // The returned goods are sellable: they go back into stock.
  const receiveDialog = page.getByRole('dialog', { name: t('staff:claims.receive') });
  await receiveDialog.getByLabel(t('staff:claims.restock')).check();
  await inspect(page, 'staff-claim-receive-nl');
  await receiveDialog.getByRole('button', { name: t('staff:claims.receive') }).click();
  await page.getByText(t('staff:claims.done.receive', { sku: order.sku })).waitFor();
  await item.getByText(t('staff:claims.restocked')).waitFor();
  await item.getByRole('button', { name: t('staff:claims.refund') }).click();
  const refundDialog = page.getByRole('dialog', { name: t('staff:claims.refund') });
  await refundDialog.getByLabel(t('staff:claims.amount')).fill('25');
  await refundDialog.getByRole('button', { name: t('staff:claims.refund') }).click();
  await page.getByText(t('staff:claims.done.refund', { sku: order.sku })).waitFor();
  await item.getByText(t('claims:creditNote')).waitFor();
  await page.getByRole('button', { name: t('staff:claims.close') }).click();
  await page
    .getByRole('dialog', { name: t('staff:claims.close') })
    .getByRole('button', { name: t('staff:claims.close') })
    .click();
  await page.getByText(t('staff:claims.closed', { number: refund.claim_number })).waitFor();
  await inspect(page, 'staff-claim-return-closed-nl');

  // The buyer's claim shows the credit note.
  const buyerView = await api<{ items: { credit_note_number: string | null }[] }>(
    purchaser,
    `/claims/${refund._id}`,
  );
  assert.ok(buyerView.items[0]?.credit_note_number);
});

test('a contact-us message lands in the staff inbox, is taken and answered by e-mail', async () => {
  const purchaser = await tokenOf('purchaser@demo.test');
  const subject = `Pallet delivery ${Date.now()}`;
  await api(purchaser, '/users/contact-us', {
    method: 'POST',
    body: { subject, message: 'Can you deliver on a pallet with a tail lift?' },
  });

  const t = labels('de');
  const page = await staffSignedIn('operator@demo.test', 'de');
  // The sidebar says a message waits.
  const messagesLink = page.getByRole('link', { name: new RegExp(`^${t('nav.messages')}`) });
  await messagesLink.getByText(t('nav.waiting_one', { count: '1' })).waitFor();
  await messagesLink.click();
  await page.getByRole('heading', { level: 1, name: t('staff:messages.title') }).waitFor();
  const row = page.locator('[data-message-row]').filter({ hasText: subject });
  await row.waitFor();
  await inspect(page, 'staff-messages-de');
  await row.getByRole('link', { name: subject }).click();
  await page.getByRole('heading', { level: 1, name: subject }).waitFor();
  await page.getByRole('button', { name: t('staff:messages.assignToMe') }).click();
  await page.getByText(t('staff:messages.taken')).waitFor();

  // The answer says what is missing, then goes out by mail.
  await page.getByRole('button', { name: t('staff:messages.send') }).click();
  await page.getByText(t('validation.required')).waitFor();
  await page
    .getByLabel(t('staff:messages.answer'))
    .fill('Yes: a pallet with a tail lift, at no extra cost.');
  await page.getByRole('button', { name: t('staff:messages.send') }).click();
  await page.getByText(t('staff:messages.answerSent', { email: 'purchaser@demo.test' })).waitFor();
  await page.locator('[data-answer]').filter({ hasText: 'tail lift, at no extra cost' }).waitFor();
  await inspect(page, 'staff-message-answered-de');
  await messagesLink.locator('[data-waiting]').waitFor({ state: 'detached' });
  const mail = await journey.portal.mailTo('purchaser@demo.test', 'contact_answer');
  assert.ok(mail.text.includes('at no extra cost'));
  assert.ok(mail.text.includes('Can you deliver on a pallet'));
});

test('a member of staff chooses alert e-mails and gets the next message by mail', async () => {
  const t = labels('fr');
  const page = await staffSignedIn('operator@demo.test', 'fr');
  await page.getByRole('button', { name: t('header.accountMenu') }).click();
  await page.getByRole('menuitem', { name: t('breadcrumbs.alertMails') }).click();
  await page.getByRole('heading', { level: 1, name: t('staff:alertMails.title') }).waitFor();
  await page.getByLabel(t('staff:alertMails.kinds.messages')).click();
  await page.getByText(t('staff:alertMails.saved')).waitFor();
  assert.equal(await page.getByLabel(t('staff:alertMails.kinds.messages')).isChecked(), true);
  await inspect(page, 'staff-alert-mails-fr');

  const purchaser = await tokenOf('purchaser@demo.test');
  const subject = `Invoice address ${Date.now()}`;
  await api(purchaser, '/users/contact-us', {
    method: 'POST',
    body: { subject, message: 'Please send invoices to our accounting office.' },
  });
  const mail = await journey.portal.mailTo('operator@demo.test', 'staff_alert_message');
  assert.ok(mail.subject.includes(subject));
  assert.match(mail.text, /\/admin\/messages\/[0-9a-f-]{36}/);
});
