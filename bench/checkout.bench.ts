// Checkout benchmark (issue 4): add-to-cart throughput with autocannon, then place-order latency
// with every buyer checking out at once in waves of BENCH_CONNECTIONS. Boots the real app on a
// fresh embedded database, or on BENCH_DATABASE_URL (an empty PostgreSQL database).
// Run: npm run checkout -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_BUYERS change the load)
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { companies, products, settings, users } from '../apps/api/src/db/schema';
import { seedCatalog } from '../apps/api/src/db/seed/catalog';
import { DEFAULT_PRODUCT_SETTINGS } from '../apps/api/src/db/seed/catalog';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { hashPassword } from '../apps/api/src/platform/auth/passwords';
import { buildApp } from '../apps/api/src/server';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 256);

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'memory://',
  DATA_DIR: path.join(tmpdir(), 'portal-bench'),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  SCRYPT_COST_LOG2: '12',
  AUTH_RATE_LIMIT_MAX: '100000',
  PORT: '0',
});
const database = await openDatabase(config.databaseUrl, config.dataDir);
await database.migrate();
await seedDemo(database.db, config.scryptCostLog2);
await seedCatalog(database.db, { products: 300 });
const db = database.db;
// One unit is a valid order here: the bench measures the path, not the shop's minimums.
await db
  .update(settings)
  .set({ value: { ...DEFAULT_PRODUCT_SETTINGS, min_cart_amount: 0, min_cart_quantity: 1 } })
  .where(eq(settings.code, 'product_settings'));
const stocked = await db.select({ id: products.id }).from(products).limit(20);
for (const { id } of stocked) {
  await db
    .update(products)
    .set({ quantity: 10_000_000, isInStock: true })
    .where(eq(products.id, id));
}
const productIds = stocked.map((row) => row.id);

const app = await buildApp({ config, db });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
// As main.ts does at start: the catalog index is built before the first buyer's request.
await app.catalog.snapshot();

async function call(method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(`${address}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A company with an owner and a default delivery address: one buyer. */
async function createBuyer(passwordHash: string) {
  const suffix = randomBytes(5).toString('hex');
  const [company] = await db
    .insert(companies)
    .values({
      name: `Bench ${suffix}`,
      companyRegisterNumber: suffix,
      vatNumber: `NL${suffix}B01`,
      country: 'NL',
      city: 'Utrecht',
      postcode: '3511 AB',
      street: 'Oudegracht',
      houseNumber: '1',
      status: 'active',
    })
    .returning({ id: companies.id });
  const email = `bench-${suffix}@bench.test`;
  await db.insert(users).values({
    companyId: company!.id,
    email,
    firstName: 'Bench',
    lastName: suffix,
    role: 'owner',
    status: 'active',
    passwordHash,
  });
  const signin = await fetch(`${address}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await signin.json()) as { access_token: string };
  const delivery = await call('POST', '/api/addresses/delivery', token, {
    company_name: `Bench ${suffix}`,
    street: 'Oudegracht',
    house_number: '1',
    zip_code: '3511 AB',
    city: 'Utrecht',
    country: 'NL',
  });
  return { token, address: delivery._id as string };
}

const passwordHash = await hashPassword(DEMO_PASSWORD, config.scryptCostLog2);
const buyers: { token: string; address: string }[] = [];
for (let i = 0; i < buyerCount; i++) buyers.push(await createBuyer(passwordHash));
console.log(`${database.kind}, ${connections} connections, ${buyerCount} buyers`);

let next = 0;
const addToCart = await autocannon({
  url: `${address}/api/carts/create-or-update`,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const buyer = buyers[next++ % buyers.length]!;
        const product = productIds[next % productIds.length]!;
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${buyer.token}`,
          },
          body: JSON.stringify({ product_id: product, quantity: 1, mode: 'add' }),
        };
      },
    },
  ],
});
console.log(
  `add to cart: ${Math.round(addToCart.requests.average)} req/s, latency p50 ${addToCart.latency.p50} ms, ` +
    `p99 ${addToCart.latency.p99} ms, errors ${addToCart.errors}, non-2xx ${addToCart.non2xx}`,
);

// Place-order: every buyer's cart holds a few lines; they check out in waves of `connections`.
for (const buyer of buyers) {
  await call('DELETE', '/api/carts/clear-my-cart', buyer.token);
  for (const product of productIds.slice(0, 3)) {
    await call('POST', '/api/carts/create-or-update', buyer.token, {
      product_id: product,
      quantity: 2,
    });
  }
}
const latencies: number[] = [];
let failures = 0;
const started = Date.now();
for (let i = 0; i < buyers.length; i += connections) {
  await Promise.all(
    buyers.slice(i, i + connections).map(async (buyer) => {
      const begin = performance.now();
      const response = await fetch(`${address}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
        body: JSON.stringify({ delivery_address_id: buyer.address, payment_method: 'ideal' }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      if (response.status !== 201) failures++;
    }),
  );
}
const elapsed = (Date.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
console.log(
  `place order: ${Math.round(latencies.length / elapsed)} orders/s, latency p50 ${at(0.5).toFixed(1)} ms, ` +
    `p99 ${at(0.99).toFixed(1)} ms, failures ${failures}`,
);

await app.close();
await database.close();
