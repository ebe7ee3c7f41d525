import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectAccessible, inspect, screenshot, WIDTHS } from '../support/browser';
import { journeyFile } from '../support/journey';
import { labels } from '../support/labels';
import { linkIn } from '../support/server';
import { signedIn } from '../support/session';

const en = labels('en');
const es = labels('es');
const journey = journeyFile();

async function openAccountMenu(page: Page, t = en) {
  await page.getByRole('button', { name: t('header.accountMenu') }).click();
}

async function goFromAccountMenu(page: Page, labelKey: string) {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: en(labelKey) }).click();
  // The menu closes with a transition; axe run meanwhile sees a menu without items.
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

async function toast(page: Page, text: string | RegExp) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

/** Toasts close by themselves after 3 s; pages are inspected as they stay. */
async function toastsGone(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.mantine-Notification-root'));
}

async function look(page: Page, name: string) {
  await toastsGone(page);
  await inspect(page, name);
}

async function saveCompany(page: Page) {
  await page.getByRole('button', { name: en('common.save') }).click();
  await toast(page, 'The company details have been saved');
}

test('the owner edits the company, rechecks an inactive VAT number and invites an accountant', async () => {
  const page = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test');

  // Company details: every field, with per-field messages.
  await goFromAccountMenu(page, 'breadcrumbs.companyDetails');
  await page.waitForURL('**/company-details');
  const name = page.getByLabel(en('fields.company_name'));
  await name.waitFor();
  await look(page, 'account-company-details');
  await name.fill('');
  await page.getByLabel(en('fields.vat_number')).fill('!!!!!');
  await page.getByRole('button', { name: en('common.save') }).click();
  await page.getByText(en('validation.required')).first().waitFor();
  await page.getByText(en('validation.invalid')).first().waitFor();
  await look(page, 'account-company-details-errors');

  // The documented offline test number is inactive: the banner names it and blocks purchases.
  await name.fill('Demo Energy B.V.');
  await page.getByLabel(en('fields.city')).fill('Rotterdam-Centrum');
  await page.getByLabel(en('fields.vat_number')).fill('NL000000000B00');
  await saveCompany(page);
  const banner = page.getByRole('alert').filter({
    hasText: en('vat.companyInactive', { vat_number: 'NL000000000B00' }),
  });
  await banner.waitFor();
  await look(page, 'account-vat-banner');

  // Recheck: the register still says inactive, the user is refreshed, 'updated successfully'.
  await banner.getByRole('button', { name: en('vat.recheck') }).click();
  await toast(page, 'Updated successfully');
  await banner.waitFor();

  // Update: back to the company details with a good number; the banner goes away.
  await page.goto(`${journey.portal.url}/`);
  await banner.getByRole('button', { name: en('vat.update') }).click();
  await page.waitForURL('**/company-details');
  await page.getByLabel(en('fields.vat_number')).fill('NL123456789B01');
  await saveCompany(page);
  await banner.waitFor({ state: 'detached' });
  assert.equal(await page.getByLabel(en('fields.city')).inputValue(), 'Rotterdam-Centrum');

  // Personal profile: validation of the password change.
  await goFromAccountMenu(page, 'breadcrumbs.personalProfile');
  await page.waitForURL('**/profile');
  await page.getByRole('heading', { name: en('profile.title') }).waitFor();
  await page.getByRole('button', { name: en('profile.changePasswordSubmit') }).click();
  await page.getByText(en('validation.required')).first().waitFor();
  await page.getByLabel(en('fields.email')).fill('olivia@demo.test');
  await page
    .getByLabel(new RegExp(`^${en('profile.currentPassword')}`))
    .first()
    .waitFor();
  await look(page, 'account-profile');
  await page.getByLabel(en('fields.email')).fill('owner@demo.test');

  // User access control: invite an accountant.
  await goFromAccountMenu(page, 'breadcrumbs.userAccessControl');
  await page.waitForURL('**/user-access-control');
  await page.getByRole('heading', { name: en('members.title') }).waitFor();
  await page.getByText('purchaser@demo.test').waitFor();
  await look(page, 'account-members');

  await page.getByRole('button', { name: en('members.invite') }).click();
  const dialog = page.getByRole('dialog', { name: en('members.inviteTitle') });
  await dialog.getByRole('button', { name: en('members.sendInvitation') }).click();
  await dialog.getByText(en('validation.required')).first().waitFor();
  await look(page, 'account-invite-errors');
  const email = `ada-${Date.now()}@demo.test`;
  await dialog.getByLabel(en('fields.first_name')).fill('Ada');
  await dialog.getByLabel(en('fields.last_name')).fill('Ledger');
  await dialog.getByLabel(en('fields.email')).fill(email);
  await dialog.getByLabel(en('members.role')).selectOption('accountant');
  await dialog.getByRole('button', { name: en('members.sendInvitation') }).click();
  await toast(page, /has been invited/);
  await page.getByText(email).waitFor();
  await page.getByText(en('members.status.pending')).first().waitFor();

  // The invited accountant sets a password from the mail and signs in.
  const mail = await journey.portal.mailTo(email, 'invitation');
  const member = await (await journey.browser.newContext({ viewport: WIDTHS.desktop })).newPage();
  await member.goto(linkIn(mail, journey.portal.url));
  await member.getByRole('heading', { name: en('setPassword.titleInvitation') }).waitFor();
  await look(member, 'account-invitation-set-password');
  await member.getByLabel(new RegExp(`^${en('setPassword.password')}`)).fill('Ada-Ledger-2026');
  await member.getByLabel(new RegExp(`^${en('setPassword.confirm')}`)).fill('Ada-Ledger-2026');
  await member.getByRole('button', { name: en('setPassword.submit') }).click();
  await member.waitForURL('**/sign-in');
  await member.getByLabel(en('fields.email')).fill(email);
  await member.getByLabel(new RegExp(`^${en('fields.password')}`)).fill('Ada-Ledger-2026');
  await member.getByRole('button', { name: en('signIn.submit') }).click();
  await member
    .getByRole('heading', { name: en('dashboard.welcome', { name: 'Ada Ledger' }) })
    .waitFor();

  // An accountant: no cart and no user access control.
  await openAccountMenu(member);
  await member.getByRole('menuitem', { name: en('breadcrumbs.companyDetails') }).waitFor();
  assert.equal(
    await member.getByRole('menuitem', { name: en('breadcrumbs.userAccessControl') }).count(),
    0,
  );
  await member.keyboard.press('Escape');
  assert.equal(await member.getByRole('link', { name: /cart/i }).count(), 0);

  // Back on the owner's list the member is active now.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByText(en('members.status.active'))
    .waitFor();
});

test('a purchaser cannot open user access control', async () => {
  const page = await signedIn(journey.browser, journey.portal.url, 'purchaser@demo.test');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: en('breadcrumbs.personalProfile') }).waitFor();
  assert.equal(
    await page.getByRole('menuitem', { name: en('breadcrumbs.userAccessControl') }).count(),
    0,
  );
  await page.keyboard.press('Escape');
  await page.goto(`${journey.portal.url}/user-access-control`);
  await page.waitForURL(`${journey.portal.url}/`);
  await page
    .getByRole('heading', { name: en('dashboard.welcome', { name: 'Peter Purchaser' }) })
    .waitFor();

  // The company details are read-only for a purchaser.
  await goFromAccountMenu(page, 'breadcrumbs.companyDetails');
  await page.getByText(en('company.readOnly')).waitFor();
  assert.equal(await page.getByRole('button', { name: en('common.save') }).count(), 0);
  await look(page, 'account-company-details-read-only');
});

test('shipping details and invoice addresses: add, edit and delete from the account menu', async () => {
  const page = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test');
  await goFromAccountMenu(page, 'breadcrumbs.shippingDetails');
  await page.getByRole('heading', { name: en('breadcrumbs.shippingDetails') }).waitFor();
  await page.getByRole('button', { name: en('addresses.add.delivery') }).click();
  const dialog = page.getByRole('dialog', { name: en('addresses.add.delivery') });
  await dialog.getByRole('button', { name: en('addresses.save') }).click();
  await dialog.getByText(en('validation.required')).first().waitFor();
  await look(page, 'account-shipping-details-errors');
  await dialog
    .getByLabel(en('addresses.fields.company_name'))
    .fill('Demo Energy BV – Depot Utrecht');
  await dialog.getByLabel(en('addresses.fields.street')).fill('Kanaalweg');
  await dialog.getByLabel(en('addresses.fields.house_number')).fill('12');
  await dialog.getByLabel(en('addresses.fields.zip_code')).fill('3526 KL');
  await dialog.getByLabel(en('addresses.fields.city')).fill('Utrecht');
  await dialog.getByLabel(en('addresses.fields.country')).selectOption('NL');
  await dialog.getByRole('button', { name: en('addresses.save') }).click();
  await toast(page, en('addresses.saved'));
  await dialog.waitFor({ state: 'hidden' });
  const card = page.getByRole('listitem').filter({ hasText: 'Depot Utrecht' });
  await card.getByText('3526 KL Utrecht').waitFor();
  await look(page, 'account-shipping-details');

  await card
    .getByRole('button', {
      name: en('addresses.editNamed', { name: 'Demo Energy BV – Depot Utrecht' }),
    })
    .click();
  const edit = page.getByRole('dialog', { name: en('addresses.edit.delivery') });
  await edit.getByLabel(en('addresses.fields.house_number')).fill('14');
  await edit.getByRole('button', { name: en('addresses.save') }).click();
  await toast(page, en('addresses.saved'));
  await card.getByText('Kanaalweg 14').waitFor();

  await card
    .getByRole('button', {
      name: en('addresses.deleteNamed', { name: 'Demo Energy BV – Depot Utrecht' }),
    })
    .click();
  await page.getByRole('dialog', { name: en('addresses.deleteTitle') }).waitFor();
  await look(page, 'account-shipping-details-delete');
  await page.getByRole('button', { name: en('addresses.delete'), exact: true }).click();
  await toast(page, en('addresses.deleted'));
  await card.waitFor({ state: 'detached' });

  await goFromAccountMenu(page, 'breadcrumbs.invoiceAddresses');
  await page.getByRole('heading', { name: en('breadcrumbs.invoiceAddresses') }).waitFor();
  await page.getByRole('button', { name: en('addresses.add.invoice') }).waitFor();
  await look(page, 'account-invoice-addresses');
});

test('contact us in Spanish: both fields required, then the message is sent', async () => {
  const page = await signedIn(journey.browser, journey.portal.url, 'accountant@demo.test', {
    locale: 'es',
  });
  await page.getByRole('button', { name: es('nav.contact') }).click();
  const dialog = page.getByRole('dialog', { name: es('contact.title') });
  await dialog.getByRole('button', { name: es('contact.send') }).click();
  assert.equal(await dialog.getByText(es('validation.required')).count(), 2);
  await look(page, 'account-contact-errors');
  await dialog.getByLabel(es('contact.subject')).fill('Entrega de baterías');
  await dialog.getByLabel(es('contact.message')).fill('¿Pueden entregar el sábado?');
  await dialog.getByRole('button', { name: es('contact.send') }).click();
  await toast(page, 'Mensaje enviado. Le responderemos lo antes posible.');
  await dialog.waitFor({ state: 'detached' });
  const mail = await journey.portal.mailTo('support@portal.test', 'contact_message');
  assert.match(mail.text, /Entrega de baterías/);
  assert.match(mail.text, /Demo Energy/);
});

test('the account screens on a 375 px screen, opened there (sidebar collapsed)', async () => {
  const page = await signedIn(journey.browser, journey.portal.url, 'owner@demo.test', {
    viewport: WIDTHS.mobile,
  });
  const screens = [
    ['/profile', page.getByLabel(en('fields.first_name')), 'account-profile-small'],
    [
      '/company-details',
      page.getByLabel(en('fields.company_name')),
      'account-company-details-small',
    ],
    [
      '/user-access-control',
      page.getByRole('cell', { name: /purchaser@demo\.test/ }),
      'account-members-small',
    ],
  ] as const;
  for (const [path, ready, name] of screens) {
    await page.goto(`${journey.portal.url}${path}`);
    await ready.waitFor();
    await expectAccessible(page, name);
    await screenshot(page, name);
  }
});
