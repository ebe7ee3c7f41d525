// Lighthouse 12.2 (the last for Node 20) on Debian's Chromium against the built portal started
// as production runs it: the sign-in page cold, then the dashboard, a category and a product
// page signed in (HTTP cache cleared before each run, the session kept), with the mobile and the
// desktop presets. Prints performance and accessibility, the median of LIGHTHOUSE_RUNS runs.
// Run: npm run lighthouse -w bench   (LIGHTHOUSE_RUNS=3, CHROME_PATH=/usr/bin/chromium;
// LIGHTHOUSE_REPORT_DIR=dir keeps each run's JSON report there, to read what a score is made of)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { root, startApi, stopChild } from './lib';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_PAGES=dashboard,product and LIGHTHOUSE_PRESETS=mobile narrow a run to some rows.
const pages = process.env.LIGHTHOUSE_PAGES?.split(',');
const presets = (process.env.LIGHTHOUSE_PRESETS?.split(',') ?? ['mobile', 'desktop']) as (
  'mobile' | 'desktop'
)[];
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-'));
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const web = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (web.status !== 0) throw new Error('the web app did not build');
const api = await startApi({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0001',
  SEED_DEMO: 'true',
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  AUTH_RATE_LIMIT_MAX: '1000',
  DATA_DIR: dataDir,
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

try {
  // The same Chrome, driven over CDP: signs in once (the token lives in localStorage).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
  const clearCache = async () => {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
  };

  const audit = async (
    name: string,
    url: string,
    preset: 'mobile' | 'desktop',
    signedIn: boolean,
    run: number,
  ) => {
    if (signedIn) await clearCache();
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Signed-in pages keep localStorage (the session); the cache was cleared above.
        disableStorageReset: signedIn,
      },
      preset === 'desktop' ? (desktopConfig as Config) : undefined,
    );
    if (reportDir && typeof result?.report === 'string') {
      writeFileSync(path.join(reportDir, `${name}-${preset}-${run + 1}.json`), result.report);
    }
    const categories = result?.lhr.categories;
    const value = (id: string) => Math.round(result?.lhr.audits[id]?.numericValue ?? 0);
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      kb: Math.round(value('total-byte-weight') / 1024),
    };
  };

  const rows: string[] = [];
  const measure = async (name: string, url: string, signedIn: boolean) => {
    if (pages && !pages.includes(name)) return;
    const cells: string[] = [];
    for (const preset of presets) {
      const results = [];
      for (let run = 0; run < runs; run++)
        results.push(await audit(name, url, preset, signedIn, run));
      cells.push(
        `${median(results.map((r) => r.performance))}`,
        `${median(results.map((r) => r.accessibility))}`,
        `${median(results.map((r) => r.lcp))} ms / ${median(results.map((r) => r.tbt))} ms / ${median(results.map((r) => r.kb))} KB`,
      );
    }
    rows.push(`| ${name} | ${cells.join(' | ')} |`);
    console.log(rows.at(-1));
  };

  await measure('sign-in', `${api.base}/sign-in`, false);
  await page.goto(`${api.base}/sign-in`);
  await page.getByLabel('E-mail address').fill('owner@demo.test');
  await page.getByLabel(/^Password/).fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome' }).waitFor();
  const category = await page.locator('a[href*="/cat/"]').first().getAttribute('href');
  const product = await page.locator('a[href*="/product/"]').first().getAttribute('href');
  if (!category || !product) throw new Error('no category or product link on the dashboard');
  await measure('dashboard', `${api.base}/`, true);
  await measure('category', `${api.base}${category}`, true);
  await measure('product', `${api.base}${product}`, true);
  await browser.close();

  console.log(`\nLighthouse 12.2.3, Chromium headless, median of ${runs} runs\n`);
  const columns = presets.flatMap((p) => [
    `${p} performance`,
    `${p} accessibility`,
    `${p} LCP / TBT / bytes`,
  ]);
  console.log(`| page | ${columns.join(' | ')} |`);
  console.log(`| --- |${' --- |'.repeat(columns.length)}`);
  for (const row of rows) console.log(row);
} finally {
  chrome.kill();
  await stopChild(api.child);
  rmSync(dataDir, { recursive: true, force: true });
}
