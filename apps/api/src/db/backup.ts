import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { isPostgresUrl, type Config } from '../config';
import { EMBEDDED_EXTENSIONS, openDatabase, type Database } from './client';

/**
 * Backups (docs/operations.md): PostgreSQL with pg_dump's custom format, restored with
 * pg_restore into an empty database; the embedded database as a tar of its data folder, made
 * by the process that has it open (a consistent copy while it serves) or, when none runs, here.
 */
const run = promisify(execFile);

/** Where the API process of an embedded database writes its process id while it runs. */
export const pidFile = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'portal.pid');
/** Where `npm run db:backup` asks the running process for a copy (the file to write). */
export const backupRequestFile = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'backup-request');
const pgdata = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pgdata');

/** The process that has the embedded database open, if one does. */
export function runningProcess(config: Pick<Config, 'dataDir'>): number | undefined {
  if (!existsSync(pidFile(config))) return undefined;
  const pid = Number(readFileSync(pidFile(config), 'utf8'));
  try {
    process.kill(pid, 0);
    // After a crash the number may belong to another program by now (Linux tells).
    const linux = existsSync('/proc/self');
    return !linux || readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')
      ? pid
      : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `blob` to `file` whole or not at all (a partial file is never a backup). */
export async function writeWhole(file: string, data: Blob) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await writeFile(partial, new Uint8Array(await data.arrayBuffer()));
  renameSync(partial, file);
}

/** The running process's answer to SIGUSR2: the copy `npm run db:backup` asked for. */
export async function answerBackupRequest(config: Pick<Config, 'dataDir'>, database: Database) {
  const request = backupRequestFile(config);
  const file = existsSync(request)
    ? readFileSync(request, 'utf8').trim()
    : defaultBackupFile(config, 'pglite');
  rmSync(request, { force: true });
  if (!database.dump) throw new Error('only the embedded database is copied by its process');
  await writeWhole(file, await database.dump());
  return file;
}

export function defaultBackupFile(
  config: Pick<Config, 'dataDir'>,
  kind: Database['kind'],
  now = new Date(),
) {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(
    config.dataDir,
    'backups',
    `portal-${stamp}.${kind === 'postgres' ? 'dump' : 'tar'}`,
  );
}

export async function backup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  file: string,
  options: { timeoutMs?: number } = {},
) {
  mkdirSync(path.dirname(file), { recursive: true });
  if (isPostgresUrl(config.databaseUrl)) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}.partial`,
      `--dbname=${config.databaseUrl}`,
    ]);
    renameSync(`${file}.partial`, file);
    return;
  }
  const pid = runningProcess(config);
  if (pid === undefined) {
    const database = await openDatabase(undefined, config.dataDir);
    try {
      await writeWhole(file, await database.dump!());
    } finally {
      await database.close();
    }
    return;
  }
  // The API has the folder open: it makes the copy (PGlite allows one process per folder).
  await writeFile(backupRequestFile(config), file);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + (options.timeoutMs ?? 600_000);
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the API process ${pid} made no copy in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function restore(config: Pick<Config, 'dataDir' | 'databaseUrl'>, file: string) {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (isPostgresUrl(config.databaseUrl)) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      if (Number(rows[0]!.count) > 0) {
        throw new Error('DATABASE_URL names a database that has tables: restore into a new one');
      }
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      file,
    ]);
    return;
  }
  if (existsSync(pgdata(config)) && readdirSync(pgdata(config)).length) {
    throw new Error(`${pgdata(config)} holds a database: restore into a new DATA_DIR`);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const client = new PGlite(pgdata(config), {
    extensions: EMBEDDED_EXTENSIONS,
    loadDataDir: new Blob([readFileSync(file)]),
  });
  await client.waitReady;
  await client.close();
}
