// Price lists benchmark (issue 24): the catalog answered to buyers of 2,000 companies spread over
// 500 price lists, at the catalog of `npm run bench:seed` (100,000 products). Adds the lists (each
// with category and manufacturer discounts and 200 fixed prices, half with a tier from 10 units)
// and the companies to that database, runs the API in its own process, and loads search,
// listings (every sort) and product pages with the tokens of buyers of many lists; a bare Fastify
// 'hello' process as the baseline in the same run. It reports; it never fails on a target.
// Run: DATABASE_URL=postgres://… npm run price-lists -w bench   (after bench:seed on that
// database; BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_BUYERS (signed in, default 200) change the load,
// BENCH_ONLY=product (a prefix of the kinds' names, comma-separated) runs only those kinds,
// BENCH_SORTS=price_asc,price_desc the listings in those sorts only)
import { PRODUCT_SORT_OPTIONS, type NestedCategory } from '@portal/contract';
import autocannon, { type Request } from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { hashPassword } from '../apps/api/src/platform/auth/passwords';
import { measuredRun, startApi, startChild, stopChild } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const signedIn = Number(process.env.BENCH_BUYERS ?? 200);
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const chosenSorts = (process.env.BENCH_SORTS ?? '').split(',').filter(Boolean);
const sorts = chosenSorts.length ? chosenSorts : PRODUCT_SORT_OPTIONS;
const LISTS = 500;
const COMPANIES = 2_000;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) throw new Error('DATABASE_URL must be PostgreSQL');
const jwtSecret = 'bench-jwt-secret-bench-jwt-secret-0001';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const database = await openDatabase(databaseUrl, config.dataDir);
await database.migrate();
const { db } = database;
const count = async (table: string) =>
  Number(
    (
      (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n ?? 0,
  );
if ((await count('products')) < 1000)
  throw new Error('run npm run bench:seed on this database first');

const started = performance.now();
if ((await count('price_lists')) < LISTS) {
  await db.execute(sql`insert into price_lists (name)
    select 'Bench list ' || g from generate_series(1, ${LISTS}) g`);
  // Two category discounts (one may be a root: its whole tree) and one manufacturer's per list.
  await db.execute(sql`insert into price_list_discounts (price_list_id, category_id, percent_bp)
    select l.id, c.id, 500 + (l.n * 37 + c.n * 11) % 2000
    from (select id, row_number() over (order by id) n from price_lists) l
    join (select id, row_number() over (order by id) n from categories) c
      on c.n % ${LISTS / 2} in (l.n % ${LISTS / 2}, (l.n + 7) % ${LISTS / 2})
    on conflict do nothing`);
  await db.execute(sql`insert into price_list_discounts (price_list_id, manufacturer, percent_bp)
    select l.id, m.manufacturer, 1000
    from (select id, row_number() over (order by id) n from price_lists) l
    join (select manufacturer, row_number() over (order by manufacturer) n
          from (select distinct manufacturer from products) d) m
      on m.n = 1 + l.n % (select count(distinct manufacturer) from products)
    on conflict do nothing`);
  // 200 products per list (every 500th, shifted per list), half with a tier from 10 units.
  await db.execute(sql`insert into price_list_prices (price_list_id, product_id, min_quantity, price_cents)
    select l.id, p.id, 1, (p.price_cents * 0.9)::int
    from (select id, price_cents, row_number() over (order by id) n from products) p
    join (select id, row_number() over (order by id) n from price_lists) l
      on p.n % ${LISTS} = l.n % ${LISTS}`);
  await db.execute(sql`insert into price_list_prices (price_list_id, product_id, min_quantity, price_cents)
    select price_list_id, product_id, 10, (price_cents * 0.9)::int
    from price_list_prices where min_quantity = 1 and hashtext(product_id::text) % 2 = 0`);
}
const passwordHash = await hashPassword(DEMO_PASSWORD, 12);
if ((await count(`companies where name like 'Bench priced %'`)) < COMPANIES) {
  await db.execute(sql`insert into companies (name, company_register_number, vat_number, country,
      city, postcode, street, house_number, status, price_list_id)
    select 'Bench priced ' || g, 'BP' || g, 'NL' || lpad(g::text, 9, '0') || 'B77', 'NL',
      'Utrecht', '3511 AB', 'Oudegracht', '1', 'active',
      (select id from price_lists order by id offset (g % ${LISTS}) limit 1)
    from generate_series(1, ${COMPANIES}) g`);
  await db.execute(sql`insert into users (company_id, email, first_name, last_name, role, status,
      password_hash)
    select c.id, 'bench-priced-' || substr(c.company_register_number, 3) || '@bench.test', 'Bench',
      c.company_register_number, 'owner', 'active', ${passwordHash}
    from companies c where c.name like 'Bench priced %'`);
}
const products = (
  (await db.execute(
    sql`select sku from products where is_active order by id limit 2000`,
  )) as unknown as {
    rows: { sku: string }[];
  }
).rows.map((row) => row.sku);
await database.close();
console.log(
  `${LISTS} price lists, ${COMPANIES} companies ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const api = await startApi({
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  JWT_SECRET: jwtSecret,
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT_MAX: '100000',
});
try {
  await run(api.base, api.child.pid ?? 0);
} finally {
  await stopChild(api.child);
}

async function signIn(base: string, email: string): Promise<string> {
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
  return ((await signin.json()) as { access_token: string }).access_token;
}

/** Asks each request once (a POST when it has a body), eight at a time. */
async function askAll(base: string, token: string, requests: { path: string; body?: string }[]) {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { path, body } = requests[next++]!;
      const answer = await fetch(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          'accept-encoding': 'gzip',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body,
      });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function run(base: string, apiPid: number) {
  const tokens: string[] = [];
  for (let i = 1; i <= signedIn; i++) {
    // Spread over the lists: buyers of companies 1, 11, 21… (lists 1, 11, 21…).
    tokens.push(await signIn(base, `bench-priced-${1 + ((i * 10) % COMPANIES)}@bench.test`));
  }
  const tree = (await (
    await fetch(`${base}/api/categories/nested-categories?locale=en`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    })
  ).json()) as { nestedCategories: NestedCategory[] };
  const categoryIds: string[] = [];
  const walk = (nodes: NestedCategory[]) => {
    for (const node of nodes) {
      categoryIds.push(node._id);
      walk(node.children);
    }
  };
  walk(tree.nestedCategories);
  const words = ['battery', 'charger', 'solar', 'lithium', 'panel', 'usb', 'bat', 'sol', 'cha'];
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

  const hello = await startChild('bench/hello-server.ts', {}, '/');
  let helloLine: string;
  try {
    const bare = await autocannon({ url: hello.base, connections, duration: seconds });
    helloLine = `${Math.round(bare.requests.average)} req/s, p99 ${bare.latency.p99} ms`;
  } finally {
    await stopChild(hello.child);
  }

  // The same requests by the demo owner, whose company has no list: catalog prices, as before.
  const catalogToken = await signIn(base, 'owner@demo.test');
  // Every catalog answer the runs ask (the same for every buyer) is asked once first, as a shop
  // open for a while holds them: the runs measure the buyers' prices, not the first reading of
  // each product's details, which whichever kind ran first paid.
  const pages = [1, 2, 3];
  await askAll(base, catalogToken, [
    ...words.map((word) => ({ path: `/api/products?search=${word}&limit=8&locale=en` })),
    ...categoryIds.flatMap((category) =>
      sorts.flatMap((sort) =>
        pages.map((page) => ({
          path: '/api/products/advanced-filter',
          body: JSON.stringify({ category, sort, page, limit: 24, locale: 'en' }),
        })),
      ),
    ),
    ...products.map((sku) => ({ path: `/api/products/sku/${encodeURIComponent(sku)}?locale=en` })),
  ]);

  const kinds: [string, number, (request: Request) => Request][] = [
    [
      'search',
      25,
      (request) => ({
        ...request,
        method: 'GET',
        path: `/api/products?search=${pick(words)}&limit=8&locale=en`,
        headers: { ...request.headers, authorization: `Bearer ${pick(tokens)}` },
      }),
    ],
    [
      'listing',
      30,
      (request) => ({
        ...request,
        method: 'POST',
        path: '/api/products/advanced-filter',
        body: JSON.stringify({
          category: pick(categoryIds),
          sort: pick(sorts),
          page: pick(pages),
          limit: 24,
          locale: 'en',
        }),
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          authorization: `Bearer ${pick(tokens)}`,
        },
      }),
    ],
    [
      'product page',
      10,
      (request) => ({
        ...request,
        method: 'GET',
        path: `/api/products/sku/${encodeURIComponent(pick(products))}?locale=en`,
        headers: { ...request.headers, authorization: `Bearer ${pick(tokens)}` },
      }),
    ],
  ];
  console.log(
    `PostgreSQL, API in its own process, ${connections} connections, ${seconds} s per kind, ` +
      `${signedIn} buyers of ${Math.min(signedIn, LISTS)} lists; hello ${helloLine}`,
  );
  console.log('| kind | req/s | p50 | p99 (target) | failures | API CPU per request |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const asCatalogBuyer = (setupRequest: (request: Request) => Request) => (request: Request) => {
    const made = setupRequest(request);
    return { ...made, headers: { ...made.headers, authorization: `Bearer ${catalogToken}` } };
  };
  const runs: [string, number, (request: Request) => Request][] = kinds.flatMap(
    ([kind, target, setupRequest]) => [
      [kind, target, setupRequest] as [string, number, (request: Request) => Request],
      [`${kind}, no price list`, target, asCatalogBuyer(setupRequest)] as [
        string,
        number,
        (request: Request) => Request,
      ],
    ],
  );
  for (const [kind, target, setupRequest] of runs) {
    if (only.length > 0 && !only.some((name) => kind.startsWith(name))) continue;
    const options = {
      url: base,
      connections,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      requests: [{ setupRequest }],
    };
    const { result, cpu } = await measuredRun(options, seconds, apiPid);
    const failures = result.errors + result.non2xx;
    console.log(
      `| ${kind} | ${Math.round(result.requests.average).toLocaleString('en')} | ` +
        `${result.latency.p50} ms | ${result.latency.p99} ms (${target} ms) | ${failures} | ` +
        `${cpu.apiMs.toFixed(2)} ms |`,
    );
  }
}
