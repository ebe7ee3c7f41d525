import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoClaims } from './db/seed/demo-claims';
import { bearer, createTestApp, DEMO_PASSWORD } from './test/app';
import { startApi, stopApi } from './test/processes';

/** `npm run db:backup` and `npm run db:restore` as an operator runs them, on the API's settings. */
const run = promisify(execFile);
const command = (script: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', `apps/api/src/${script}.ts`, file], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });

const stopping: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await Promise.all(stopping.map((stop) => stop()));
});

/** What an owner sees of their orders and invoices, through a running API. */
async function ordersAndInvoices(url: string) {
  const signin = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD }),
  });
  expect(signin.status).toBe(200);
  const { access_token: token } = (await signin.json()) as { access_token: string };
  const get = async (route: string) => {
    const response = await fetch(`${url}/api${route}`, { headers: bearer(token) });
    expect(response.status, route).toBe(200);
    return (await response.json()) as { items: { _id: string }[]; total: number };
  };
  const orders = await get('/orders?page=1');
  const invoices = await get('/invoices?page=1');
  const invoice = await get(`/invoices/${invoices.items[0]!._id}`);
  return { orders, invoices, invoice };
}

describe('backup and restore of the embedded database', () => {
  it('copies it while the API serves, and the restored copy serves the same orders and invoices', async () => {
    const source = mkdtempSync(path.join(tmpdir(), 'portal-backup-source-'));
    const target = mkdtempSync(path.join(tmpdir(), 'portal-backup-target-'));
    const file = path.join(source, 'backups', 'copy.tar');
    const jwt = {
      config: {
        databaseUrl: '',
        jwtSecret: new TextEncoder().encode(randomBytes(24).toString('hex')),
      },
    };
    const settings = (dataDir: string, seed: boolean) => ({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: String(seed),
      SEED_CATALOG_PRODUCTS: '30',
      SCRYPT_COST_LOG2: '10',
    });
    const first = await startApi(jwt, settings(source, true));
    stopping.push(() => stopApi(first.child));
    const before = await ordersAndInvoices(first.url);
    expect(before.orders.total).toBeGreaterThan(0);

    // A second process on the same folder would corrupt it: it refuses to start.
    const second = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...settings(source, false), PORT: '0' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(second).toMatchObject({ code: 1 });
    expect((second as { stderr: string }).stderr).toMatch(/another API process \(\d+\)/);

    const made = await command('backup', file, { DATA_DIR: source });
    expect(made.stdout).toBe(`backup: ${file}\n`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await stopApi(first.child);

    await command('restore', file, { DATA_DIR: target });
    const refused = await command('restore', file, { DATA_DIR: target }).catch(
      (error: { stderr: string }) => error,
    );
    expect((refused as { stderr: string }).stderr).toMatch(/holds a database/);
    const restored = await startApi(jwt, settings(target, false));
    stopping.push(() => stopApi(restored.child));
    expect(await ordersAndInvoices(restored.url)).toEqual(before);
    await stopApi(restored.child);
  }, 180_000);

  it('copies it with no API running', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-backup-stopped-'));
    await run(process.execPath, ['--import', 'tsx', 'apps/api/src/migrate.ts'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir },
    });
    const file = path.join(dataDir, 'copy.tar');
    await command('backup', file, { DATA_DIR: dataDir });
    expect(existsSync(file)).toBe(true);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', () => {
  it('restores a pg_dump into a new database that serves the same orders and invoices', async () => {
    const t = await createTestApp();
    stopping.push(() => t.close());
    await seedDemoClaims(t.db, t.config);
    const original = await startApi(t);
    stopping.push(() => stopApi(original.child));
    const before = await ordersAndInvoices(original.url);
    await stopApi(original.child);

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'portal-backup-pg-')), 'copy.dump');
    await command('backup', file, { DATABASE_URL: t.config.databaseUrl! });
    const name = `portal_restore_${randomBytes(5).toString('hex')}`;
    const server = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await server.connect();
    await server.query(`create database ${name}`);
    stopping.push(async () => {
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
    });
    const restoredUrl = Object.assign(new URL(t.config.databaseUrl!), {
      pathname: `/${name}`,
    }).toString();
    await command('restore', file, { DATABASE_URL: restoredUrl });
    const again = await command('restore', file, { DATABASE_URL: restoredUrl }).catch(
      (error: { stderr: string }) => error,
    );
    expect((again as { stderr: string }).stderr).toMatch(/has tables: restore into a new one/);

    const restored = await startApi(t, { DATABASE_URL: restoredUrl });
    stopping.push(() => stopApi(restored.child));
    expect(await ordersAndInvoices(restored.url)).toEqual(before);
  }, 120_000);
});
