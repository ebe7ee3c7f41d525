import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the platform', () => {
  it('answers health when the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready once the database has every migration and the catalog is loaded', async () => {
    await t.app.catalog.warm();
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, catalog: true },
    });
  });

  it('is not ready while the database lacks a migration of this build', async () => {
    const behind = await createTestApp();
    try {
      const [last] = (
        (await behind.db.execute(sql`
          delete from drizzle.__drizzle_migrations
          where id = (select max(id) from drizzle.__drizzle_migrations)
          returning hash, created_at`)) as unknown as {
          rows: { hash: string; created_at: string }[];
        }
      ).rows;
      const response = await behind.app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toMatchObject({ database: true, migrations: false });
      await behind.db.execute(sql`
        insert into drizzle.__drizzle_migrations (hash, created_at)
        values (${last!.hash}, ${last!.created_at})`);
      expect((await behind.app.inject({ url: '/api/ready' })).json().checks.migrations).toBe(true);
    } finally {
      await behind.close();
    }
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API routes with the error body', async () => {
    const response = await t.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      type: 'NOT_FOUND',
      code: 404,
      message: 'This page is not found, please try again later',
    });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/auth/me' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json().type).toBe('NOT_FOUND');
  });

  it('shows the dev mailbox to this machine only, never through a proxy', async () => {
    const local = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('answers requests from this machine only');
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      const json = await t.app.inject({ url: '/dev/mailbox/messages', remoteAddress });
      expect(json.statusCode, remoteAddress).toBe(200);
    }
    const refused = [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '10.0.0.2' },
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
    ];
    for (const request of refused) {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages?to=admin@demo.test']) {
        const response = await t.app.inject({ url, ...request });
        expect(response.statusCode, `${url} ${JSON.stringify(request)}`).toBe(404);
        expect(response.json().type).toBe('NOT_FOUND');
      }
    }
  });

  it('keeps CORS closed by default', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/signin',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/auth/me', '/api/admin/registrations']),
    );
  });

  it('never answers 500 to anything a client can send', async () => {
    const token = await t.signIn('owner@demo.test');
    const bodies = [
      null,
      [],
      'text',
      0,
      {},
      { email: {}, password: {} },
      { email: 'a@b.test', password: 'x'.repeat(5000) },
      { key: { $ne: null }, password: 1, confirm_password: null },
      { access_token: ['x'] },
      { __proto__: { role: 'admin' }, constructor: { prototype: { role: 'admin' } } },
      JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200)),
    ];
    const routes: [string, string][] = [
      ['POST', '/api/auth/signin'],
      ['POST', '/api/auth/signout'],
      ['POST', '/api/auth/signup'],
      ['POST', '/api/auth/invitation/password/%00%ff'],
      ['POST', '/api/auth/reset-password/request'],
      ['POST', '/api/auth/reset-password/change'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/admin/registrations/../approve'],
      ['POST', '/api/quotes'],
      ['POST', '/api/quotes/00000000-0000-4000-8000-000000000000/ask-again'],
      ['POST', '/api/checkout/summary'],
    ];
    for (const [method, url] of routes) {
      for (const payload of bodies) {
        for (const headers of [{}, bearer(token)]) {
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) expect(response.json()).toHaveProperty('type');
        }
      }
    }
    for (const url of [
      '/api/auth/check-secure-key?key[]=a&key[]=b',
      '/api/auth/check-secure-key?key=%E0%A4%A',
      '/api/auth/invitation/check/%',
      '/api/admin/registrations?page=-1',
      '/api/admin/registrations?page=abc',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('rate limits on sign-in, sign-up and reset', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '' });
  });
  afterAll(async () => {
    await limited.close();
  });

  it.each([
    ['/api/auth/signin', { email: 'owner@demo.test', password: 'wrong-password' }],
    ['/api/auth/signup', {}],
    ['/api/auth/reset-password/request', { email: 'owner@demo.test' }],
    ['/api/auth/reset-password/change', {}],
  ])('answers 429 with the error body after the limit on %s', async (url, payload) => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await limited.app.inject({
        method: 'POST',
        url,
        payload,
        // Without a trusted proxy, X-Forwarded-For must not open a new bucket.
        headers: { 'x-forwarded-for': `10.0.0.${i}`, 'accept-language': 'fr' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses[3]).toBe(429);
    expect(last!.json()).toMatchObject({ type: 'RATE_LIMITED', code: 429 });
    expect(last!.json().message).toMatch(
      /^Trop de tentatives, veuillez réessayer dans \d+ secondes$/,
    );
    expect(last!.headers['retry-after']).toBeDefined();
  });

  it('trusts X-Forwarded-For only from a configured proxy', async () => {
    const proxied = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'owner@demo.test', password: 'wrong-password' },
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
    } finally {
      await proxied.close();
    }
  });
});
