import { LOCALES, productSettingsSchema } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCategoryIcon, isProductImageKind } from '../media/paths';
import { type Database, type Db } from '../../client';
import {
  categories,
  categoryTranslations,
  productCategories,
  productTranslations,
  products,
  settings,
} from '../../schema';
import { SPEC_KEYS } from '@portal/contract';
import { DEFAULT_PRODUCT_SETTINGS, seedCatalog } from './index';
import { generateProduct, leafPicker } from './products';
import { Random } from './random';
import { slugify } from '../../../platform/slug';
import { isValidEan13, toEan13 } from './text';
import { flattenTree } from './tree';
import { openTestDatabase } from '../../../test/app';

const COUNT = 200;
const NOW = new Date('2026-03-01T12:00:00Z');

async function seeded(seed: number): Promise<Database> {
  const database = await openTestDatabase('migrated');
  await seedCatalog(database.db, { products: COUNT, seed, now: NOW });
  return database;
}

/** Everything the generator decides, without the ids the database assigns. */
async function snapshot(db: Db) {
  const rows = await db.select().from(products).orderBy(asc(products.sku));
  const titles = await db
    .select({
      sku: products.sku,
      locale: productTranslations.locale,
      title: productTranslations.title,
    })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .orderBy(asc(products.sku), asc(productTranslations.locale));
  return { rows: rows.map(({ id: _id, ...row }) => row), titles };
}

describe('demo catalog generator', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = await Promise.all([seeded(7), seeded(7)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('gives the same catalog for the same seed', async () => {
    const [first, second] = await Promise.all([snapshot(a.db), snapshot(b.db)]);
    expect(first.rows).toHaveLength(COUNT);
    expect(second).toEqual(first);
  });

  it('gives another catalog for another seed', () => {
    const titles = (seed: number) => {
      const rng = new Random(seed);
      const flat = flattenTree();
      const pick = leafPicker(flat);
      return Array.from({ length: 50 }, (_, i) =>
        generateProduct(rng, pick(rng, i + 1), i + 1, NOW).translations.map((t) => t.title),
      );
    };
    expect(titles(8)).not.toEqual(titles(7));
  });

  it('seeds nothing more once products exist', async () => {
    expect(await seedCatalog(a.db, { products: COUNT })).toEqual({ categories: 0, products: 0 });
    expect(await a.db.$count(products)).toBe(COUNT);
  });

  it('builds about 60 categories three levels deep, named and slugged in every language', async () => {
    const rows = await a.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(rows.length).toBeLessThanOrEqual(70);
    const parentOf = new Map(rows.map((c) => [c.id, c.parentId]));
    const depth = (id: string | null): number => (id ? 1 + depth(parentOf.get(id) ?? null) : 0);
    expect(Math.max(...rows.map((c) => depth(c.id)))).toBe(3);
    expect(
      rows.every((c) => c.iconPath && isCategoryIcon(/([\w-]+)\.svg$/.exec(c.iconPath)?.[1] ?? '')),
    ).toBe(true);

    const translations = await a.db.select().from(categoryTranslations);
    expect(translations).toHaveLength(rows.length * LOCALES.length);
    for (const t of translations) {
      expect(t.name.trim()).not.toBe('');
      expect(t.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    for (const locale of LOCALES) {
      const slugs = translations.filter((t) => t.locale === locale).map((t) => t.slug);
      expect(new Set(slugs).size).toBe(rows.length);
    }
  });

  it('translates category names for real', () => {
    const laptops = flattenTree().find((c) => c.slugs.en === 'laptop-batteries');
    expect(laptops?.names).toMatchObject({ fr: 'Batteries pour PC portable', de: 'Laptop-Akkus' });
    expect(laptops?.slugs).toMatchObject({ es: 'baterias-para-portatil', nl: 'laptopaccus' });
  });

  it('puts every product in exactly one leaf category', async () => {
    const links = await a.db.select().from(productCategories);
    expect(links).toHaveLength(COUNT);
    expect(new Set(links.map((l) => l.productId)).size).toBe(COUNT);
    const parents = new Set(
      (await a.db.select({ parentId: categories.parentId }).from(categories)).map(
        (c) => c.parentId,
      ),
    );
    expect(links.some((l) => parents.has(l.categoryId))).toBe(false);
  });

  it('writes a title and standout features in all six languages', async () => {
    const rows = await a.db.select().from(productTranslations);
    expect(rows).toHaveLength(COUNT * LOCALES.length);
    for (const row of rows) {
      expect(row.title.length).toBeGreaterThan(10);
      expect(row.standoutFeatures.length).toBeGreaterThanOrEqual(2);
      expect(row.standoutFeatures.length).toBeLessThanOrEqual(4);
      expect(row.standoutFeatures.join(' ')).not.toMatch(/\{\w+\}/);
    }
    const sample = rows.filter((r) => r.title.startsWith('Battery for')).length;
    expect(sample).toBeGreaterThan(0);
    expect(rows.filter((r) => r.locale === 'de' && r.title.startsWith('Akku für')).length).toBe(
      sample,
    );
  });

  it('fills every product field with plausible values', async () => {
    const rows = await a.db.select().from(products);
    expect(new Set(rows.map((p) => p.sku)).size).toBe(COUNT);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(COUNT);
    for (const p of rows) {
      expect(p.sku).toMatch(/^[A-Z]{3}-[A-Z]{2}-[A-Z]{2}-\d{6}$/);
      expect(p.slug).toMatch(new RegExp(`^[a-z0-9-]+-${p.sku.toLowerCase()}$`));
      expect(isValidEan13(p.ean ?? '')).toBe(true);
      expect(p.priceCents).toBeGreaterThanOrEqual(500);
      expect(p.priceCents).toBeLessThanOrEqual(300_000);
      expect(p.quantity).toBeGreaterThanOrEqual(0);
      expect(p.quantity).toBeLessThanOrEqual(500);
      expect(p.views).toBeLessThanOrEqual(5000);
      expect(p.buyers).toBeLessThanOrEqual(120);
      expect(p.replacedModels.length).toBeGreaterThanOrEqual(1);
      expect(p.replacedModels.length).toBeLessThanOrEqual(6);
      expect(p.suitableDevices.length).toBeGreaterThanOrEqual(1);
      expect(p.suitableDevices.length).toBeLessThanOrEqual(10);
      expect(p.images.length).toBeGreaterThanOrEqual(1);
      expect(p.images.length).toBeLessThanOrEqual(3);
      for (const image of p.images) {
        const [, kind] = /^\/api\/media\/products\/([\w-]+)\/\d+\.svg$/.exec(image.path) ?? [];
        expect(isProductImageKind(kind ?? '')).toBe(true);
        expect(image.thumbnail.path).toBe(image.path.replace('.svg', '/thumb.svg'));
      }
      for (const s of p.specifications) expect(SPEC_KEYS).toContain(s.key);
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(p.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 731 * 86_400_000);
    }
    expect(rows.some((p) => p.quantity === 0)).toBe(true);
    expect(rows.some((p) => p.state === 'refurbished')).toBe(true);
    expect(rows.some((p) => p.backorderable)).toBe(true);
    expect(new Set(rows.map((p) => p.manufacturer)).size).toBeGreaterThan(15);
  });

  it('seeds the default product settings', async () => {
    const [row] = await a.db.select().from(settings).where(eq(settings.code, 'product_settings'));
    expect(row?.value).toEqual(DEFAULT_PRODUCT_SETTINGS);
    expect(productSettingsSchema.parse(row?.value)).toEqual(DEFAULT_PRODUCT_SETTINGS);
  });
});

describe('catalog text helpers', () => {
  it('makes ASCII slugs', () => {
    expect(slugify("Accu's für Ladegeräte")).toBe('accus-fur-ladegerate');
    expect(slugify('Baterías para portátil')).toBe('baterias-para-portatil');
    expect(slugify('Straße – 500–1500 Wh')).toBe('strasse-500-1500-wh');
  });

  it('computes EAN-13 check digits', () => {
    expect(toEan13('400638133393')).toBe('4006381333931');
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
  });
});
