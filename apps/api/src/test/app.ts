import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { seedCatalog } from '../db/seed/catalog';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import { buildApp, type BuildOptions } from '../server';
import {
  databaseUrl,
  onServer,
  TEST_MEDIA_DIR,
  TEST_SEED,
  type DatabaseTemplates,
} from './template';

export { DEMO_PASSWORD };

/** The accounts an authorization test signs in: each company role, another company, each staff role. */
export const DEMO_ACCOUNTS = {
  owner: 'owner@demo.test',
  purchaser: 'purchaser@demo.test',
  accountant: 'accountant@demo.test',
  other: 'owner@other.test',
  admin: 'admin@demo.test',
  operator: 'operator@demo.test',
} as const;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Signs in a demo (or any) account and answers its access token. */
  signIn(email: string, password?: string): Promise<string>;
  /** Signs in every one of DEMO_ACCOUNTS and answers their access tokens by the same names. */
  signInEach(): Promise<Record<keyof typeof DEMO_ACCOUNTS, string>>;
  /** Mails in the outbox for a recipient, newest first. */
  mailsTo(email: string, template?: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): Promise<void>;
}

/** What a test database starts as: migrated only, or migrated and seeded as TEST_SEED says. */
export type TestDatabaseStart = keyof DatabaseTemplates;

export interface TestDatabase extends Database {
  /** Where it is: `memory://` on PGlite, a database of its own on TEST_DATABASE_URL. */
  url: string;
}

/**
 * A fresh database for one test file, copied from the run's template (test/template.ts): PGlite
 * in memory, or a new database on TEST_DATABASE_URL, dropped when closed.
 */
export async function openTestDatabase(start: TestDatabaseStart): Promise<TestDatabase> {
  const template = inject('databaseTemplates')[start];
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const opened = await openDatabase(
      'memory://',
      '',
      undefined,
      undefined,
      new Blob([readFileSync(template)]),
    );
    return { ...opened, url: 'memory://' };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await onServer(base, `create database ${name} template ${template}`);
  const url = databaseUrl(base, name);
  const opened = await openDatabase(url, '');
  return {
    ...opened,
    url,
    close: async () => {
      await opened.close();
      await onServer(base, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  // The template holds the default seed (its demo accounts hashed at TEST_SEED's cost, whatever
  // SCRYPT_COST_LOG2 says for new hashes): a test asking for another catalog seeds its own.
  const seededAsTemplate = !('SEED_CATALOG_PRODUCTS' in env);
  const database = await openTestDatabase(seededAsTemplate ? 'seeded' : 'migrated');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    DATA_DIR: path.join(tmpdir(), 'portal-test'),
    MEDIA_DIR: TEST_MEDIA_DIR,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Tests hash at a lower cost to stay fast; production uses the default 2^17.
    SCRYPT_COST_LOG2: String(TEST_SEED.scryptCostLog2),
    AUTH_RATE_LIMIT_MAX: '10000',
    // A small demo catalog so API tests have products and categories to work with.
    SEED_CATALOG_PRODUCTS: String(TEST_SEED.catalogProducts),
    APP_URL: 'http://portal.test',
    // PDFs on the event loop: no worker thread to start per test file (invoices.test asks for one).
    PDF_WORKERS: '0',
    ...env,
  });
  if (!seededAsTemplate) {
    await seedDemo(database.db, TEST_SEED.scryptCostLog2);
    await seedCatalog(database.db, { products: config.seedCatalogProducts });
  }
  const app = await buildApp({ config, db: database.db, ...options });
  await app.ready();

  async function signIn(email: string, password = DEMO_PASSWORD) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
    });
    if (response.statusCode !== 200) {
      throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    }
    return response.json<{ access_token: string }>().access_token;
  }

  return {
    app,
    db: database.db,
    config,
    signIn,
    async signInEach() {
      const tokens = await Promise.all(
        Object.entries(DEMO_ACCOUNTS).map(async ([who, email]) => [who, await signIn(email)]),
      );
      return Object.fromEntries(tokens) as Record<keyof typeof DEMO_ACCOUNTS, string>;
    },
    async mailsTo(email, template) {
      return database.db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.recipient, email),
            template ? eq(mailOutbox.template, template) : undefined,
          ),
        )
        .orderBy(desc(mailOutbox.createdAt));
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
