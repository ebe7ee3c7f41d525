import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
const script = `console.log(${JSON.stringify('a'.repeat(4000))});`;
const html = `<!doctype html><html><head><script src="/assets/app-1a2b3c.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const signIn = `<!doctype html><html lang="en"><body><div id="root"><form>${'<input>'.repeat(200)}</form></div></body></html>`;
const signInFr = signIn.replace('lang="en"', 'lang="fr"');
mkdirSync(path.join(webDist, 'assets'));
mkdirSync(path.join(webDist, 'prerendered', 'fr'), { recursive: true });
for (const [file, text] of [
  ['assets/app-1a2b3c.js', script],
  ['index.html', html],
  ['prerendered/sign-in.html', signIn],
  ['prerendered/fr/sign-in.html', signInFr],
] as const) {
  writeFileSync(path.join(webDist, file), text);
  writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app’s files', () => {
  it('are sent brotli-compressed to browsers that accept it, gzip to others, plain otherwise', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [br, gz, plain]) {
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the page itself compressed too, never cached for long', async () => {
    const page = await get('/fr/cart', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('sends a page the build drew to HTML in place of the app shell, in its language', async () => {
    const en = await get('/sign-in?next=%2Fcart', 'br');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(en.rawPayload).toString()).toBe(signIn);
    expect((await get('/fr/sign-in')).body).toBe(signInFr);
    // Addresses without a drawn page, and look-alikes, get the app shell.
    for (const url of ['/de/sign-in', '/sign-in/', '/sign-in.html', '/prerendered/sign-in']) {
      const other = await get(url);
      expect(other.body, url).not.toBe(signIn);
    }
    expect((await get('/de/sign-in')).body).toBe(html);
  });
});
