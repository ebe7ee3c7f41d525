// Checkout benchmark (issues 4, 19): a bare Fastify 'hello' as the machine's baseline, add-to-cart
// throughput with autocannon, then place-order latency
// with every buyer checking out at once in waves of BENCH_CONNECTIONS, the first wave untimed as
// the warm-up, and the API's and PostgreSQL's CPU per order. Prepares a fresh embedded
// database in a temporary folder, or BENCH_DATABASE_URL (an empty PostgreSQL database), then runs
// the API in its own process in its production configuration, the load from this process.
// Run: npm run checkout -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_BUYERS change the load,
// BENCH_WARMUP_SECONDS=0 runs without warm-ups;
// BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API process)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
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
import { cpuMeter, startApi, startChild, stopChild, warmupFor } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const buyerCount = Number(process.env.BENCH_BUYERS ?? 256);

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const jwtSecret = 'bench-secret-bench-secret-bench-secret-00';
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  JWT_SECRET: jwtSecret,
  SCRYPT_COST_LOG2: '12',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
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

/** Companies with an owner each: the buyers, made in the database before the API starts. */
const passwordHash = await hashPassword(DEMO_PASSWORD, config.scryptCostLog2);
const emails: string[] = [];
for (let i = 0; i < buyerCount; i++) {
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
  emails.push(email);
}
// PGlite allows one process: the API opens the database once the bench has let go of it.
await database.close();

const api = await startApi({
  NODE_ENV: 'production',
  // Buyers pay with the simulated provider: acknowledged, as production refuses it otherwise.
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: jwtSecret,
  SEED_DEMO: 'false',
  AUTH_RATE_LIMIT_MAX: '100000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
});
const address = api.base;
try {
  await run();
} finally {
  await stopChild(api.child);
  rmSync(dataDir, { recursive: true, force: true });
}

async function run() {
  const buyers: { token: string; address: string }[] = [];
  for (const email of emails) {
    const signin = await fetch(`${address}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (!signin.ok) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { access_token: token } = (await signin.json()) as { access_token: string };
    const delivery = await call('POST', '/api/addresses/delivery', token, {
      company_name: 'Bench',
      street: 'Oudegracht',
      house_number: '1',
      zip_code: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
    });
    buyers.push({ token, address: delivery._id as string });
  }
  // The API builds the catalog index at start; a first call waits for it before the load.
  await call('GET', '/api/carts/my-cart', buyers[0]!.token);
  console.log(
    `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, API in its own process, ${connections} connections, ` +
      `${buyerCount} buyers`,
  );

  // The machine's baseline in the same run: a bare Fastify route in its own process.
  const hello = await startChild('bench/hello-server.ts', {}, '/');
  try {
    const bare = await autocannon({ url: hello.base, connections, duration: seconds });
    console.log(
      `hello (bare Fastify): ${Math.round(bare.requests.average)} req/s, latency p50 ${bare.latency.p50} ms, ` +
        `p99 ${bare.latency.p99} ms`,
    );
  } finally {
    await stopChild(hello.child);
  }

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
  /** One wave of checkouts at once; its orders' latencies recorded unless it is the warm-up. */
  const wave = (checkingOut: typeof buyers, timed: boolean) =>
    Promise.all(
      checkingOut.map(async (buyer) => {
        const begin = performance.now();
        const response = await fetch(`${address}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
          body: JSON.stringify({ delivery_address_id: buyer.address, payment_method: 'ideal' }),
        });
        await response.arrayBuffer();
        if (timed) latencies.push(performance.now() - begin);
        if (response.status !== 201) failures++;
      }),
    );
  // The first wave is the warm-up (untimed; none with BENCH_WARMUP_SECONDS=0): the place-order
  // code's first run took 1,260 ms where the next waves took 342 to 471 ms, and made the p99.
  const warmup = warmupFor(connections).warmup ? connections : 0;
  await wave(buyers.slice(0, warmup), false);
  const meter = cpuMeter(api.child.pid ?? 0);
  const started = Date.now();
  for (let i = warmup; i < buyers.length; i += connections) {
    await wave(buyers.slice(i, i + connections), true);
  }
  const elapsed = (Date.now() - started) / 1000;
  const cpu = meter(latencies.length);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    `place order: ${Math.round(latencies.length / elapsed)} orders/s, latency p50 ${at(0.5).toFixed(1)} ms, ` +
      `p99 ${at(0.99).toFixed(1)} ms, failures ${failures}, CPU per order: API ${cpu.apiMs.toFixed(2)} ms, ` +
      `PostgreSQL ${cpu.dbMs.toFixed(2)} ms`,
  );
}

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
