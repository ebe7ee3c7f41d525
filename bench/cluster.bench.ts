// Scale-out benchmark (issue 25): one API process behind nginx, then two, on one PostgreSQL with
// Redis (ops/cluster.ts, the topology of `npm run cluster`), catalog search and add to cart with
// autocannon from this process. On a 2-core machine PostgreSQL, nginx, the API processes and the
// load generator share the cores, so the ratio is bounded by them, not by the API.
// Run: npm run build, then npm run cluster -w bench   (BENCH_SECONDS, BENCH_CONNECTIONS change the
// load; CLUSTER_DATABASE_URL names the PostgreSQL server, the local one by default). It reports; it
// never fails on a target.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { companies, products, users } from '../apps/api/src/db/schema';
import { seedCatalog } from '../apps/api/src/db/seed/catalog';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { hashPassword } from '../apps/api/src/platform/auth/passwords';
import { migrate, scratchDatabase, startCluster } from '../ops/cluster';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-cluster-'));
const BUYERS = 64;
const COST = 12;

const scratch = await scratchDatabase(`portal_bench_cluster_${Date.now()}`);
const databaseUrl = scratch.url;
const env: Record<string, string> = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/14',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  PAYMENT_PROVIDER: 'simulated',
  ALLOW_DEMO_IN_PRODUCTION: '1',
  SEED_DEMO: 'false',
  SCRYPT_COST_LOG2: String(COST),
  AUTH_RATE_LIMIT_MAX: '100000',
  LOG_LEVEL: 'warn',
};

try {
  await migrate({ ...env, APP_URL: 'http://127.0.0.1' });
  const database = await openDatabase(databaseUrl, dir);
  await seedDemo(database.db, COST);
  await seedCatalog(database.db, { products: 2000 });
  const stocked = await database.db.select({ id: products.id }).from(products).limit(20);
  for (const { id } of stocked) {
    await database.db
      .update(products)
      .set({ quantity: 10_000_000, isInStock: true })
      .where(eq(products.id, id));
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD, COST);
  const emails: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const suffix = randomBytes(5).toString('hex');
    const [company] = await database.db
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
    await database.db.insert(users).values({
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
  await database.close();
  const productIds = stocked.map((row) => row.id);

  const results: { processes: number; what: string; rps: number; p50: number; p99: number }[] = [];
  for (const processes of [1, 2]) {
    const cluster = await startCluster({ env, dir: path.join(dir, `x${processes}`), processes });
    try {
      const tokens: string[] = [];
      for (const email of emails) {
        const response = await fetch(`${cluster.url}/api/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        tokens.push(((await response.json()) as { access_token: string }).access_token);
      }
      let next = 0;
      const runs = {
        'catalog search': {
          url: `${cluster.url}/api/products?search=battery&limit=20`,
          requests: [
            {
              method: 'GET' as const,
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: { authorization: `Bearer ${tokens[next++ % tokens.length]!}` },
              }),
            },
          ],
        },
        'add to cart': {
          url: `${cluster.url}/api/carts/create-or-update`,
          requests: [
            {
              method: 'POST' as const,
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${tokens[next++ % tokens.length]!}`,
                },
                body: JSON.stringify({
                  product_id: productIds[next % productIds.length],
                  quantity: 1,
                  mode: 'add',
                }),
              }),
            },
          ],
        },
      };
      for (const [what, options] of Object.entries(runs)) {
        // Untimed first: each process's catalog answers and prepared statements are warm.
        await autocannon({ ...options, connections, duration: 2 });
        const result = await autocannon({ ...options, connections, duration: seconds });
        if (result.non2xx || result.errors) {
          throw new Error(`${what}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        results.push({
          processes,
          what,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
        });
      }
    } finally {
      await cluster.stop();
    }
  }
  console.log(`${connections} connections, ${seconds} s each, PostgreSQL + Redis, nginx in front`);
  for (const what of ['catalog search', 'add to cart']) {
    const [one, two] = [1, 2].map((n) =>
      results.find((row) => row.what === what && row.processes === n),
    );
    for (const row of [one, two]) {
      console.log(
        `${what}, ${row!.processes} process(es): ${row!.rps} req/s, p50 ${row!.p50} ms, p99 ${row!.p99} ms`,
      );
    }
    console.log(`${what}: two processes / one = ${(two!.rps / one!.rps).toFixed(2)}`);
  }
} finally {
  await scratch.drop();
  rmSync(dir, { recursive: true, force: true });
}
