import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { buildApp } from '../server';
import { createTestApp } from '../test/app';
import { openDatabase } from './client';

describe('a database that goes away', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'fails the transaction it was in and keeps the process serving',
    async () => {
      const t = await createTestApp();
      try {
        const terminated = await t.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            // The server ends this very connection mid-transaction, as a restart would.
            await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
          })
          .catch((error: unknown) => error);
        expect(terminated).toBeInstanceOf(Error);
        // The process is alive (an unhandled 'error' event would have ended it) and the pool
        // serves the next request on a new connection.
        const health = await t.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(200);
        const signedIn = await t.signIn('owner@demo.test');
        expect(signedIn).toBeTruthy();
      } finally {
        await t.close();
      }
    },
  );

  describe('no database at all', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nothing',
      DATA_DIR: tmpdir(),
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    const opened = openDatabase(config.databaseUrl, config.dataDir);
    afterAll(async () => (await opened).close());

    it('answers 503 with the error body and Retry-After, never 500', async () => {
      const app = await buildApp({ config, db: (await opened).db });
      try {
        for (const url of ['/api/health', '/api/health?again=1']) {
          const response = await app.inject({ url, headers: { 'accept-language': 'fr' } });
          expect(response.statusCode, url).toBe(503);
          expect(response.json()).toEqual({
            type: 'SERVER_ERROR',
            code: 503,
            message:
              'Le service est momentanément indisponible, veuillez réessayer dans un instant',
            request_id: response.headers['x-request-id'],
          });
          expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
          expect(response.headers['retry-after']).toBe('5');
        }
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'owner@demo.test', password: 'Demo-Password-2026' },
        });
        expect(signIn.statusCode).toBe(503);
        const ready = await app.inject({ url: '/api/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: 'not_ready',
          checks: { database: false, migrations: false, catalog: false },
        });
      } finally {
        await app.close();
      }
    });
  });
});
