import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client';
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

/** The two starting points: migrated only, and migrated with the demo and catalog seeds. */
export interface DatabaseTemplates {
  /** PostgreSQL databases to copy (CREATE DATABASE … TEMPLATE), or PGlite dumps' files. */
  migrated: string;
  seeded: string;
}

export interface DatabaseTemplate {
  references: DatabaseTemplates;
  remove(): Promise<void>;
}

async function seed(db: Db) {
  await seedDemo(db, TEST_SEED.scryptCostLog2);
  await seedCatalog(db, { products: TEST_SEED.catalogProducts });
}

/**
 * Migrates, then seeds, once for the whole run: on TEST_DATABASE_URL two template databases,
 * on PGlite two dumps of the data directory. Each test file then starts from a copy of one.
 */
export async function buildTemplate(): Promise<DatabaseTemplate> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const suffix = randomBytes(6).toString('hex');
    const references = {
      migrated: `portal_template_migrated_${suffix}`,
      seeded: `portal_template_seeded_${suffix}`,
    };
    await onServer(base, `create database ${references.migrated}`);
    const migrated = await openDatabase(databaseUrl(base, references.migrated), folder);
    await migrated.migrate();
    await migrated.close();
    await onServer(base, `create database ${references.seeded} template ${references.migrated}`);
    const seeded = await openDatabase(databaseUrl(base, references.seeded), folder);
    await seed(seeded.db);
    await seeded.close();
    return {
      references,
      remove: async () => {
        for (const name of Object.values(references)) {
          await onServer(base, `drop database if exists ${name} with (force)`);
        }
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const opened = await openDatabase('memory://', folder);
  const write = async (name: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, Buffer.from(await (await opened.dump!()).arrayBuffer()));
    return file;
  };
  await opened.migrate();
  const migrated = await write('migrated.tar');
  await seed(opened.db);
  const seeded = await write('seeded.tar');
  await opened.close();
  return {
    references: { migrated, seeded },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}
