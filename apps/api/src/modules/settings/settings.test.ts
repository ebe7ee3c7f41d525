import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSlider } from '@portal/contract';
import { auditLog, shopPictures } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { multipartBody } from '../../test/claims';
import { settingEntityId } from './service';

let t: TestApp;
let purchaser: string;
let accountant: string;
let admin: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  [purchaser, accountant, admin, operator] = (await Promise.all(
    ['purchaser@demo.test', 'accountant@demo.test', 'admin@demo.test', 'operator@demo.test'].map(
      (email) => t.signIn(email),
    ),
  )) as [string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const put = (code: string, value: unknown, token: string, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/settings/code/${code}`,
    payload: { value },
    headers: { ...bearer(token), 'accept-language': language },
  });

describe('staff change the shop settings', () => {
  it('keeps every save in the audit log, the changed fields before and after', async () => {
    const { value } = (await get('/api/settings/code/product_settings', admin)).json();
    const saved = await put('product_settings', { ...value, min_cart_amount: 425.5 }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'settings.update'),
          eq(auditLog.entityId, settingEntityId('product_settings')),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: 'setting',
      entityLabel: 'product_settings',
      before: { min_cart_amount: value.min_cart_amount },
      after: { min_cart_amount: 425.5 },
    });
    // Saving the same value again changes nothing and records nothing.
    await put('product_settings', { ...value, min_cart_amount: 425.5 }, admin);
    expect(
      await t.db.$count(
        auditLog,
        and(
          eq(auditLog.action, 'settings.update'),
          eq(auditLog.entityId, settingEntityId('product_settings')),
        ),
      ),
    ).toBe(1);
  });

  it('the cart follows a new minimum amount at once', async () => {
    const { value } = (await get('/api/settings/code/product_settings', admin)).json();
    await put('product_settings', { ...value, min_cart_amount: 98_765 }, admin);
    const cart = await get('/api/carts/my-cart', purchaser);
    expect(cart.json().minimum).toMatchObject({ amount: 98_765, amount_reached: false });
  });

  it('names the field of a bad value in the staff member’s language, and keeps the old one', async () => {
    const { value } = (await get('/api/settings/code/claim_settings', admin)).json();
    const bad = await put('claim_settings', { return_window_days: 0 }, admin, 'nl');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'value.return_window_days' });
    expect(bad.json().details[0].message).toMatch(/1/);
    expect((await get('/api/settings/code/claim_settings', admin)).json().value).toEqual(value);
  });

  it('is for admins only', async () => {
    const { value } = (await get('/api/settings/code/invoice_settings', accountant)).json();
    for (const token of [operator, purchaser, accountant]) {
      expect((await put('invoice_settings', value, token)).statusCode).toBe(403);
    }
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/code/invoice_settings',
      payload: { value },
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives a settings code a stable id shaped as a uuid', () => {
    expect(settingEntityId('product_settings')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(settingEntityId('product_settings')).toBe(settingEntityId('product_settings'));
    expect(settingEntityId('claim_settings')).not.toBe(settingEntityId('product_settings'));
  });
});

describe('the dashboard slider, kept by staff', () => {
  const upload = (token: string | undefined, content: Buffer) => {
    const body = multipartBody({ name: 'banner.jpg', type: 'image/jpeg', content });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/banner-pictures',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}), 'accept-language': 'de' },
    });
  };
  const photo = () =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f08c00' } })
      .jpeg()
      .toBuffer();
  const slider = async () =>
    (await get('/api/settings/code/dashboard_slider', purchaser)).json<{
      value: DashboardSlider;
    }>().value;

  it('takes an uploaded picture for a banner, cropped to the slider, shown once saved', async () => {
    const sent = await upload(admin, await photo());
    expect(sent.statusCode, sent.body).toBe(201);
    const { path } = sent.json<{ path: string }>();
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 600 });

    const before = await slider();
    const banner = {
      id: 'winter',
      image: path,
      link: '/cat/batteries',
      texts: { en: { title: 'Winter stock', text: 'Batteries for the cold.', cta: 'Shop now' } },
    };
    const saved = await put(
      'dashboard_slider',
      { ...before, banners: [banner, ...before.banners] },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await slider()).banners[0]).toEqual(banner);

    // Taken out of the slider, the uploaded picture is deleted with the change.
    expect((await put('dashboard_slider', before, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(await t.db.$count(shopPictures)).toBe(0);
  });

  it('refuses a banner naming a picture that was never uploaded, naming its field', async () => {
    const before = await slider();
    const missing = `/api/media/pictures/${randomUUID()}.webp`;
    const bad = await put(
      'dashboard_slider',
      { ...before, banners: [{ ...before.banners[0]!, image: missing }] },
      admin,
      'fr',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'value.banners.0.image', message: 'Téléversez une image pour cette bannière' },
    ]);
    const elsewhere = await put(
      'dashboard_slider',
      { ...before, banners: [{ ...before.banners[0]!, image: 'https://evil.test/a.png' }] },
      admin,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details[0].field).toBe('value.banners.0.image');
    expect(await slider()).toEqual(before);
  });

  it('takes pictures from admins only, and only pictures', async () => {
    const jpeg = await photo();
    for (const token of [operator, purchaser, accountant]) {
      expect((await upload(token, jpeg)).statusCode).toBe(403);
    }
    expect((await upload(undefined, jpeg)).statusCode).toBe(401);
    const fake = await upload(admin, Buffer.from('%PDF-1.7 not a picture'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().details[0]).toEqual({
      field: 'file',
      message: 'Wählen Sie ein JPEG-, PNG- oder WebP-Bild',
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banner-pictures',
      payload: {},
      headers: bearer(admin),
    });
    expect(empty.statusCode).toBe(400);
    expect(await t.db.$count(shopPictures)).toBe(0);
  });
});
