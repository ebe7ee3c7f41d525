// Two API processes behind nginx on one PostgreSQL with Redis, started by the same code as
// `npm run cluster` (ops/cluster.ts), from the build (`npm run build` first). CI runs it after
// the browser journeys: npm run test:cluster. CLUSTER_DATABASE_URL names the server (the local
// one by default); the test makes a database of its own there and drops it at the end.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { StaffProduct } from '@portal/contract';
import { openDatabase } from '../apps/api/src/db/client';
import { companies, products, settings, users } from '../apps/api/src/db/schema';
import { DEFAULT_PRODUCT_SETTINGS, seedCatalog } from '../apps/api/src/db/seed/catalog';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { hashPassword } from '../apps/api/src/platform/auth/passwords';
import { migrate, scratchDatabase, startCluster, type Cluster } from './cluster';

/** The test's own Redis database (emptied at the start): rate-limit counters of earlier runs. */
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const SIGN_IN_LIMIT = 120;
const BUYERS = 50;
const LAST_UNITS = 10;
const SCRYPT_COST_LOG2 = 12;

const env: Record<string, string> = {
  REDIS_URL,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  // Demo settings on purpose: the buyers pay with the simulated provider, no mail leaves.
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  SEED_DEMO: 'false',
  SCRYPT_COST_LOG2: String(SCRYPT_COST_LOG2),
  AUTH_RATE_LIMIT_MAX: String(SIGN_IN_LIMIT),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
  LOG_LEVEL: 'warn',
};

interface Buyer {
  email: string;
  token: string;
  address: string;
}

let database: Awaited<ReturnType<typeof scratchDatabase>>;
let cluster: Cluster;
let dir: string;
let admin: string;
const buyers: Buyer[] = [];
/** The product with the last units, and one with plenty. */
let scarce: { id: string; sku: string };
let plenty: { id: string; sku: string; quantity: number };

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Requests sent again because nginx closed their kept-alive connection before any answer. */
let resent = 0;

/**
 * One request, as a browser sends it: when the kept-alive connection it went out on was closed
 * or reset with no answer (nginx's old workers close their idle connections on a reload, with a
 * reset when the request arrives as they close), the request never reached an API process, and
 * it goes again (Chromium does the same for any method on a reused connection); a few times, as
 * the next pooled connection may be closing too.
 */
async function call(
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
  retries = 3,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: Error) => {
    const code = (error.cause as { code?: string } | undefined)?.code;
    const closedUnanswered = code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
    if (!retries || !closedUnanswered) throw error;
    resent++;
    return undefined;
  });
  if (!response) return call(method, url, token, body, retries - 1);
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

async function signIn(email: string, password = DEMO_PASSWORD) {
  return call('POST', `${cluster.url}/api/auth/signin`, undefined, { email, password });
}

/** Runs `work` for each item, `concurrency` at a time. */
async function eachLimited<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Orders missing a line, an event or a payment, and the stock of `product` not accounted for. */
async function halfMadeOrders(product: { id: string; quantity: number }) {
  const [broken] = await sql<{ count: string }>(
    `select count(*) from orders o
      where not exists (select 1 from order_lines l where l.order_id = o.id)
         or not exists (select 1 from order_events e where e.order_id = o.id)
         or not exists (select 1 from payments p where p.order_id = o.id)`,
  );
  const [stock] = await sql<{ left: number; ordered: string }>(
    `select p.quantity as left,
            coalesce((select sum(l.quantity) from order_lines l where l.product_id = p.id), 0) as ordered
       from products p where p.id = $1`,
    [product.id],
  );
  return {
    broken: Number(broken!.count),
    unaccounted: product.quantity - stock!.left - Number(stock!.ordered),
  };
}

/**
 * Buyers browse, add to their cart and place orders through nginx until `until` resolves; each
 * answer is kept with when its request started.
 */
async function load(until: Promise<unknown>) {
  const answers: { started: number; status: number; what: string; error?: string }[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const workers = 10;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const mine = buyers.filter((_, index) => index % workers === worker);
      for (let round = 0; !done; round++) {
        const buyer = mine[round % mine.length]!;
        const steps: [string, string, unknown?][] = [
          ['GET', '/api/products?search=battery&limit=5'],
          ['POST', '/api/carts/create-or-update', { product_id: plenty.id, quantity: 1 }],
          ['POST', '/api/orders', { delivery_address_id: buyer.address, payment_method: 'ideal' }],
        ];
        for (const [method, url, body] of steps) {
          const started = Date.now();
          const what = `${method} ${url}`;
          await call(method, `${cluster.url}${url}`, buyer.token, body).then(
            ({ status }) => answers.push({ started, status, what }),
            (error: Error) =>
              answers.push({ started, status: 0, what, error: String(error.cause ?? error) }),
          );
        }
      }
    }),
  );
  return answers;
}

const failed = (answers: { status: number }[]) =>
  answers.filter(({ status }) => status === 0 || status >= 500);

describe('two API processes behind nginx', { timeout: 600_000 }, () => {
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
    database = await scratchDatabase(`portal_cluster_${Date.now()}_${process.pid}`);
    env.DATABASE_URL = database.url;
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();

    await migrate({ ...env, APP_URL: 'http://127.0.0.1' });
    const opened = await openDatabase(database.url, dir);
    const { db } = opened;
    await seedDemo(db, SCRYPT_COST_LOG2);
    await seedCatalog(db, { products: 200 });
    // One unit is an order here: the test is about processes, not the shop's minimums.
    await db
      .update(settings)
      .set({ value: { ...DEFAULT_PRODUCT_SETTINGS, min_cart_amount: 0, min_cart_quantity: 1 } })
      .where(eq(settings.code, 'product_settings'));
    const [first, second] = await db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.sku)
      .limit(2);
    scarce = first!;
    plenty = { ...second!, quantity: 1_000_000 };
    await db
      .update(products)
      .set({ quantity: LAST_UNITS, isInStock: true })
      .where(eq(products.id, scarce.id));
    await db
      .update(products)
      .set({ quantity: plenty.quantity, isInStock: true })
      .where(eq(products.id, plenty.id));
    const passwordHash = await hashPassword(DEMO_PASSWORD, SCRYPT_COST_LOG2);
    for (let i = 0; i < BUYERS; i++) {
      const suffix = `${i}-${randomBytes(3).toString('hex')}`;
      const [company] = await db
        .insert(companies)
        .values({
          name: `Cluster buyer ${suffix}`,
          companyRegisterNumber: suffix,
          vatNumber: `NL${String(100000000 + i)}B01`,
          country: 'NL',
          city: 'Utrecht',
          postcode: '3511 AB',
          street: 'Oudegracht',
          houseNumber: String(i + 1),
          status: 'active',
        })
        .returning({ id: companies.id });
      const email = `buyer-${suffix}@cluster.test`;
      await db.insert(users).values({
        companyId: company!.id,
        email,
        firstName: 'Buyer',
        lastName: suffix,
        role: 'owner',
        status: 'active',
        passwordHash,
      });
      buyers.push({ email, token: '', address: '' });
    }
    await opened.close();
    cluster = await startCluster({ env, dir });
  });

  after(async () => {
    await cluster?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the sign-in rate limit across both processes (Redis)', async () => {
    const admin_ = await signIn('admin@demo.test');
    assert.equal(admin_.status, 200, JSON.stringify(admin_.json));
    admin = admin_.json.access_token as string;
    await eachLimited(buyers, 8, async (buyer) => {
      const answer = await signIn(buyer.email);
      assert.equal(answer.status, 200, JSON.stringify(answer.json));
      buyer.token = answer.json.access_token as string;
    });
    let sent = 1 + buyers.length;
    for (;;) {
      const answer = await signIn(`nobody-${sent}@cluster.test`, 'Wrong-Password-2026');
      if (answer.status === 429) break;
      assert.equal(answer.status, 401);
      sent++;
      assert.ok(sent <= SIGN_IN_LIMIT * 2, 'no 429 even after twice the limit');
    }
    // One process alone would have let its own 120 through: the count is the cluster's.
    assert.equal(sent, SIGN_IN_LIMIT);
    const signIns = cluster
      .accessLog()
      .split('\n')
      .filter((line) => line.includes('POST /api/auth/signin'));
    for (const api of cluster.apis) {
      assert.ok(
        signIns.some((line) => line.includes(`upstream=127.0.0.1:${api.port}`)),
        `no sign-in reached the process on port ${api.port}`,
      );
    }
  });

  it('shows a staff price change through both processes within 2 seconds', async () => {
    const { json: product } = await call(
      'GET',
      `${cluster.url}/api/admin/products/${plenty.id}`,
      admin,
    );
    const {
      quantity: _q,
      images: _i,
      slug: _s,
      views: _v,
      buyers: _b,
      ordered: _o,
      created_at: _c,
      updated_at: _u,
      _id,
      ...input
    } = product as unknown as StaffProduct;
    const price = 1234.56;
    const changed = await call('PUT', `${cluster.url}/api/admin/products/${plenty.id}`, admin, {
      ...input,
      price,
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    const since = Date.now();
    const seenAfter = await Promise.all(
      cluster.apis.map(async (api) => {
        while (Date.now() - since < 10_000) {
          const { json } = await call('GET', `${api.url}/api/products/sku/${plenty.sku}`, admin);
          if (json.price === price) return Date.now() - since;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return Infinity;
      }),
    );
    for (const ms of seenAfter) assert.ok(ms <= 2_000, `seen after ${ms} ms`);
  });

  it(`gives ${BUYERS} buyers ordering the last ${LAST_UNITS} units ${LAST_UNITS} orders`, async () => {
    await eachLimited(buyers, 8, async (buyer) => {
      const address = await call('POST', `${cluster.url}/api/addresses/delivery`, buyer.token, {
        company_name: 'Cluster buyer',
        street: 'Oudegracht',
        house_number: '1',
        zip_code: '3511 AB',
        city: 'Utrecht',
        country: 'NL',
      });
      assert.equal(address.status, 201, JSON.stringify(address.json));
      buyer.address = address.json._id as string;
      const added = await call('POST', `${cluster.url}/api/carts/create-or-update`, buyer.token, {
        product_id: scarce.id,
        quantity: 1,
      });
      assert.equal(added.status, 200, JSON.stringify(added.json));
    });
    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('POST', `${cluster.url}/api/orders`, buyer.token, {
          delivery_address_id: buyer.address,
          payment_method: 'ideal',
        }),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    assert.equal(statuses.filter((status) => status === 201).length, LAST_UNITS);
    assert.equal(statuses.filter((status) => status === 409).length, BUYERS - LAST_UNITS);
    const [left] = await sql<{ quantity: number }>('select quantity from products where id = $1', [
      scarce.id,
    ]);
    assert.equal(left!.quantity, 0);
    assert.deepEqual(await halfMadeOrders({ id: scarce.id, quantity: LAST_UNITS }), {
      broken: 0,
      unaccounted: 0,
    });
    // The buyers who came too late empty their carts for what follows.
    await eachLimited(buyers, 8, async (buyer) => {
      await call('DELETE', `${cluster.url}/api/carts/clear-my-cart`, buyer.token);
    });
  });

  it('keeps serving when a process is killed mid-load, with no order half-made', async () => {
    let killedAt = Infinity;
    const answers = await load(
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        killedAt = Date.now();
        await cluster.stopProcess(0, 'SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 3_000));
      })(),
    );
    const afterKill = answers.filter(({ started }) => started > killedAt + 250);
    assert.ok(afterKill.length > 50, `only ${afterKill.length} requests after the kill`);
    assert.deepEqual(failed(afterKill), []);
    assert.ok(answers.some(({ what, status }) => what === 'POST /api/orders' && status === 201));
    assert.deepEqual(await halfMadeOrders(plenty), { broken: 0, unaccounted: 0 });
    await cluster.startProcess(0);
  });

  it('answers no 5xx while both processes are restarted one after the other', async () => {
    const answers = await load(cluster.rollingRestart());
    assert.ok(answers.length > 100, `only ${answers.length} requests during the restart`);
    assert.deepEqual(failed(answers), []);
    console.log(
      `rolling restart: ${answers.length} requests, none failed, ${resent} sent again after nginx closed an idle connection`,
    );
    assert.deepEqual(await halfMadeOrders(plenty), { broken: 0, unaccounted: 0 });
    const ready = await Promise.all(
      cluster.apis.map(async (api) => (await fetch(`${api.url}/api/ready`)).status),
    );
    assert.deepEqual(ready, [200, 200]);
  });
});
