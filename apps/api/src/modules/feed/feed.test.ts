import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCALES, type ProductSettings } from '@portal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresPoolOf } from '../../db/client';
import {
  categories,
  categoryTranslations,
  companies,
  priceListDiscounts,
  priceListPrices,
  priceLists,
  productCategories,
  products,
  productTranslations,
  settings,
  users,
} from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/app';
import { unitPricesRelation } from '../pricing';
import { catalogXml } from './service';

let t: TestApp;
const ids: Record<string, string> = {};

const CONTROL_CHARS = '\u0001\u0008';
const CLEAN_TITLE = `Cell & <Pack> "12V" 'Pro' end`;
const TRICKY_TITLE = `Cell & <Pack> "12V" 'Pro'${CONTROL_CHARS} end`;
// Every kind of character a value can hold: line breaks, tabs, quotes, markup, non-ASCII, emoji,
// and characters XML 1.0 forbids (stripped).
const FORBIDDEN = '\u0001\u000b\u001f\uFFFE\uFFFF';
const ODD_SKU = `FEED/ODD ü'(1)&🔋`;
const ODD = `Line 1\nLine 2\r\n\tTab « Pro » à 🔋 & <x> "q" 'a'${FORBIDDEN} end`;
const ODD_CLEAN = `Line 1\nLine 2\r\n\tTab « Pro » à 🔋 & <x> "q" 'a' end`;

function product(sku: string, overrides: Partial<typeof products.$inferInsert> = {}) {
  return {
    sku,
    reference: `REF-${sku}`,
    slug: `feed-${sku.toLowerCase()}`,
    priceCents: 1999,
    quantity: 40,
    weightGrams: 350,
    boxWidthMm: 100,
    boxHeightMm: 50,
    boxLengthMm: 200,
    manufacturer: 'Feedcell',
    warrantyMonths: 24,
    specifications: [{ key: 'voltage', value: '12 V' }],
    images: [{ path: `/media/${sku}.svg`, thumbnail: { path: `/media/${sku}-thumb.svg` } }],
    ...overrides,
  };
}

/** Test fixtures beside whatever catalog the demo seed holds. */
async function seedFeedFixtures() {
  // Kept when the demo seed already wrote the shop's settings.
  const productSettings: ProductSettings = {
    min_cart_amount: 100,
    min_cart_quantity: 1,
    low_stock_threshold: 5,
    listing_page_size: 24,
    default_sort: 'best_seller',
    new_arrival_days: 30,
  };
  await t.db
    .insert(settings)
    .values({ code: 'product_settings', value: productSettings })
    .onConflictDoNothing();
  const [category] = await t.db.insert(categories).values({}).returning({ id: categories.id });
  if (!category) throw new Error('category not created');
  await t.db.insert(categoryTranslations).values(
    LOCALES.map((locale) => ({
      categoryId: category.id,
      locale,
      name: locale === 'en' ? 'Packs & <Cells>' : `Packs ${locale}`,
      slug: `feed-packs-${locale}`,
    })),
  );
  const rows = await t.db
    .insert(products)
    .values([
      product('FEED-ESC-1', {
        priceCents: 1205,
        quantity: 0,
        ean: '8712345678906',
        replacedModels: ['A&B <1>'],
        suitableDevices: [`Drill "X" 'Y'`],
        specifications: [{ key: 'chemistry', value: 'Li-ion & <NiMH>' }],
      }),
      ...['FEED-1', 'FEED-2', 'FEED-3', 'FEED-4'].map((sku) => product(sku)),
      product('FEED-OFF', { isActive: false }),
      product(ODD_SKU, {
        manufacturer: ODD,
        replacedModels: [ODD, 'plain'],
        suitableDevices: [ODD],
        specifications: [{ key: ODD, value: ODD }],
      }),
    ])
    .returning({ id: products.id, sku: products.sku });
  for (const row of rows) ids[row.sku] = row.id;
  await t.db.insert(productTranslations).values(
    rows.flatMap((row) =>
      row.sku === 'FEED-ESC-1'
        ? [
            { productId: row.id, locale: 'en', title: TRICKY_TITLE },
            { productId: row.id, locale: 'fr', title: 'Batterie à « Pro »' },
          ]
        : row.sku === ODD_SKU
          ? [{ productId: row.id, locale: 'de', title: ODD }]
          : LOCALES.map((locale) => ({ productId: row.id, locale, title: `${row.sku} ${locale}` })),
    ),
  );
  await t.db
    .insert(productCategories)
    .values({ productId: ids['FEED-ESC-1'] ?? '', categoryId: category.id });
  ids.category = category.id;
}

async function userId(email: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** The user's current feed key, as stored. */
async function storedKey(id: string) {
  const [row] = await t.db.select({ key: users.xmlFeedKey }).from(users).where(eq(users.id, id));
  return row?.key ?? 'k'.repeat(64);
}

const feed = async (id: string, key?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/xml/getByUserId/${id}?key=${key ?? (await storedKey(id))}`,
  });

const parser = new XMLParser({
  ignoreAttributes: false,
  // Decodes character references (&#10;) too.
  htmlEntities: true,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) =>
    ['product', 'title', 'image', 'category', 'model', 'device', 'spec'].includes(name),
});

interface Text {
  '#text'?: string;
  [attribute: string]: string | undefined;
}
interface ParsedProduct {
  sku: string;
  titles: { title: Text[] };
  [field: string]: unknown;
}
interface ParsedFeed {
  catalog: { company: string; currency: string; generated_at: string; product?: ParsedProduct[] };
}

const parse = (xml: string) => parser.parse(xml) as ParsedFeed;

function expectWellFormed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  if (existsSync('/usr/bin/xmllint')) {
    const lint = spawnSync('/usr/bin/xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
    expect(lint.stderr).toBe('');
    expect(lint.status).toBe(0);
  }
}

const expectNotFound = (response: Awaited<ReturnType<typeof feed>>) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ type: 'NOT_FOUND', code: 404 });
};

let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedFeedFixtures();
  owner = await userId('owner@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/xml/getByUserId/:userId', () => {
  it('answers the whole active catalog as well-formed XML to the owner, with the key', async () => {
    const response = await feed(owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe('inline; filename="catalog.xml"');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<catalog ')).toBe(
      true,
    );
    expectWellFormed(response.body);

    const { catalog } = parse(response.body);
    expect(catalog).toMatchObject({ company: 'Demo Energy BV', currency: 'EUR' });
    expect(new Date(catalog.generated_at).toString()).not.toBe('Invalid Date');
    const active = await t.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.isActive, true));
    const listed = catalog.product ?? [];
    expect(listed.map((p) => p.sku).sort()).toEqual(active.map((p) => p.sku).sort());
    expect(listed.map((p) => p.sku)).not.toContain('FEED-OFF');

    const titles = await t.db
      .select()
      .from(productTranslations)
      .where(
        inArray(
          productTranslations.productId,
          active.map((p) => p.id),
        ),
      );
    const skuOf = new Map(active.map((p) => [p.id, p.sku]));
    const bySku = new Map(listed.map((p) => [p.sku, p]));
    for (const entry of listed) {
      expect(entry.titles.title.map((title) => title.lang)).toEqual([...LOCALES]);
    }
    for (const title of titles) {
      const entry = bySku.get(skuOf.get(title.productId) ?? '');
      const listedTitle = entry?.titles.title.find((item) => item.lang === title.locale);
      const clean = { [TRICKY_TITLE]: CLEAN_TITLE, [ODD]: ODD_CLEAN }[title.title];
      expect(listedTitle?.['#text']).toBe(clean ?? title.title);
    }
  });

  it('escapes text and attributes and strips characters XML 1.0 does not allow', async () => {
    const response = await feed(owner);
    expect(response.body).toContain(
      '<title lang="en">Cell &amp; &lt;Pack&gt; &quot;12V&quot; &apos;Pro&apos; end</title>',
    );
    for (const char of CONTROL_CHARS) expect(response.body).not.toContain(char);
    const entry = parse(response.body).catalog.product?.find((p) => p.sku === 'FEED-ESC-1');
    expect(entry).toMatchObject({
      reference: 'REF-FEED-ESC-1',
      ean: '8712345678906',
      url: 'http://portal.test/product/FEED-ESC-1',
      price: { '#text': '12.05', currency: 'EUR' },
      quantity: '0',
      in_stock: 'false',
      availability: 'out_of_stock',
      manufacturer: 'Feedcell',
      state: 'new',
      warranty_months: '24',
      weight_grams: '350',
      box_size: { width_mm: '100', height_mm: '50', length_mm: '200' },
      images: {
        image: [
          {
            '#text': 'http://portal.test/media/FEED-ESC-1.svg',
            thumbnail: 'http://portal.test/media/FEED-ESC-1-thumb.svg',
          },
        ],
      },
      categories: {
        category: [{ '#text': 'Packs & <Cells>', id: ids.category, slug: 'feed-packs-en' }],
      },
      replaced_models: { model: ['A&B <1>'] },
      suitable_devices: { device: [`Drill "X" 'Y'`] },
      specifications: { spec: [{ '#text': 'Li-ion & <NiMH>', key: 'chemistry' }] },
    });
    // Missing translations fall back to English so every language is present.
    const titles = Object.fromEntries(entry?.titles.title.map((x) => [x.lang, x['#text']]) ?? []);
    expect(titles).toMatchObject({
      en: CLEAN_TITLE,
      fr: 'Batterie à « Pro »',
      de: CLEAN_TITLE,
    });
  });

  it('round-trips every kind of character, one product a line', async () => {
    const { body } = await feed(owner);
    expectWellFormed(body);
    const lines = body.split('\n');
    expect(lines.slice(-2)).toEqual(['</catalog>', '']);
    expect(body).not.toContain('\r');
    for (const line of lines.slice(2, -2)) {
      expect(line).toMatch(/^<product id="[0-9a-f-]{36}">.*<\/product>$/);
    }
    for (const char of FORBIDDEN) expect(body).not.toContain(char);

    const entry = parse(body).catalog.product?.find((p) => p.sku === ODD_SKU);
    expect(entry).toMatchObject({
      url: `http://portal.test/product/${encodeURIComponent(ODD_SKU)}`,
      manufacturer: ODD_CLEAN,
      replaced_models: { model: [ODD_CLEAN, 'plain'] },
      suitable_devices: { device: [ODD_CLEAN] },
      specifications: { spec: [{ '#text': ODD_CLEAN, key: ODD_CLEAN }] },
      categories: '',
    });
    // Only German is given: the others fall back to English, here missing too, so to the sku.
    const titles = Object.fromEntries(entry?.titles.title.map((x) => [x.lang, x['#text']]) ?? []);
    expect(titles).toEqual({
      ...Object.fromEntries(LOCALES.map((l) => [l, ODD_SKU])),
      de: ODD_CLEAN,
    });
  });

  it('gives a company with a price list its own prices', async () => {
    const [list] = await t.db.insert(priceLists).values({ name: 'Feed list' }).returning();
    await t.db.insert(priceListPrices).values({
      priceListId: list!.id,
      productId: ids['FEED-1']!,
      minQuantity: 1,
      priceCents: 1234,
    });
    await t.db
      .insert(priceListDiscounts)
      .values({ priceListId: list!.id, manufacturer: 'feedcell', percentBp: 1_000 });
    const [{ companyId } = { companyId: null }] = await t.db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, owner));
    const assign = (priceListId: string | null) =>
      t.db.update(companies).set({ priceListId }).where(eq(companies.id, companyId!));
    const prices = async () => {
      t.app.priceBooks.changed();
      const { catalog } = parse((await feed(owner)).body);
      const bySku = new Map((catalog.product ?? []).map((entry) => [entry.sku, entry]));
      return ['FEED-1', 'FEED-2', 'FEED-ESC-1'].map((sku) => bySku.get(sku)?.price);
    };
    try {
      await assign(list!.id);
      // Its fixed price; 10 % off the maker's 19.99 € and 12.05 € (1.205 € off: 1.21 €).
      expect(await prices()).toEqual([
        { '#text': '12.34', currency: 'EUR' },
        { '#text': '17.99', currency: 'EUR' },
        { '#text': '10.84', currency: 'EUR' },
      ]);
      await assign(null);
      expect((await prices()).map((price) => (price as Text)['#text'])).toEqual([
        '19.99',
        '19.99',
        '12.05',
      ]);
    } finally {
      await assign(null);
      await t.db.delete(priceLists).where(eq(priceLists.id, list!.id));
    }
  });

  const header = {
    generatedAt: new Date('2026-01-01T00:00:00Z'),
    company: 'Demo Energy BV',
    lowStockThreshold: 5,
    unitPrices: null,
  };
  const read = async (
    options: Parameters<typeof catalogXml>[2],
    feedHeader: Parameters<typeof catalogXml>[1] = header,
  ) => {
    const chunks: Buffer[] = [];
    for await (const chunk of catalogXml({ db: t.db, config: t.config }, feedHeader, options)) {
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  };

  it('is the same document whatever the page size of the keyset reads', async () => {
    const paged = await read({ pageSize: 2, copy: false });
    expect(paged).toEqual(await read({ pageSize: 500, copy: false }));
    expectWellFormed(paged.toString('utf8'));
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const pool = () => {
      const found = postgresPoolOf(t.db);
      if (!found) throw new Error('no PostgreSQL pool');
      return found;
    };
    /** Connections whose statement is (or last was) a copy begun `since` (a timestamp). */
    const copying = (since = '-infinity') =>
      t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'copy (select xml%'
            and query_start >= ${since}::timestamptz`,
      ) as unknown as Promise<{ rows: { n: number }[] }>;

    it('streams with COPY the very bytes the keyset reads give', async () => {
      const copied = await read({});
      expect(copied).toEqual(await read({ copy: false, pageSize: 7 }));
      expect(copied.toString('utf8').split('</product>').length - 1).toBeGreaterThan(300);
    });

    it('streams a price list’s prices with COPY as the keyset reads give them', async () => {
      const [list] = await t.db.insert(priceLists).values({ name: 'Copied' }).returning();
      await t.db
        .insert(priceListDiscounts)
        .values({ priceListId: list!.id, categoryId: ids.category!, percentBp: 2_500 });
      try {
        const priced = { ...header, unitPrices: unitPricesRelation(list!.id) };
        const copied = await read({}, priced);
        expect(copied).toEqual(await read({ copy: false, pageSize: 7 }, priced));
        expect(copied).not.toEqual(await read({}));
      } finally {
        await t.db.delete(priceLists).where(eq(priceLists.id, list!.id));
      }
    });

    it('copies with half of the pool at most; the feeds beyond read pages and the rest keep a connection', async () => {
      const half = Math.floor((pool().options.max ?? 0) / 2);
      expect(half).toBeGreaterThan(0);
      /** Counts the copies begun from now on (an idle connection's last statement may be a copy). */
      const copiesFromNow = async () => {
        const { rows } = (await t.db.execute(
          sql`select clock_timestamp()::text as at`,
        )) as unknown as { rows: { at: string }[] };
        return async () => (await copying(rows[0]!.at)).rows[0]?.n;
      };
      /** Feeds read to their first products, then left waiting, as slow clients leave them. */
      const begun = async (count: number) => {
        const streams = Array.from({ length: count }, () =>
          catalogXml({ db: t.db, config: t.config }, header, { pageSize: 7 }),
        );
        const firsts: Buffer[] = [];
        for (const stream of streams) {
          const head = await stream.next();
          const products = await stream.next();
          firsts.push(Buffer.from(`${head.value as string}`), Buffer.from(products.value!));
        }
        return { streams, firsts };
      };
      const ended = (streams: AsyncGenerator<string | Buffer>[]) =>
        Promise.all(streams.map((stream) => stream.return(undefined)));

      const copies = await copiesFromNow();
      const { streams, firsts } = await begun(half + 1);
      try {
        expect(await copies()).toBe(half);
        // A statement of another request still finds a connection.
        await t.db.execute(sql`select 1`);
        // The last feed reads keyset pages: the same document, to its end.
        const chunks = firsts.slice(-2);
        for await (const chunk of { [Symbol.asyncIterator]: () => streams[half]! }) {
          chunks.push(Buffer.from(chunk));
        }
        expect(Buffer.concat(chunks)).toEqual(await read({ copy: false, pageSize: 7 }));
      } finally {
        await ended(streams);
      }
      // The copies given back, as many feeds copy again.
      const copiesAgain = await copiesFromNow();
      const again = await begun(half);
      try {
        expect(await copiesAgain()).toBe(half);
      } finally {
        await ended(again.streams);
      }
    });

    it('gives the connection back when the client hangs up mid-stream', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/api/xml/getByUserId/${owner}?key=${await storedKey(owner)}`;
      // Hangs up as soon as the first products arrive.
      const received = await new Promise<string>((resolve, reject) => {
        const request = get(url, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes('</product>')) {
              request.destroy();
              resolve(text);
            }
          });
        });
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
      expect(received).toContain('<catalog ');
      expect(received).not.toContain('</catalog>');
      await vi.waitFor(
        async () => {
          expect(pool().totalCount).toBe(pool().idleCount);
          expect((await copying()).rows[0]?.n).toBe(0);
        },
        { timeout: 5000, interval: 50 },
      );
      // The pool serves the next feed in full.
      const again = await feed(owner);
      expect(again.statusCode).toBe(200);
      expect(again.body.endsWith('</catalog>\n')).toBe(true);
    });
  });

  it('refuses a wrong key, another user’s key and an unknown user with the same 404', async () => {
    expectNotFound(await feed(owner, 'x'.repeat(43)));
    const purchaser = await userId('purchaser@demo.test');
    expectNotFound(await feed(owner, await storedKey(purchaser)));
    expectNotFound(await feed('00000000-0000-4000-8000-000000000000'));
  });

  it('refuses purchasers and accountants even with their own valid key', async () => {
    expectNotFound(await feed(await userId('purchaser@demo.test')));
    expectNotFound(await feed(await userId('accountant@demo.test')));
  });

  it('follows the company option: off refuses, on serves, off again refuses', async () => {
    const other = await userId('owner@other.test');
    expectNotFound(await feed(other));
    const [company] = await t.db
      .select({ id: users.companyId })
      .from(users)
      .where(eq(users.id, other));
    const setOption = (isXmlActive: 'on' | 'off') =>
      t.db
        .update(companies)
        .set({ isXmlActive, name: `Other <Power> & "Söhne"` })
        .where(eq(companies.id, company?.id ?? ''));
    await setOption('on');
    const served = await feed(other);
    expect(served.statusCode).toBe(200);
    expectWellFormed(served.body);
    expect(served.body).toContain('company="Other &lt;Power&gt; &amp; &quot;Söhne&quot;"');
    await setOption('off');
    expectNotFound(await feed(other));
  });

  it('refuses a blocked owner', async () => {
    const block = (status: string) => t.db.update(users).set({ status }).where(eq(users.id, owner));
    await block('blocked');
    try {
      expectNotFound(await feed(owner));
    } finally {
      await block('active');
    }
    expect((await feed(owner)).statusCode).toBe(200);
  });

  it('answers VALIDATION_ERROR for a malformed user id or a missing key', async () => {
    const badId = await t.app.inject({
      method: 'GET',
      url: `/api/xml/getByUserId/not-a-uuid?key=${'k'.repeat(64)}`,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ type: 'VALIDATION_ERROR', code: 400 });
    const noKey = await t.app.inject({ method: 'GET', url: `/api/xml/getByUserId/${owner}` });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ type: 'VALIDATION_ERROR', code: 400 });
  });

  it('gives every user a key of their own, not derived from anything', async () => {
    const keys = await t.db.select({ key: users.xmlFeedKey }).from(users);
    expect(new Set(keys.map((row) => row.key)).size).toBe(keys.length);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /api/xml/renew-link', () => {
  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json<{
      xml_feed_url: string | null;
    }>().xml_feed_url;
  const renew = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/xml/renew-link',
      headers: token ? bearer(token) : {},
    });
  const fetchLink = (url: string) => t.app.inject({ url: url.replace('http://portal.test', '') });

  it('gives the owner a new link; the old one is dead at once, the new one serves', async () => {
    const token = await t.signIn('owner@demo.test');
    const before = await me(token);
    expect(before).toBe(
      `http://portal.test/api/xml/getByUserId/${owner}?key=${await storedKey(owner)}`,
    );
    expect((await fetchLink(before!)).statusCode).toBe(200);
    const response = await renew(token);
    expect(response.statusCode).toBe(200);
    const { url } = response.json<{ url: string }>();
    expect(url).not.toBe(before);
    expect(url).toBe(await me(token));
    expectNotFound(await fetchLink(before!));
    expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('is for owners whose company has the feed; others learn nothing', async () => {
    expect((await renew()).statusCode).toBe(401);
    for (const email of ['purchaser@demo.test', 'accountant@demo.test', 'admin@demo.test']) {
      const response = await renew(await t.signIn(email));
      expect(response.statusCode, email).toBe(403);
      expect(response.json().type).toBe('FORBIDDEN');
    }
    // Another company's owner without the XML option has no link to renew.
    const other = await t.signIn('owner@other.test');
    expect(await me(other)).toBeNull();
    expectNotFound(await renew(other));
  });

  it('limits fetches per link, so a leaked link cannot keep the database busy', async () => {
    const token = await t.signIn('owner@demo.test');
    const { url } = (await renew(token)).json<{ url: string }>();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await fetchLink(url)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await fetchLink(url);
    expect(limited.json()).toMatchObject({ type: 'RATE_LIMITED', code: 429 });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another link is counted apart.
    const renewed = (await renew(token)).json<{ url: string }>().url;
    expect((await fetchLink(renewed)).statusCode).toBe(200);
  });
});
