import type { Readable } from 'node:stream';
import { LOCALES } from '@portal/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';

/** The user a feed link names, with the company facts that decide whether the feed exists. */
export async function findFeedUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      xmlFeedKey: users.xmlFeedKey,
      role: users.role,
      status: users.status,
      companyId: companies.id,
      companyName: companies.name,
      companyStatus: companies.status,
      isXmlActive: companies.isXmlActive,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

const dialect = new PgDialect();

/** What a product's element depends on besides its rows. */
export interface FeedRendering {
  /** Links are this origin followed by the product page's or the image's server path. */
  origin: string;
  lowStockThreshold: number;
  /**
   * The unit prices of the company's price list, `(product_id, cents)` for the products it
   * prices otherwise than the catalog, written without parameters; null: catalog prices.
   */
  unitPrices: SQL | null;
}

/**
 * A string literal that reads the same whatever standard_conforming_strings says. Values are
 * written into the statement because COPY takes no parameters.
 */
const literal = (value: string) => `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

// XML 1.0 forbids the control characters other than tab, LF and CR, and U+FFFE/U+FFFF; NUL and
// lone surrogates cannot be in PostgreSQL text. Stripped, they also can never be COPY's
// delimiter or quote below.
const stripped = (value: string) =>
  `regexp_replace(${value}, '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]', '', 'g')`;
const replaced = (value: string, pairs: [string, string][]) =>
  pairs.reduce((inner, [from, to]) => `replace(${inner}, ${from}, '${to}')`, value);
// '&' first: the later entities bring their own. Line breaks become references in text too, so
// an element is one line: COPY then has nothing to quote.
const TEXT_ENTITIES: [string, string][] = [
  [`'&'`, '&amp;'],
  [`'<'`, '&lt;'],
  [`'>'`, '&gt;'],
  [`'"'`, '&quot;'],
  [`''''`, '&apos;'],
  [`E'\\n'`, '&#10;'],
  [`E'\\r'`, '&#13;'],
];
// In attributes a parser would normalize a raw tab to a space.
const ATTR_ENTITIES: [string, string][] = [...TEXT_ENTITIES, [`E'\\t'`, '&#9;']];

/** SQL for `value` (SQL text) as XML character data. */
const xmlText = (value: string) => replaced(stripped(value), TEXT_ENTITIES);
/** SQL for `value` (SQL text) as an XML attribute value. */
const xmlAttr = (value: string) => replaced(stripped(value), ATTR_ENTITIES);

/** `<name attr="…">text</name>` from SQL expressions already escaped (or that need none). */
function el(name: string, text: string, attrs: Record<string, string> = {}) {
  const open = Object.entries(attrs)
    .map(([attr, value]) => `' ${attr}="' || ${value} || '"'`)
    .join(' || ');
  return `'<${name}' || ${open ? `${open} || ` : ''}'>' || ${text} || '</${name}>'`;
}

/** A list element whose children are `child` for each of `rows`, in `order`; empty: `<name/>`. */
const list = (name: string, child: string, rows: string, order: string) =>
  `coalesce('<${name}>' || (select string_agg(${child}, '' order by ${order}) from ${rows}) ` +
  `|| '</${name}>', '<${name}/>')`;

// encodeURIComponent in SQL: the characters it leaves alone, and the UTF-8 bytes of the others
// as %XX. Almost every sku is made of the first kind only.
const URI_SAFE = `'[A-Za-z0-9_.!~*''()-]'`;
const encodedSku = `case when p.sku ~ ('^' || ${URI_SAFE} || '*$') then p.sku else (
  select string_agg(case when ch ~ ${URI_SAFE} then ch
    else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end,
    '' order by n)
  from regexp_split_to_table(p.sku, '') with ordinality as chars(ch, n)) end`;

/**
 * The `<product>` element of each product of `products` (a subquery in id order), as the column
 * `xml`, in id order: the feed's whole rendering, in the database. Plain string and jsonb
 * functions only, so PGlite (which has no libxml) runs it too. The products are a subquery so
 * that a sort, if the planner picks one, sorts product rows, never rendered elements.
 */
function productElements({ origin, lowStockThreshold, unitPrices }: FeedRendering, products: SQL) {
  if (!Number.isSafeInteger(lowStockThreshold)) throw new Error('low stock threshold');
  // Escaping works character by character, so the origin's part is escaped once, when planned.
  const link = (path: string) => `${xmlText(literal(origin))} || ${xmlText(path)}`;
  const linkAttr = (path: string) => `${xmlAttr(literal(origin))} || ${xmlAttr(path)}`;
  // Every language is present: a missing title falls back to English, then to the sku.
  const title = (lang: string) =>
    el('title', xmlText(`coalesce(titles.of ->> '${lang}', titles.of ->> 'en', p.sku)`), {
      lang: `'${lang}'`,
    });
  const price = unitPrices ? 'coalesce(bp.cents, p.price_cents)' : 'p.price_cents';
  const parts = [
    el('sku', xmlText('p.sku')),
    el('reference', xmlText('p.reference')),
    el('ean', xmlText(`coalesce(p.ean, '')`)),
    el('slug', xmlText('p.slug')),
    el('url', link(`'/product/' || ${encodedSku}`)),
    `'<titles>' || ${LOCALES.map(title).join(' || ')} || '</titles>'`,
    // Cents to euros with two decimals and a '.', in integer steps: the company's price.
    el(
      'price',
      `case when ${price} < 0 then '-' else '' end || abs(${price}) / 100 || '.' ` +
        `|| lpad((abs(${price}) % 100)::text, 2, '0')`,
      { currency: `'EUR'` },
    ),
    el('quantity', 'p.quantity'),
    // SPEC section 4: out of stock when not in stock or quantity 0 or less. Availability is
    // availabilityOf's (catalog/product-repo.ts).
    el('in_stock', `(p.is_in_stock and p.quantity > 0)::text`),
    el(
      'availability',
      `case when not p.is_in_stock or p.quantity <= 0 ` +
        `then case when p.backorderable then 'on_order' else 'out_of_stock' end ` +
        `when p.quantity <= ${lowStockThreshold} then 'low_stock' else 'in_stock' end`,
    ),
    el('manufacturer', xmlText('p.manufacturer')),
    el('state', xmlText('p.state')),
    el('warranty_months', 'p.warranty_months'),
    el('weight_grams', 'p.weight_grams'),
    `'<box_size width_mm="' || p.box_width_mm || '" height_mm="' || p.box_height_mm ` +
      `|| '" length_mm="' || p.box_length_mm || '"/>'`,
    list(
      'images',
      el('image', link(`(image ->> 'path')`), {
        thumbnail: linkAttr(`(image -> 'thumbnail' ->> 'path')`),
      }),
      'jsonb_array_elements(p.images) with ordinality as images(image, n)',
      'n',
    ),
    list(
      'categories',
      el('category', xmlText('ct.name'), { id: 'ct.category_id', slug: xmlAttr('ct.slug') }),
      // A subquery per link (offset 0 keeps it one): without statistics the planner would
      // otherwise read every English category for each product.
      `product_categories pc cross join lateral (select name, slug, category_id
        from category_translations where category_id = pc.category_id and locale = 'en' offset 0) ct
        where pc.product_id = p.id`,
      'ct.slug',
    ),
    list(
      'replaced_models',
      el('model', xmlText('model')),
      'unnest(p.replaced_models) with ordinality as models(model, n)',
      'n',
    ),
    list(
      'suitable_devices',
      el('device', xmlText('device')),
      'unnest(p.suitable_devices) with ordinality as devices(device, n)',
      'n',
    ),
    list(
      'specifications',
      el('spec', xmlText(`spec ->> 'value'`), { key: xmlAttr(`spec ->> 'key'`) }),
      'jsonb_array_elements(p.specifications) with ordinality as specs(spec, n)',
      'n',
    ),
  ];
  const element = `'<product id="' || p.id || '">' || ${parts.join('\n || ')} || '</product>'`;
  return sql`select p.id, ${sql.raw(element)} as xml
    from (${products}) p
    ${unitPrices ? sql`left join (${unitPrices}) bp on bp.product_id = p.id` : sql``}
    cross join lateral (select jsonb_object_agg(locale, title) as of
      from product_translations where product_id = p.id) titles
    order by p.id`;
}

/** A keyset page of rendered elements: active products after `afterId`, in id order. */
export async function readProductElements(
  db: Executor,
  rendering: FeedRendering,
  afterId: string | null,
  size: number,
): Promise<{ id: string; xml: string }[]> {
  const after = afterId === null ? sql`` : sql`and id > ${afterId}`;
  const page = sql`select * from products where is_active ${after} order by id limit ${size}`;
  // Both drivers (pg, PGlite) answer raw queries with `rows`.
  const result = await db.execute(productElements(rendering, page));
  return (result as unknown as { rows: { id: string; xml: string }[] }).rows;
}

/**
 * Every rendered element, one a line, as the bytes PostgreSQL sends: COPY's CSV with a
 * delimiter and a quote character the rendering strips, so no row is ever quoted or changed.
 * The connection is `pool`'s for the whole stream; a stream cut short (the client hung up)
 * closes it rather than reuse a connection in the middle of a COPY.
 */
export async function* copyProductElements(
  pool: pg.Pool,
  rendering: FeedRendering,
): AsyncGenerator<Buffer> {
  const elements = dialect.sqlToQuery(
    productElements(rendering, sql`select * from products where is_active order by id`),
  );
  if (elements.params.length) throw new Error('COPY takes no parameters');
  const query = `copy (select xml from (${elements.sql}) elements order by id)
    to stdout with (format csv, delimiter E'\\x01', quote E'\\x02')`;
  const client = await pool.connect();
  let rows: Readable | undefined;
  let finished = false;
  try {
    rows = client.query(copyTo(query));
    for await (const chunk of rows) yield chunk as Buffer;
    finished = true;
  } finally {
    if (finished) client.release();
    else {
      // Closing the connection fails the COPY once more; nobody is listening any longer.
      rows?.on('error', () => undefined);
      client.release(true);
    }
  }
}
