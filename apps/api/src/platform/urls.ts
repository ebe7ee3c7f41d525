import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, type Locale } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const requestOrigin = new AsyncLocalStorage<string>();

/** A host as a browser sends it: a name or an IPv4/IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const originOf = (request: FastifyRequest) =>
  HOST.test(request.host) ? `${request.protocol}://${request.host}` : undefined;

/**
 * The address links start with (mails, payment return, XML feed): APP_URL. Outside production
 * without APP_URL, the origin the request came to, so a portal opened as 127.0.0.1 is not sent
 * back to localhost, whose storage holds no session.
 */
export function appUrl(config: Pick<Config, 'appUrl'>): string {
  return requestOrigin.getStore() ?? config.appUrl;
}

/** An absolute link into the web app, with the locale prefix rule (en has none). */
export function webUrl(config: Pick<Config, 'appUrl'>, locale: Locale, pathname: string): string {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return `${appUrl(config)}${prefix}${pathname}`;
}

/** Runs each request, and the work it starts, with its origin as the links' address. */
export function linksFromRequestOrigin(app: FastifyInstance): void {
  if (!app.config.appUrlFromRequest) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = originOf(request);
    if (origin) requestOrigin.run(origin, done);
    else done();
  });
}
