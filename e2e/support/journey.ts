import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { portalApi } from './api';
import { launchBrowser } from './browser';
import { startPortal, type PortalServer } from './server';

/**
 * What a journey file runs on: its own portal and browser, started before the file's journeys and
 * stopped after them. The contexts handed to `keep` close after each journey, passed or not.
 */
export function journeyFile() {
  let portal: PortalServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  before(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  function started<T>(value: T | undefined): T {
    assert.ok(value, 'the journey file has started');
    return value;
  }

  return {
    get portal() {
      return started(portal);
    },
    get browser() {
      return started(browser);
    },
    keep(context: BrowserContext) {
      contexts.push(context);
    },
    ...portalApi(() => started(portal).url),
  };
}
