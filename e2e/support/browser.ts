import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const WIDTHS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 740 },
};

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png: the viewport is made as tall as
 * the page for the shot, then put back. Playwright's (and the DevTools protocol's) full-page
 * capture resizes the window to 1×1 px for a moment, which crosses the page's media queries:
 * the sidebar went back to its default width under the test's feet.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  const viewport = page.viewportSize();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const taller = viewport !== null && pageHeight > viewport.height;
  if (taller) await page.setViewportSize({ width: viewport.width, height: pageHeight });
  try {
    await page.screenshot({ path: path.join(screenshots, `${name}.png`) });
  } finally {
    if (taller) await page.setViewportSize(viewport);
  }
}

/**
 * Waits (10 s at most) until no transition or finite animation is running. Two frames pass
 * first: a change of width re-renders the page, and the transitions it starts are only then
 * running (a check before them found none and let axe meet a sidebar half faded in).
 */
async function animationsSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 10_000 },
    )
    // Still moving after 10 s: check what is there.
    .catch(() => undefined);
}

/**
 * Runs axe on the page and fails on any serious or critical violation. It first waits (10 s at
 * most) for running transitions and finite animations to end: axe measures contrast on what is
 * painted, and a toast fading out is half transparent. While axe reads the page, transitions are
 * off, so a toast that starts closing meanwhile (its timer runs on) goes at once instead of
 * fading: its text failed color-contrast at 1.01 and 1.19 in CI, met half faded.
 */
export async function expectAccessible(page: Page, label: string) {
  await animationsSettled(page);
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  // Transitions come back whether the analysis passed or threw (a page gone mid-analysis has no
  // style left to remove: that error is not the one to report).
  const results = await new AxeBuilder({ page })
    .analyze()
    .finally(() => still.evaluate((style) => (style as Element).remove()).catch(() => undefined));
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) {
    const summary = bad
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help}\n${v.nodes
            .map((n) => `  ${n.target.join(' ')}: ${n.failureSummary ?? ''}`)
            .join('\n')}`,
      )
      .join('\n');
    throw new Error(`axe found serious/critical violations on ${label}:\n${summary}`);
  }
}

/**
 * Fails when a table scrolls sideways inside its card: tables fit at 1280 px and become stacked
 * rows on a phone (shared/ui/responsive-table.tsx).
 */
export async function expectTablesFit(page: Page, label: string) {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  const wide = await page.evaluate(() => {
    const scrolling = Array.from(document.querySelectorAll('[data-responsive-table] > *'))
      .filter((container) => container.scrollWidth > container.clientWidth + 1)
      .map(
        (container) =>
          `${container.getAttribute('aria-label') ?? container.querySelector('th')?.textContent} ` +
          `scrolls (${container.scrollWidth} px in ${container.clientWidth} px)`,
      );
    // A table outside a scroll container that reaches past its card is cut at the card's edge.
    const clipped = Array.from(document.querySelectorAll('.mantine-Card-root table'))
      .filter((table) => !table.closest('[data-responsive-table], .mantine-VisuallyHidden-root'))
      .filter(
        (table) =>
          table.getBoundingClientRect().right >
          (table.closest('.mantine-Card-root') as Element).getBoundingClientRect().right + 1,
      )
      .map((table) => `${table.querySelector('th')?.textContent} is cut at its card's edge`);
    return [...scrolling, ...clipped];
  });
  if (wide.length) throw new Error(`tables do not fit on ${label}: ${wide.join(', ')}`);
}

/** Screenshot at 1280 and 375 px wide plus the axe and table checks, then back to the width it had. */
export async function inspect(page: Page, name: string) {
  const opened = page.viewportSize() ?? WIDTHS.desktop;
  if (opened.width !== WIDTHS.desktop.width) {
    await page.setViewportSize(WIDTHS.desktop);
    await animationsSettled(page);
  }
  await expectAccessible(page, name);
  await expectTablesFit(page, name);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(WIDTHS.mobile);
  await animationsSettled(page);
  await screenshot(page, `${name}-375`);
  await expectAccessible(page, `${name} at 375 px`);
  await expectTablesFit(page, `${name} at 375 px`);
  await page.setViewportSize(opened);
}

/** The toast with this text (Mantine notifications, top right). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

/** Toasts close after 3 s: screenshots and the axe check are taken without them. */
export async function inspectWithoutToasts(page: Page, name: string) {
  // A toast under the mouse stays open: move the mouse away first.
  await page.mouse.move(1, 700);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 });
  await inspect(page, name);
}
