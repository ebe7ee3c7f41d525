import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { seedCatalog } from '../db/seed/catalog';
import { seedDemo } from '../db/seed/demo';

/** What every test database starts with unless a test asks otherwise (test/app.ts). */
export const TEST_SEED = { scryptCostLog2: 12, catalogProducts: 300 };

/** The demo pictures every test app serves, drawn once before the test files run. */
export const TEST_MEDIA_DIR = path.join(tmpdir(), 'portal-test-media');

/** Runs one statement on the server's maintenance connection (create or drop a database). */
export async function onServer(base: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `base` with another database name. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates and seeds a database as every test file's starting point. */
async function migrateAndSeed(url: string, dataDir: string) {
  const opened = await openDatabase(url, dataDir);
  await opened.migrate();
  await seedDemo(opened.db, TEST_SEED.scryptCostLog2);
  await seedCatalog(opened.db, { products: TEST_SEED.catalogProducts });
  return opened;
}

export interface DatabaseTemplate {
  /** A PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), or a PGlite dump's file. */
  reference: string;
  remove(): Promise<void>;
}

/**
 * Migrates and seeds once for the whole run: on TEST_DATABASE_URL a template database, on
 * PGlite a dump of the data directory. Each test file then starts from a copy.
 */
export async function buildTemplate(): Promise<DatabaseTemplate> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const name = `portal_template_${randomBytes(6).toString('hex')}`;
    await onServer(base, `create database ${name}`);
    const opened = await migrateAndSeed(databaseUrl(base, name), folder);
    await opened.close();
    return {
      reference: name,
      remove: async () => {
        await onServer(base, `drop database if exists ${name} with (force)`);
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const opened = await migrateAndSeed('memory://', folder);
  const dump = await opened.dump!();
  await opened.close();
  const file = path.join(folder, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return {
    reference: file,
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}
