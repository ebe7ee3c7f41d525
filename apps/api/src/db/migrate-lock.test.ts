import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { databaseUrl, onServer } from '../test/template';
import { migrationsApplied, migrationsInBuild, openDatabase } from './client';

describe('migrations', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'run once when two processes start on an empty database at the same time',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `portal_migrate_${randomBytes(4).toString('hex')}`;
      await onServer(base, `create database ${name}`);
      const [first, second] = await Promise.all([
        openDatabase(databaseUrl(base, name), tmpdir()),
        openDatabase(databaseUrl(base, name), tmpdir()),
      ]);
      try {
        // Without the advisory lock both would create the same tables and one would fail.
        await Promise.all([first.migrate(), second.migrate()]);
        expect(await migrationsApplied(first.db)).toBe(migrationsInBuild());
      } finally {
        await Promise.all([first.close(), second.close()]);
        await onServer(base, `drop database ${name}`);
      }
    },
  );
});
