// `npm run db:backup [-- file]`: a copy of the database, with the API's own settings. PostgreSQL
// (DATABASE_URL): pg_dump's custom format. The embedded database (DATA_DIR): a tar of its data
// folder, made by the running API process (a consistent copy while it serves) or, when none
// runs, here. Without a file name it goes to DATA_DIR/backups. Restore with npm run db:restore.
import path from 'node:path';
import { isPostgresUrl, loadConfig } from './config';
import { backup, defaultBackupFile } from './db/backup';

try {
  const config = loadConfig();
  const kind = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'pglite';
  const file = path.resolve(process.argv[2] ?? defaultBackupFile(config, kind));
  await backup(config, file);
  process.stdout.write(`backup: ${file}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
