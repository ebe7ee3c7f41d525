// `npm run db:migrate`: brings the database up to this build's migrations and exits, with the
// API's own settings (DATABASE_URL, or the embedded database in DATA_DIR). A deploy runs it once
// before starting the new processes; each API process also migrates at start, under the same
// advisory lock, so a process that starts first is safe too.
import { mkdirSync } from 'node:fs';
import { loadConfig } from './config';
import { migrationsApplied, openDatabase } from './db/client';

try {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  try {
    const before = await migrationsApplied(database.db).catch(() => 0);
    await database.migrate();
    const after = await migrationsApplied(database.db);
    process.stdout.write(`migrations: ${after} applied (${after - before} new)\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
