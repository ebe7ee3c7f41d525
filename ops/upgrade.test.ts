// Expand/contract: this release's migrations are applied while the previous release serves
// buyers on the same database, and the previous release keeps answering without a fault
// (docs/operations.md, Upgrading). Needs git history, PostgreSQL and `npm run build`.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo';
import { API_ENTRY, freePort, migrate, root, scratchDatabase, startApiProcess } from './cluster';
import { buildPreviousRelease } from './previous-release';

async function migrationsApplied(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      'select count(*) from drizzle.__drizzle_migrations',
    );
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

describe('an upgrade while the previous release serves', { timeout: 600_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-upgrade-'));
  const children: (ChildProcess | undefined)[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  after(async () => {
    await Promise.all(children.map(stop));
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("applies this release's migrations under the previous release's load, with no fault", async () => {
    const previous = buildPreviousRelease(path.join(dir, 'previous'));
    database = await scratchDatabase(`portal_upgrade_${Date.now()}_${process.pid}`);
    const env = {
      DATABASE_URL: database.url,
      APP_URL: 'http://127.0.0.1',
      JWT_SECRET: 'upgrade-test-secret-0123456789-abcdefghij',
      PAYMENT_PROVIDER: 'simulated',
      ALLOW_DEMO_IN_PRODUCTION: '1',
      SEED_DEMO: 'true',
      SEED_CATALOG_PRODUCTS: '100',
      SCRYPT_COST_LOG2: '12',
      AUTH_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      // The previous release serves this build's web app: only its API is under test.
      WEB_DIST: path.join(root, 'apps/web/dist'),
      DATA_DIR: path.join(dir, 'data'),
    };
    const port = await freePort();
    const old = await startApiProcess({
      entry: previous.main,
      env,
      port,
      log: path.join(dir, 'previous.log'),
      readyPath: '/api/health',
    });
    children.push(old);
    const before = await migrationsApplied(database.url);
    const url = `http://127.0.0.1:${port}`;

    const signin = await fetch(`${url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
    });
    assert.equal(signin.status, 200);
    const { access_token: token } = (await signin.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const found = await fetch(`${url}/api/products?search=battery&limit=5`, { headers });
    assert.equal(found.status, 200, await found.clone().text());
    const listing = (await found.json()) as { items: { _id: string; sku: string }[] };
    const { _id: productId, sku } = listing.items[0]!;

    let migrating = true;
    const faults: string[] = [];
    let answered = 0;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (migrating) {
          for (const [method, route, body] of [
            ['GET', '/api/products?search=battery&limit=5'],
            ['GET', `/api/products/sku/${sku}`],
            ['POST', '/api/carts/create-or-update', { product_id: productId, quantity: 1 }],
            ['GET', '/api/carts/my-cart'],
            ['GET', '/api/orders?page=1'],
            ['GET', '/api/users/notification-preferences'],
          ] as const) {
            const response = await fetch(`${url}${route}`, {
              method,
              headers,
              body: body === undefined ? undefined : JSON.stringify(body),
            }).catch((error: Error) => ({ status: 0, statusText: String(error) }));
            answered++;
            if (response.status === 0 || response.status >= 500) {
              faults.push(`${method} ${route}: ${response.status} ${response.statusText}`);
            }
          }
        }
      }),
    );
    // The deploy: this release's migrations, with the previous release serving meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const applied = await migrate(env);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    migrating = false;
    await load;

    const now = await migrationsApplied(database.url);
    assert.ok(now > before, `${before} migrations, then ${now}`);
    assert.match(applied, new RegExp(`^migrations: ${now} applied \\(${now - before} new\\)`));
    assert.ok(answered > 50, `only ${answered} requests`);
    assert.deepEqual(faults, []);
    console.log(
      `previous release ${previous.commit.slice(0, 7)} on ${before} migrations; ${applied}; ${answered} requests meanwhile, no fault`,
    );

    // Then the new release starts on the migrated database, beside the old one.
    const next = await startApiProcess({
      entry: API_ENTRY,
      env: { ...env, SEED_DEMO: 'false' },
      port: await freePort(),
      log: path.join(dir, 'next.log'),
    });
    children.push(next);
  });
});
