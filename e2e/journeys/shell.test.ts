import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
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

const sidebarWidth = (page: Page) =>
  page.locator('#sidebar').evaluate((element) => Math.round(element.getBoundingClientRect().width));

/** Waits for the sidebar's transition to end at `width` px (5 s at most), then checks it. */
async function sidebarBecomes(page: Page, width: number) {
  await page
    .waitForFunction(
      (wanted) =>
        Math.round(document.querySelector('#sidebar')?.getBoundingClientRect().width ?? 0) ===
        wanted,
      width,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  assert.equal(await sidebarWidth(page), width);
}

test('the sidebar is 280 px open and 100 px collapsed, and toggles', async () => {
  const page = await signedInAs('owner@demo.test');
  assert.equal(await sidebarWidth(page), 280);
  await page.getByRole('button', { name: en('nav.close') }).click();
  await sidebarBecomes(page, 100);
  await screenshot(page, 'shell-collapsed-1280');
  await page.getByRole('button', { name: en('nav.open') }).click();
  await sidebarBecomes(page, 280);
});

test('on a phone the sidebar starts collapsed; backdrop and link clicks close it', async () => {
  const page = await signedInAs('purchaser@demo.test', WIDTHS.mobile);
  assert.equal(await sidebarWidth(page), 100);
  await screenshot(page, 'shell-mobile-collapsed-375');
  await page.getByRole('button', { name: en('nav.open') }).click();
  await sidebarBecomes(page, 280);
  await screenshot(page, 'shell-mobile-open-375');
  await page.mouse.click(360, 400);
  await sidebarBecomes(page, 100);

  await page.getByRole('button', { name: en('header.accountMenu') }).click();
  await page.getByRole('menuitem', { name: en('header.logout') }).waitFor();
  await screenshot(page, 'account-menu-375');
  await expectAccessible(page, 'the open account menu at 375 px');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: en('nav.open') }).click();
  await page.getByRole('link', { name: en('nav.terms') }).click();
  await page.waitForURL('**/pages/terms-conditions');
  // The terms page shown (its layout and text are loaded on demand): until then the previous
  // page is hidden while the new one loads, its sidebar 0 px wide.
  await page.getByRole('heading', { name: en('terms.title'), level: 1 }).waitFor();
  await sidebarBecomes(page, 100);
});

test('the account menu follows the role; staff have no company menus', async () => {
  const owner = await signedInAs('accountant@demo.test');
  await owner.getByRole('button', { name: en('header.accountMenu') }).click();
  await owner.getByRole('menuitem', { name: en('header.logout') }).waitFor();
  await screenshot(owner, 'account-menu-1280');
  await expectAccessible(owner, 'the open account menu');
  assert.equal(await owner.getByRole('link', { name: en('nav.customers') }).count(), 0);

  const page = await owner.context().newPage();
  await page.goto(`${journey.portal.url}/admin/registrations`);
  await page.waitForURL(`${journey.portal.url}/`);
});

test('a French session keeps /fr, the terms and the 404 page are translated', async () => {
  const page = await signedInAs('owner@other.test', WIDTHS.desktop, '/fr');
  assert.equal(new URL(page.url()).pathname, '/fr');
  await page.goto(`${journey.portal.url}/fr/pages/terms-conditions`);
  await page.getByRole('heading', { name: fr('terms.title'), level: 1 }).waitFor();
  await inspect(page, 'terms-fr');

  await page.goto(`${journey.portal.url}/fr/nothing-here`);
  await page.getByText(fr('notFound.text')).waitFor();
  await inspect(page, 'not-found-fr');

  // The stored language is restored on the next visit of /.
  await page.goto(`${journey.portal.url}/`);
  await page.waitForURL(`${journey.portal.url}/fr`);
});

test('after a release, a page whose module is gone reloads once and opens', async () => {
  const page = await signedInAs('owner@demo.test', WIDTHS.desktop, '/fr');
  // A page opened before the release asks for a module the server no longer has, until the
  // page is loaded again and asks for the new ones.
  let loads = 0;
  page.on('load', () => loads++);
  await page.route('**/assets/cart-page-*.js', (route) =>
    loads === 0 ? route.fulfill({ status: 404, body: '' }) : route.fallback(),
  );
  await page.locator('header a[href="/fr/cart"]').click();
  await page.getByRole('heading', { name: fr('cart.title'), level: 1 }).waitFor();
  assert.equal(loads, 1);
  assert.equal(new URL(page.url()).pathname, '/fr/cart');
});

test('a page that cannot be downloaded or fails says so inside the shell, translated', async () => {
  const page = await signedInAs('owner@demo.test', WIDTHS.desktop, '/fr');
  let loads = 0;
  page.on('load', () => loads++);
  // The connection is down for this module: one reload, then the page says so.
  await page.route('**/assets/cart-page-*.js', (route) => route.fulfill({ status: 404, body: '' }));
  await page.locator('header a[href="/fr/cart"]').click();
  await page.getByRole('heading', { name: fr('routeError.notLoadedTitle'), level: 1 }).waitFor();
  assert.equal(loads, 1);
  await page.getByRole('navigation', { name: fr('nav.main') }).waitFor();
  await inspect(page, 'page-not-loaded-fr');
  await page.unroute('**/assets/cart-page-*.js');
  await page.getByRole('button', { name: fr('routeError.reload') }).click();
  await page.getByRole('heading', { name: fr('cart.title'), level: 1 }).waitFor();

  // A module that throws is no download failure: no reload, the page's error and the way home.
  const phone = await signedInAs('purchaser@demo.test', WIDTHS.mobile, '/fr');
  let phoneLoads = 0;
  phone.on('load', () => phoneLoads++);
  await phone.route('**/assets/cart-page-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken");' }),
  );
  await phone.locator('header a[href="/fr/cart"]').click();
  await phone.getByRole('heading', { name: fr('routeError.title'), level: 1 }).waitFor();
  await inspect(phone, 'page-failed-fr');
  assert.equal(phoneLoads, 0);
  await phone.getByRole('link', { name: fr('notFound.home') }).click();
  await phone.waitForURL(`${journey.portal.url}/fr`);
  await phone
    .getByRole('heading', { name: fr('dashboard.welcome', { name: '' }).trim(), level: 1 })
    .waitFor();
});

test('a revoked, expired or unreadable token sends the user to /sign-in', async () => {
  const page = await signedInAs('owner@demo.test');
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await fetch(`${journey.portal.url}/api/auth/signout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await page.reload();
  await page.waitForURL('**/sign-in');
  assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null);

  for (const bad of ['garbage', 'a.eyJleHAiOjF9.b']) {
    await page.evaluate((value) => localStorage.setItem('access_token', value), bad);
    await page.goto(`${journey.portal.url}/`);
    await page.waitForURL('**/sign-in');
    assert.equal(await page.evaluate(() => localStorage.getItem('access_token')), null);
  }
});

test('a wrong password shows the server message; public pages need no sign-in', async () => {
  const context = await journey.browser.newContext({ viewport: WIDTHS.desktop });
  const page = await context.newPage();
  await page.goto(`${journey.portal.url}/sign-in`);
  await page.getByLabel(en('fields.email')).fill('owner@demo.test');
  await page.getByLabel(new RegExp(`^${en('fields.password')}`)).fill('wrong-password');
  await page.getByRole('button', { name: en('signIn.submit') }).click();
  await page.getByText('Invalid email or password').waitFor();
  await inspect(page, 'sign-in-error');

  await page.goto(`${journey.portal.url}/pages/terms-conditions`);
  await page.getByRole('heading', { name: en('terms.title'), level: 1 }).waitFor();
  await page.goto(`${journey.portal.url}/`);
  await page.waitForURL('**/sign-in');
});

test('the sign-in page is drawn before its scripts run and keeps what was typed meanwhile', async () => {
  const de = labels('de');
  const context = await journey.browser.newContext({ viewport: WIDTHS.mobile });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The scripts are held back: what shows is the HTML the build drew (apps/web/src/prerender.tsx).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/boot-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${journey.portal.url}/de/sign-in`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: de('signIn.title'), level: 1 }).waitFor();
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  await expectAccessible(page, 'sign-in before its scripts');
  await screenshot(page, 'sign-in-prerendered-de-375');

  await page.getByLabel(de('fields.email')).fill('owner@demo.test');
  await page.getByLabel(new RegExp(`^${de('fields.password')}`)).fill('Demo-Password-2026');
  // Until hydrated, the button is off: the browser's own submit would reload the page empty.
  const submit = page.getByRole('button', { name: de('signIn.submit') });
  assert.equal(await submit.isDisabled(), true);
  release();
  await page.waitForFunction(
    () => document.querySelector<HTMLButtonElement>('button[type=submit]')?.disabled === false,
  );
  assert.equal(await page.getByLabel(de('fields.email')).inputValue(), 'owner@demo.test');
  await submit.click();
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: de('dashboard.welcome', { name: '' }).trim() })
    .waitFor();
  assert.match(new URL(page.url()).pathname, /^\/de\/?$/);
  // A hydration that did not match the HTML would have said so in the console.
  assert.deepEqual(errors, []);
  await context.close();
});
