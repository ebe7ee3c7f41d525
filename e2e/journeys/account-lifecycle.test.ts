import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { inspect, launchBrowser, screenshot, WIDTHS } from '../support/browser';
import { labels } from '../support/labels';
import { linkIn, startPortal, type PortalServer } from '../support/server';

const en = labels('en');
const de = labels('de');
let portal: PortalServer;
let browser: Browser;

before(async () => {
  portal = await startPortal({}, 'development');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS.desktop, locale: 'en-GB' });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${portal.url}/sign-in`);
  await page.getByLabel(en('fields.email')).fill(email);
  await page.getByLabel(new RegExp(`^${en('fields.password')}`)).fill(password);
  await page.getByRole('button', { name: en('signIn.submit') }).click();
}

test('register a company, staff approve it, the owner signs in, switches to German and signs out', async () => {
  const email = `buyer-${Date.now()}@volta.test`;
  const password = 'Volta-Batteries-2026';
  const page = await newPage();

  await page.goto(`${portal.url}/sign-in`);
  await page.getByLabel(en('fields.email')).waitFor();
  await inspect(page, 'sign-in');

  await page.getByRole('link', { name: en('signIn.signUpLink') }).click();
  await page.waitForURL('**/sign-up');
  await page.getByRole('button', { name: en('signUp.submit') }).click();
  await page.getByText(en('validation.terms_required')).waitFor();
  await inspect(page, 'sign-up-errors');

  await page.getByLabel(en('fields.first_name')).fill('Vera');
  await page.getByLabel(en('fields.last_name')).fill('Volta');
  await page.getByLabel(en('fields.email')).fill(email);
  await page.getByLabel(new RegExp(`^${en('fields.password')}`)).fill(password);
  await page.getByLabel(en('fields.confirm_password')).fill(password);
  await page.getByLabel(en('fields.company_name')).fill('Volta Batteries BV');
  await page.getByLabel(en('fields.company_register_number')).fill('70112233');
  await page.getByLabel(en('fields.vat_number')).fill('NL001122334B01');
  await page.getByLabel(en('fields.street')).fill('Stationsplein');
  await page.getByLabel(en('fields.house_number')).fill('1');
  await page.getByLabel(en('fields.postcode')).fill('1012 AB');
  await page.getByLabel(en('fields.city')).fill('Amsterdam');
  await page.getByLabel(en('fields.country')).selectOption('NL');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: en('signUp.submit') }).click();
  await page.getByText(en('signUp.successTitle')).waitFor();
  await inspect(page, 'sign-up-done');
  await portal.mailTo(email, 'registration_received');

  // Not yet approved: refused with a message saying the account is under review.
  await signIn(page, email, password);
  await page.getByText(/under review/).waitFor();

  // Staff approve the registration.
  const staff = await newPage();
  await signIn(staff, 'admin@demo.test', 'Demo-Password-2026');
  await staff.waitForURL('**/admin/orders');
  // The registrations to review are the customer list's pending filter (the old address leads there).
  await staff.goto(`${portal.url}/admin/registrations`);
  await staff.waitForURL('**/admin/customers?status=pending');
  const pending = staff.locator('[data-company-row]').filter({ hasText: 'Volta Batteries BV' });
  await pending.waitFor();
  await inspect(staff, 'admin-customers-pending');
  await pending.getByRole('link', { name: 'Volta Batteries BV' }).click();
  await staff.getByRole('heading', { level: 1, name: 'Volta Batteries BV' }).waitFor();
  await staff.getByRole('button', { name: en('staff:customers.approve') }).click();
  await staff
    .getByRole('dialog', { name: en('staff:customers.approve') })
    .getByRole('button', { name: en('staff:customers.approve') })
    .click();
  await staff
    .getByText(en('staff:customers.approved', { company: 'Volta Batteries BV' }))
    .waitFor();
  await staff.getByText(en('staff:customers.statuses.active'), { exact: true }).first().waitFor();
  await inspect(staff, 'admin-customer-approved');

  // The approval mail gives the sign-in link and the email address, no password.
  const mail = await portal.mailTo(email, 'registration_approved');
  assert.ok(mail.text.includes(email));
  assert.ok(!mail.text.includes(password));
  const mailbox = await newPage();
  await mailbox.goto(`${portal.url}/dev/mailbox`);
  await screenshot(mailbox, 'dev-mailbox-1280');

  await page.goto(linkIn(mail, portal.url));
  await page.waitForURL('**/sign-in');
  await signIn(page, email, password);
  await page
    .getByRole('heading', { name: en('dashboard.welcome', { name: 'Vera Volta' }) })
    .waitFor();
  await page.getByText('Volta Batteries BV').first().waitFor();
  await inspect(page, 'dashboard');

  // Switch to German: the URL gets /de and a reload keeps it.
  await page.getByRole('button', { name: en('header.language', { language: 'English' }) }).click();
  await page.getByRole('menuitem', { name: 'German' }).click();
  await page.waitForURL(`${portal.url}/de`);
  await page
    .getByRole('heading', { name: de('dashboard.welcome', { name: 'Vera Volta' }) })
    .waitFor();
  await page.reload();
  await page
    .getByRole('heading', { name: de('dashboard.welcome', { name: 'Vera Volta' }) })
    .waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  await inspect(page, 'dashboard-de');

  // Sign out lands on /sign-in, and the old token no longer works.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await page.getByRole('button', { name: de('header.accountMenu') }).click();
  await page.getByRole('menuitem', { name: de('header.logout') }).click();
  await page.waitForURL(/\/de\/sign-in$/);
  const me = await fetch(`${portal.url}/api/auth/me`, {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(me.status, 401);
  assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null);
});

test('forgot password: the mail link sets a new password, which then signs in', async () => {
  const page = await newPage();
  await page.goto(`${portal.url}/sign-in`);
  await page.getByRole('link', { name: en('signIn.forgotPassword') }).click();
  await page.waitForURL('**/forgot-password');
  // The sign-in form, with its own e-mail field, stays on screen until the page's code has
  // loaded: type only once the new page shows.
  await page.getByRole('heading', { name: en('forgotPassword.title') }).waitFor();
  await page.getByLabel(en('fields.email')).fill('purchaser@demo.test');
  await page.getByRole('button', { name: en('forgotPassword.submit') }).click();
  await page.getByText(/If the email address you provided is associated with an account/).waitFor();
  await inspect(page, 'forgot-password');

  const mail = await portal.mailTo('purchaser@demo.test', 'password_reset');
  await page.goto(linkIn(mail, portal.url));
  await page.getByLabel(new RegExp(`^${en('setPassword.password')}`)).fill('New-Purchaser-Pass-1');
  await page.getByLabel(en('setPassword.confirm')).fill('New-Purchaser-Pass-2');
  await page.getByRole('button', { name: en('setPassword.submit') }).click();
  await page.getByText(en('validation.password_mismatch')).waitFor();
  await inspect(page, 'set-password');
  await page.getByLabel(en('setPassword.confirm')).fill('New-Purchaser-Pass-1');
  // Once the password is set, the page leaves without asking about the used key again.
  const afterSet: string[] = [];
  const onRequest = (request: { url(): string }) => afterSet.push(request.url());
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error') afterSet.push(message.text());
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  await page.getByRole('button', { name: en('setPassword.submit') }).click();
  await page.waitForURL('**/sign-in');
  await page.getByLabel(en('fields.email')).waitFor();
  page.off('request', onRequest);
  page.off('console', onConsole);
  assert.deepEqual(
    afterSet.filter((entry) => entry.includes('check-secure-key') || !entry.startsWith('http')),
    [],
  );

  await signIn(page, 'purchaser@demo.test', 'New-Purchaser-Pass-1');
  await page
    .getByRole('heading', { name: en('dashboard.welcome', { name: 'Peter Purchaser' }) })
    .waitFor();

  // The link is single use.
  await page.goto(linkIn(mail, portal.url));
  await page.getByText(en('setPassword.invalidTitle')).waitFor();
  await page.getByText('This link has already been used, or a newer one has replaced it').waitFor();
  await inspect(page, 'set-password-invalid');
});
