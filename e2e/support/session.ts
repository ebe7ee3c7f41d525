import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WIDTHS } from './browser';
import { labels } from './labels';

export const DEMO_PASSWORD = 'Demo-Password-2026';

/**
 * Prints what goes wrong in the browser (uncaught errors, console errors, failed requests,
 * server errors) to the test log, so a screen that never shows leaves its cause behind.
 */
export function reportBrowserTrouble(context: BrowserContext) {
  const report = (what: string) => console.log(`[browser] ${new Date().toISOString()} ${what}`);
  context.on('weberror', (error) => report(`uncaught ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error') report(`console error ${message.text()}`);
  });
  context.on('requestfailed', (request) => {
    report(`request failed ${request.method()} ${request.url()} ${request.failure()?.errorText}`);
  });
  context.on('response', (response) => {
    if (response.status() >= 500) report(`${response.status()} ${response.url()}`);
  });
}

/** A new browser context signed in as `email` through the sign-in screen, on the dashboard. */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  {
    viewport = WIDTHS.desktop,
    locale = 'en',
  }: { viewport?: typeof WIDTHS.desktop; locale?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  reportBrowserTrouble(context);
  const page = await context.newPage();
  const t = labels(locale);
  const prefix = locale === 'en' ? '' : `/${locale}`;
  await page.goto(`${baseUrl}${prefix}/sign-in`);
  await page.getByLabel(t('fields.email')).fill(email);
  await page.getByLabel(new RegExp(`^${t('fields.password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signIn.submit') }).click();
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: t('dashboard.welcome', { name: '' }).trim() })
    .waitFor();
  return page;
}

/** A member of the shop's staff signed in through the sign-in screen, on the order list. */
export async function staffSignedIn(
  browser: Browser,
  baseUrl: string,
  email: string,
  locale: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: WIDTHS.desktop });
  reportBrowserTrouble(context);
  const page = await context.newPage();
  const t = labels(locale);
  const prefix = locale === 'en' ? '' : `/${locale}`;
  await page.goto(`${baseUrl}${prefix}/sign-in`);
  await page.getByLabel(t('fields.email')).fill(email);
  await page.getByLabel(new RegExp(`^${t('fields.password')}`)).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('signIn.submit') }).click();
  await page.waitForURL(`**${prefix}/admin/orders`);
  await page.getByRole('heading', { level: 1, name: t('staff:orders.title') }).waitFor();
  return page;
}
