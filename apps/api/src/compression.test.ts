import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn('purchaser@demo.test');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: { ...bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('the API’s answers', () => {
  const tree = '/api/categories/nested-categories?locale=de';

  it('are sent brotli-compressed to a browser that accepts it, gzip to others, plain otherwise', async () => {
    const plain = await get(tree);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);
    const br = await get(tree, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(tree, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    for (const response of [br, gz]) {
      // Both what the answer varies by: the caller's token and the encoding.
      expect(String(response.headers.vary)).toMatch(/authorization/i);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('are sent plain under 1 KB, and a revalidated tree still answers 304 with no body', async () => {
    const cart = await get('/api/carts/my-cart', 'br');
    expect(cart.statusCode).toBe(200);
    expect(cart.rawPayload.length).toBeLessThan(1024);
    expect(cart.headers['content-encoding']).toBeUndefined();
    expect(cart.json()).toHaveProperty('cart_item');
    const first = await get(tree, 'br');
    const again = await t.app.inject({
      url: tree,
      headers: { ...bearer(token), 'accept-encoding': 'br', 'if-none-match': first.headers.etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('keeps an error’s body readable, compressed or not', async () => {
    const missing = await get('/api/categories/getBySlug/no-such-category?locale=fr', 'br');
    expect(missing.statusCode).toBe(404);
    const body =
      missing.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(missing.rawPayload).toString()
        : missing.body;
    expect(JSON.parse(body)).toMatchObject({ type: 'NOT_FOUND', code: 404 });
  });

  it('sends the catalog’s kept gzip once, not compressed again', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/products/advanced-filter',
      payload: { locale: 'en', limit: 48, page: 1 },
    };
    const plain = await t.app.inject({ ...request, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    const gz = await t.app.inject({
      ...request,
      headers: { ...bearer(token), 'accept-encoding': 'gzip, br' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toMatch(/^(gzip|br)$/);
    const body =
      gz.headers['content-encoding'] === 'gzip'
        ? gunzipSync(gz.rawPayload).toString()
        : brotliDecompressSync(gz.rawPayload).toString();
    expect(JSON.parse(body)).toEqual(plain.json());
  });
});
