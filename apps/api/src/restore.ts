// `npm run db:restore -- file`: puts a backup of `npm run db:backup` into an empty database
// (DATABASE_URL: a new PostgreSQL database; or a new DATA_DIR for the embedded one). The API
// started on it then runs the migrations newer than the backup.
import path from 'node:path';
import { loadConfig } from './config';
import { restore } from './db/backup';

try {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npm run db:restore -- <backup file>');
  const config = loadConfig();
  await restore(config, path.resolve(file));
  process.stdout.write(`restored: ${path.resolve(file)}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
