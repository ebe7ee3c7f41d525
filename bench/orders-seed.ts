// Orders benchmark data set (issue 5): BENCH_ORDERS (default 1,000,000) orders in BENCH_DATABASE_URL
// (PostgreSQL only), spread over BENCH_COMPANIES (default 4,000) generated companies, except one
// order in 100 which belongs to the demo company Demo Energy BV (10,000 of 1,000,000), so the
// bench signs in as owner@demo.test. Order lines (1 to 4 per order, real catalog products),
// an invoice for every paid order (processing, completed, closed), numbered YYYY-NNNNNN without
// gaps per year with document_counters set to each year's last number, and the demo company's
// members' notifications (new_order, new_invoice, order_is_shipped: about 20,000 for the owner).
//
// Everything is bulk SQL (INSERT ... SELECT generate_series) on one connection; generated ids
// are md5 of a fixed label and the order index, dates count back from a fixed moment: two runs
// give the same data (the demo accounts' ids come from the app's seed). The app's migrations
// and demo seed run first; the lists' kept counts are set at the end. A database that already
// has orders is refused; BENCH_RESET=1 drops its schema and starts again.
// Run: createdb -h 127.0.0.1 -U postgres portal_bench_orders
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench_orders npm run bench:orders-seed
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { seedCatalog } from '../apps/api/src/db/seed/catalog';
import { seedDemo } from '../apps/api/src/db/seed/demo';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  throw new Error('BENCH_DATABASE_URL must name a PostgreSQL database (postgres://…)');
}
const totalOrders = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const companyCount = Number(process.env.BENCH_COMPANIES ?? 4_000);
for (const [name, value] of [
  ['BENCH_ORDERS', totalOrders],
  ['BENCH_COMPANIES', companyCount],
] as const) {
  if (!Number.isInteger(value) || value < 100) throw new Error(`${name}: an integer ≥ 100`);
}
/** The newest order is placed at this moment; each older one 90 seconds before the next. */
const NEWEST = '2026-11-01T00:00:00Z';

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

const client = new pg.Client({ connectionString: url });
await client.connect();
const run = async (label: string, text: string, values: unknown[] = []) => {
  const result = await client.query(text, values);
  if (label) console.log(`  ${label}: ${result.rowCount ?? 0} rows, ${elapsed()}`);
  return result;
};

const hasTable = await client.query<{ t: boolean }>(
  `select to_regclass('public.orders') is not null as t`,
);
const hasOrders =
  hasTable.rows[0]?.t && (await client.query('select 1 from orders limit 1')).rowCount;
if (hasOrders) {
  if (process.env.BENCH_RESET !== '1') {
    console.log('this database already has orders: nothing done (BENCH_RESET=1 starts it again)');
    await client.end();
    process.exit(0);
  }
  console.log('BENCH_RESET=1: dropping the schema');
  await client.query(
    'drop schema public cascade; create schema public; drop schema if exists drizzle cascade',
  );
}

// The app's own way in: migrations, demo accounts, the default 2,000-product demo catalog.
const config = loadConfig({ ...process.env, DATABASE_URL: url });
const database = await openDatabase(url, config.dataDir);
await database.migrate();
await seedDemo(database.db, config.scryptCostLog2);
await seedCatalog(database.db, { products: config.seedCatalogProducts });
await database.close();
console.log(`migrated, demo accounts and catalog seeded, ${elapsed()}`);

// The data is consistent by construction: skip the per-row foreign key triggers of this session.
await client.query(`set session_replication_role = replica`);
await client.query(`set synchronous_commit = off`);
await client.query(`set work_mem = '256MB'`);
await client.query(`set maintenance_work_mem = '512MB'`);

const demo = await client.query<{ company: string; owner: string; purchaser: string }>(`
  select u.company_id as company,
         (select id from users where email = 'owner@demo.test') as owner,
         (select id from users where email = 'purchaser@demo.test') as purchaser
  from users u where u.email = 'owner@demo.test'`);
const { company: demoCompany, owner: demoOwner, purchaser: demoPurchaser } = demo.rows[0]!;

// Ids from a label: md5 with the version (4) and variant nibbles of a valid UUID.
await client.query(`create function pg_temp.bench_uuid(label text) returns uuid language sql immutable
  as $$ select (substr(md5(label), 1, 12) || '4' || substr(md5(label), 14, 3) || '8' ||
                substr(md5(label), 18, 15))::uuid $$`);
await client.query('begin');
// Catalog products by index, with their English title.
await run(
  'products',
  `create temp table bp on commit drop as
   select (row_number() over (order by p.sku))::int - 1 as idx, p.id, p.sku, t.title,
          p.price_cents, p.weight_grams
   from products p join product_translations t on t.product_id = p.id and t.locale = 'en'`,
);
await client.query(`create unique index on bp (idx); analyze bp`);
const productCount = (await client.query<{ n: number }>(`select count(*)::int as n from bp`))
  .rows[0]!.n;

await run(
  'companies',
  `insert into companies (id, name, company_register_number, vat_number, country, city, postcode,
                          street, house_number, status, registered_at, reviewed_at, created_at, updated_at)
   select pg_temp.bench_uuid('bench-company-' || k), 'Bench Company ' || lpad(k::text, 5, '0'),
          'KVK' || lpad(k::text, 8, '0'),
          case k % 4 when 0 then 'NL' || lpad(k::text, 9, '0') || 'B01'
                     when 1 then 'DE' || lpad(k::text, 9, '0')
                     when 2 then 'BE0' || lpad(k::text, 9, '0')
                     else 'FR11' || lpad(k::text, 9, '0') end,
          (array['NL','DE','BE','FR'])[k % 4 + 1], 'City ' || k, lpad((k % 9000 + 1000)::text, 4, '0'),
          'Bench Street', (k % 200 + 1)::text, 'active',
          timestamptz '2023-01-01', timestamptz '2023-01-02', timestamptz '2023-01-01', timestamptz '2023-01-02'
   from generate_series(1, $1::int) k`,
  [companyCount],
);
await run(
  'owners of the generated companies',
  `insert into users (id, company_id, email, first_name, last_name, role, status)
   select pg_temp.bench_uuid('bench-user-' || k), pg_temp.bench_uuid('bench-company-' || k),
          'owner-' || k || '@bench.test', 'Owner', 'Bench ' || k, 'owner', 'active'
   from generate_series(1, $1::int) k`,
  [companyCount],
);
// One row per order: who, when, status, how many lines. n = 1 is the oldest order.
await run(
  'order plan',
  `create temp table bo on commit drop as
   select n,
          pg_temp.bench_uuid('bench-order-' || n) as id,
          (1000000000 + n)::text as order_number,
          case when n % 100 = 0 then $2::uuid
               else pg_temp.bench_uuid('bench-company-' || (1 + (hashint4(n) & 2147483647) % $5::int)) end as company_id,
          case when n % 100 = 0 then (case when n % 300 = 0 then $3::uuid else $4::uuid end)
               else pg_temp.bench_uuid('bench-user-' || (1 + (hashint4(n) & 2147483647) % $5::int)) end as user_id,
          timestamptz '${NEWEST}' - ($1::int - n) * interval '90 seconds' as created_at,
          case when (hashint4(n * 7) & 2147483647) % 100 < 10 then 'pending'
               when (hashint4(n * 7) & 2147483647) % 100 < 25 then 'processing'
               when (hashint4(n * 7) & 2147483647) % 100 < 75 then 'completed'
               when (hashint4(n * 7) & 2147483647) % 100 < 85 then 'closed'
               when (hashint4(n * 7) & 2147483647) % 100 < 95 then 'canceled'
               else 'failed' end as status,
          (array['banktransfer','paypal','checkout','creditcard','bancontact','billie','ideal'])[n % 7 + 1] as payment_method,
          1 + n % 4 as line_count
   from generate_series(1, $1::int) n`,
  [totalOrders, demoCompany, demoOwner, demoPurchaser, companyCount],
);
await client.query(`create unique index on bo (n); analyze bo`);

await run(
  'line plan',
  `create temp table bl on commit drop as
   select bo.n, bo.id as order_id, pos, p.id as product_id, p.sku, p.title, p.price_cents,
          1 + (n * 7 + pos * 3) % 10 as quantity, p.weight_grams
   from bo cross join lateral generate_series(1, bo.line_count) pos
   join bp p on p.idx = (bo.n * 31 + pos * 17) % $1::int`,
  [productCount],
);
await client.query(`create index on bl (n); analyze bl`);

await run(
  'orders',
  `with sums as (
     select n, sum(price_cents * quantity)::int as subtotal, sum(weight_grams * quantity)::int as weight
     from bl group by n
   ), addr as (
     select c.id, c.country,
            jsonb_build_object('company_name', c.name, 'vat_number', c.vat_number, 'street', c.street,
              'house_number', c.house_number, 'zip_code', c.postcode, 'city', c.city,
              'country', c.country, 'phone', null, 'mobile_phone', null, 'email', null,
              'additional_information', null) as snapshot
     from companies c
   )
   insert into orders (id, order_number, company_id, user_id, status, payment_method, currency,
     subtotal_cents, shipping_cents, tax_cents, total_cents, vat_rate_bp, vat_mode, vat_mention,
     shipping_method, weight_grams, delivery_days, tracking_number, carrier, shipped_at,
     delivery_address, invoice_address, locale, paid_at, stock_released_at, created_at, updated_at)
   select bo.id, bo.order_number, bo.company_id, bo.user_id, bo.status, bo.payment_method, 'EUR',
     s.subtotal, 1500,
     case when a.country = 'NL' then round((s.subtotal + 1500) * 0.21)::int else 0 end,
     s.subtotal + 1500 + case when a.country = 'NL' then round((s.subtotal + 1500) * 0.21)::int else 0 end,
     case when a.country = 'NL' then 2100 else 0 end,
     case when a.country = 'NL' then 'domestic' else 'reverse_charge' end,
     case when a.country = 'NL' then null else 'VAT reverse charged (Article 196, Directive 2006/112/EC)' end,
     'Standard', s.weight, case when bo.payment_method = 'banktransfer' then 5 else 2 end,
     case when bo.status in ('completed', 'closed') then '3SBENCH' || bo.n end,
     case when bo.status in ('completed', 'closed') then 'PostNL' end,
     case when bo.status in ('completed', 'closed') then bo.created_at + interval '1 day' end,
     a.snapshot, a.snapshot, 'en',
     case when bo.status in ('processing', 'completed', 'closed') then bo.created_at + interval '10 minutes' end,
     case when bo.status in ('canceled', 'failed') then bo.created_at + interval '30 minutes' end,
     bo.created_at, bo.created_at + interval '1 day'
   from bo join sums s on s.n = bo.n join addr a on a.id = bo.company_id
   order by bo.n`,
);
await run(
  'order lines',
  `insert into order_lines (id, order_id, product_id, position, sku, title, unit_price_cents,
                            quantity, subtotal_cents, weight_grams)
   select pg_temp.bench_uuid('bench-line-' || n || '-' || pos), order_id, product_id, pos, sku, title,
          price_cents, quantity, price_cents * quantity, weight_grams * quantity
   from bl order by n, pos`,
);
await client.query(`select setval('order_number_seq', $1::bigint)`, [1000000000 + totalOrders]);

// Invoices of the paid orders, numbered per year in the order they were paid.
await run(
  'invoices',
  `insert into invoices (id, invoice_number, year, sequence, order_id, company_id, issued_at,
     bill_to_name, payment_method, subtotal_cents, shipping_cents, tax_cents, total_cents,
     vat_rate_bp, vat_mode, vat_mention, shipping_method, lines, shipping_address, billing_address)
   select pg_temp.bench_uuid('bench-invoice-' || x.n),
          x.year || '-' || lpad(x.sequence::text, 6, '0'), x.year, x.sequence, o.id, o.company_id,
          o.paid_at, o.invoice_address ->> 'company_name', o.payment_method, o.subtotal_cents,
          o.shipping_cents, o.tax_cents, o.total_cents, o.vat_rate_bp, o.vat_mode, o.vat_mention,
          o.shipping_method,
          (select jsonb_agg(jsonb_build_object('sku', l.sku, 'title', l.title, 'quantity', l.quantity,
                    'unitPriceCents', l.price_cents, 'subtotalCents', l.price_cents * l.quantity)
                    order by l.pos)
           from bl l where l.n = x.n),
          o.delivery_address, o.invoice_address
   from (select bo.n, bo.id,
                extract(year from (bo.created_at + interval '10 minutes') at time zone 'UTC')::int as year,
                (row_number() over (partition by extract(year from (bo.created_at + interval '10 minutes') at time zone 'UTC')
                                    order by bo.n))::int as sequence
         from bo where bo.status in ('processing', 'completed', 'closed')) x
   join orders o on o.id = x.id
   order by x.n`,
);
await run(
  'invoice counters',
  `insert into document_counters (series, year, last_number)
   select 'invoice', year, max(sequence) from invoices group by year
   on conflict (series, year) do update set last_number = greatest(document_counters.last_number, excluded.last_number)`,
);

// The demo company's members hear of their orders as the app would have told them.
const detail = `jsonb_build_object('buyer', jsonb_build_object('_id', o.user_id, 'full_name', b.first_name || ' ' || b.last_name),
                                   'order', jsonb_build_object('_id', o.id, 'order_number', o.order_number))`;
await run(
  'demo notifications',
  `insert into notifications (id, user_id, company_id, type, happened_at, detail, seen_at, created_at)
   select pg_temp.bench_uuid('bench-notification-' || e.type || '-' || o.id || '-' || m.id), m.id, o.company_id, e.type,
          e.at, e.detail, e.at + interval '1 hour', e.at
   from orders o
   join users b on b.id = o.user_id
   join users m on m.company_id = o.company_id and m.status = 'active'
   cross join lateral (values
     ('new_order', o.created_at, ${detail}, true),
     ('new_invoice', o.paid_at, ${detail} || jsonb_build_object('invoice',
        (select jsonb_build_object('_id', i.id, 'invoice_number', i.invoice_number) from invoices i where i.order_id = o.id)),
      o.paid_at is not null and m.role in ('owner', 'accountant')),
     ('order_is_shipped', o.shipped_at, ${detail}, o.shipped_at is not null and m.role in ('owner', 'purchaser'))
   ) as e(type, at, detail, wanted)
   where o.company_id = $1 and e.wanted`,
  [demoCompany],
);
// The newest 25 of each member are still unseen: the bell has something to show.
await run(
  'unseen notifications',
  `update notifications set seen_at = null where id in (
     select id from (select id, row_number() over (partition by user_id order by happened_at desc, id desc) as r
                     from notifications where company_id = $1) x where r <= 25)`,
  [demoCompany],
);
// The kept list counts (migrations 0008 and 0010): their triggers are off in this session, so
// counted here.
for (const [table, key, columns, counted, source] of [
  ['company_order_counts', 'company_id, status', 'orders', 'count(*)::int', 'orders'],
  ['company_invoice_counts', 'company_id', 'invoices', 'count(*)::int', 'invoices'],
  [
    'user_notification_counts',
    'user_id',
    'notifications, unseen',
    'count(*)::int, (count(*) filter (where seen_at is null))::int',
    'notifications',
  ],
] as const) {
  await client.query(`delete from ${table}`);
  await run(
    table,
    `insert into ${table} (${key}, ${columns})
     select ${key}, ${counted} from ${source} group by ${key}`,
  );
}
await client.query('commit');
await client.query(`set session_replication_role = origin`);
console.log(`committed, ${elapsed()}; vacuum analyze`);
for (const table of ['companies', 'users', 'orders', 'order_lines', 'invoices', 'notifications']) {
  await client.query(`vacuum analyze ${table}`);
}
const counts = await client.query<{
  orders: number;
  demo: number;
  invoices: number;
  notes: number;
}>(
  `select (select count(*)::int from orders) as orders,
          (select count(*)::int from orders where company_id = $1) as demo,
          (select count(*)::int from invoices) as invoices,
          (select count(*)::int from notifications n join users u on u.id = n.user_id
            where u.email = 'owner@demo.test') as notes`,
  [demoCompany],
);
const row = counts.rows[0]!;
console.log(
  `seeded ${row.orders.toLocaleString('en')} orders (${row.demo.toLocaleString('en')} of Demo Energy BV), ` +
    `${row.invoices.toLocaleString('en')} invoices, ${row.notes.toLocaleString('en')} notifications ` +
    `for owner@demo.test, in ${elapsed()}`,
);
await client.end();
