import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDetail, NestedCategory, StaffCategory } from '@portal/contract';
import sharp from 'sharp';
import { auditLog, shopPictures } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { multipartBody } from '../../test/claims';

let t: TestApp;
let admin: string;
let operator: string;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, owner] = (await Promise.all(
    ['admin@demo.test', 'operator@demo.test', 'owner@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? bearer(token) : {}), 'accept-language': 'de' },
  });
const list = async () =>
  (await call('GET', '/api/admin/categories', admin)).json<{ items: StaffCategory[] }>().items;
const buyerTree = async (locale = 'en') => {
  await t.app.catalog.refresh();
  const response = await call('GET', `/api/categories/nested-categories?locale=${locale}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ nestedCategories: NestedCategory[] }>().nestedCategories;
};
const flat = (nodes: NestedCategory[]): NestedCategory[] =>
  nodes.flatMap((node) => [node, ...flat(node.children)]);

describe('the category tree, kept by staff', () => {
  it('adds a category with its names, renames it without changing its slug', async () => {
    const [root] = (await list()).filter((category) => category.parent_id === null);
    const created = await call('POST', '/api/admin/categories', admin, {
      parent_id: root!._id,
      names: { en: 'Moon batteries', fr: 'Batteries lunaires' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const added = created
      .json<{ items: StaffCategory[] }>()
      .items.find((category) => category.names.en === 'Moon batteries');
    expect(added).toMatchObject({
      parent_id: root!._id,
      is_active: true,
      slugs: { en: 'moon-batteries', fr: 'batteries-lunaires' },
    });
    const again = await call('POST', '/api/admin/categories', admin, {
      parent_id: null,
      names: { en: 'Moon batteries' },
    });
    expect(
      again
        .json<{ items: StaffCategory[] }>()
        .items.filter((c) => c.names.en === 'Moon batteries')
        .map((c) => c.slugs.en),
    ).toEqual(expect.arrayContaining(['moon-batteries', 'moon-batteries-2']));

    const renamed = await call('PUT', `/api/admin/categories/${added!._id}`, admin, {
      names: { en: 'Lunar batteries', fr: 'Piles lunaires', de: 'Mondbatterien' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = (await list()).find((category) => category._id === added!._id);
    expect(after).toMatchObject({
      names: { en: 'Lunar batteries', fr: 'Piles lunaires', de: 'Mondbatterien' },
      slugs: { en: 'moon-batteries', fr: 'batteries-lunaires', de: 'mondbatterien' },
    });
    const tree = flat(await buyerTree('fr'));
    expect(tree.find((node) => node._id === added!._id)?.name).toBe('Piles lunaires');
    // The old link still opens it: the English slug never changed.
    const detail = await call('GET', '/api/categories/getBySlug/moon-batteries?locale=de', owner);
    expect(detail.json<CategoryDetail>().name).toBe('Mondbatterien');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'category.update'), eq(auditLog.entityId, added!._id)));
    expect(entry?.after).toMatchObject({ names: { en: 'Lunar batteries' } });

    // A French name emptied: French buyers see the English name, the French link still opens it.
    await call('PUT', `/api/admin/categories/${added!._id}`, admin, {
      names: { en: 'Lunar batteries', de: 'Mondbatterien' },
    });
    expect((await list()).find((category) => category._id === added!._id)).toMatchObject({
      names: { en: 'Lunar batteries', de: 'Mondbatterien' },
      slugs: { fr: 'batteries-lunaires' },
    });
    expect(flat(await buyerTree('fr')).find((node) => node._id === added!._id)?.name).toBe(
      'Lunar batteries',
    );
    const french = await call(
      'GET',
      '/api/categories/getBySlug/batteries-lunaires?locale=fr',
      owner,
    );
    expect(french.statusCode).toBe(200);
    expect(french.json<CategoryDetail>().name).toBe('Lunar batteries');
    // Named again, it keeps its first French slug.
    await call('PUT', `/api/admin/categories/${added!._id}`, admin, {
      names: { en: 'Lunar batteries', fr: 'Accus lunaires' },
    });
    expect((await list()).find((category) => category._id === added!._id)).toMatchObject({
      names: { en: 'Lunar batteries', fr: 'Accus lunaires' },
      slugs: { fr: 'batteries-lunaires' },
    });
  });

  it('moves a category under another parent and to a position, never under itself', async () => {
    const all = await list();
    const roots = all.filter((category) => category.parent_id === null && category.is_active);
    const [a, b] = roots;
    const child = all.find((category) => category.parent_id === a!._id)!;
    const moved = await call('POST', `/api/admin/categories/${child._id}/move`, admin, {
      parent_id: b!._id,
      position: 0,
    });
    expect(moved.statusCode).toBe(200);
    const siblings = (await list())
      .filter((category) => category.parent_id === b!._id)
      .sort((x, y) => x.position - y.position);
    expect(siblings[0]?._id).toBe(child._id);
    expect(siblings.map((category) => category.position)).toEqual(siblings.map((_, i) => i));
    const buyer = flat(await buyerTree()).find((node) => node._id === child._id);
    expect(buyer?.parent_id).toBe(b!._id);

    const loop = await call('POST', `/api/admin/categories/${b!._id}/move`, admin, {
      parent_id: child._id,
      position: 0,
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().details[0].field).toBe('parent_id');
    const self = await call('POST', `/api/admin/categories/${b!._id}/move`, admin, {
      parent_id: b!._id,
      position: 0,
    });
    expect(self.statusCode).toBe(400);
  });

  it('hides a deactivated category and its subtree from buyers, and shows it again', async () => {
    const all = await list();
    const parent = all.find(
      (category) => category.is_active && all.some((other) => other.parent_id === category._id),
    )!;
    const child = all.find((category) => category.parent_id === parent._id)!;
    const off = await call('PUT', `/api/admin/categories/${parent._id}/active`, admin, {
      active: false,
    });
    expect(off.statusCode).toBe(200);
    const hidden = flat(await buyerTree()).map((node) => node._id);
    expect(hidden).not.toContain(parent._id);
    expect(hidden).not.toContain(child._id);
    expect(
      (await call('GET', `/api/categories/getBySlug/${parent.slugs.en}`, owner)).statusCode,
    ).toBe(404);
    expect((await list()).find((category) => category._id === parent._id)?.is_active).toBe(false);
    await call('PUT', `/api/admin/categories/${parent._id}/active`, admin, { active: true });
    expect(flat(await buyerTree()).map((node) => node._id)).toContain(child._id);
  });

  it('names bad input in the staff member’s language; admins only', async () => {
    const noEnglish = await call('POST', '/api/admin/categories', admin, {
      parent_id: null,
      names: { fr: 'Sans anglais' },
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().details[0]).toMatchObject({ field: 'names.en' });
    const unknownParent = await call('POST', '/api/admin/categories', admin, {
      parent_id: randomUUID(),
      names: { en: 'Orphan' },
    });
    expect(unknownParent.statusCode).toBe(400);
    expect(
      (await call('PUT', `/api/admin/categories/${randomUUID()}`, admin, { names: { en: 'X' } }))
        .statusCode,
    ).toBe(404);
    for (const token of [operator, owner]) {
      expect((await call('GET', '/api/admin/categories', token)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/categories')).statusCode).toBe(401);
  });
});

describe('category icons', () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1971c2' } })
      .png()
      .toBuffer();
  const upload = (categoryId: string, token: string | undefined, content: Buffer) => {
    const body = multipartBody({ name: 'icon.png', type: 'image/png', content });
    return t.app.inject({
      method: 'PUT',
      url: `/api/admin/categories/${categoryId}/icon`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}), 'accept-language': 'fr' },
    });
  };

  it('takes an uploaded icon buyers see, replaces it, and goes back to the default one', async () => {
    const category = (await list()).find((row) => row.parent_id === null)!;
    const first = await upload(category._id, admin, await picture(600, 300));
    expect(first.statusCode, first.body).toBe(200);
    const { path } = first.json<{ path: string }>();
    expect(path).toMatch(/^\/api\/media\/pictures\/[0-9a-f-]{36}\.webp$/);
    // Kept square, the picture fitted inside, transparent around it.
    const served = await t.app.inject({ method: 'GET', url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      width: 128,
      height: 128,
      hasAlpha: true,
    });
    expect((await list()).find((row) => row._id === category._id)?.icon).toEqual({ path });
    expect(flat(await buyerTree('de')).find((node) => node._id === category._id)?.icon).toEqual({
      path,
    });

    // A new icon replaces the old one, whose picture is deleted.
    const second = await upload(category._id, admin, await picture(64, 64));
    const replaced = second.json<{ path: string }>().path;
    expect(replaced).not.toBe(path);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    const removed = await call('DELETE', `/api/admin/categories/${category._id}/icon`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).find((row) => row._id === category._id)?.icon).toBeNull();
    expect(flat(await buyerTree()).find((node) => node._id === category._id)?.icon).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: replaced })).statusCode).toBe(404);
    expect(
      await t.db.$count(
        auditLog,
        and(eq(auditLog.action, 'category.icon'), eq(auditLog.entityId, category._id)),
      ),
    ).toBe(3);
    expect(await t.db.$count(shopPictures)).toBe(0);
  });

  it('refuses a file that is not a picture, in the staff member’s language; admins only', async () => {
    const category = (await list())[0]!;
    const fake = await upload(category._id, admin, Buffer.from('not a picture'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().details[0]).toMatchObject({
      field: 'file',
      message: expect.stringMatching(/JPEG/),
    });
    expect(fake.json().details[0].message).toMatch(/Choisissez/);
    const png = await picture(32, 32);
    expect((await upload(randomUUID(), admin, png)).statusCode).toBe(404);
    expect((await upload('not-a-uuid', admin, png)).statusCode).toBe(400);
    expect((await upload(category._id, operator, png)).statusCode).toBe(403);
    expect((await upload(category._id, owner, png)).statusCode).toBe(403);
    expect((await upload(category._id, undefined, png)).statusCode).toBe(401);
    expect(await t.db.$count(shopPictures)).toBe(0);
  });
});
