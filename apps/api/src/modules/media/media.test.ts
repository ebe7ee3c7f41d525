import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoryIconPath,
  productImagePath,
  productThumbnailPath,
} from '../../db/seed/media/paths';
import { createTestApp, type TestApp } from '../../test/app';

const wellFormed = (svg: string) => expect(XMLValidator.validate(svg)).toBe(true);

describe('media routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a product image publicly, cacheable for good, with a strong ETag', async () => {
    const response = await t.app.inject({ url: productImagePath('laptop-battery', 3) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    wellFormed(response.body);
    expect(response.body).toContain('width="480"');
  });

  it('serves the thumbnail and the category icons', async () => {
    const thumb = await t.app.inject({ url: productThumbnailPath('power-station', 0) });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.body).toContain('width="120"');
    const icon = await t.app.inject({ url: categoryIconPath('sun') });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    wellFormed(icon.body);
  });

  it('serves the placeholder of a product without pictures, whatever the media directory holds', async () => {
    for (const url of [
      '/api/media/products/placeholder/0.svg',
      '/api/media/products/placeholder/0/thumb.svg',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      wellFormed(response.body);
    }
  });

  it('answers 304 when the client already has the image', async () => {
    const url = productImagePath('inverter', 1);
    const first = await t.app.inject({ url });
    const again = await t.app.inject({ url, headers: { 'if-none-match': first.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each([
    '/api/media/products/toaster/1.svg',
    '/api/media/products/laptop-battery/99.svg',
    '/api/media/products/toaster/1/thumb.svg',
    '/api/media/categories/toaster.svg',
  ])('answers NOT_FOUND for %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ type: 'NOT_FOUND', code: 404 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a malformed variant with VALIDATION_ERROR', async () => {
    const response = await t.app.inject({ url: '/api/media/products/laptop-battery/x1.svg' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
  });
});
