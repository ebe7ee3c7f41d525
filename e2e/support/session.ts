import type { Browser, Page } from 'playwright-core';
import { WIDTHS } from './browser';
import { labels } from './labels';

export const DEMO_PASSWORD = 'Demo-Password-2026';

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
