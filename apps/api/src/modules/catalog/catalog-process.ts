// The catalog process (decision 004): keeps the catalog index, reads PostgreSQL itself and
// answers the API's calls in frames (`frames.ts`) on the socket its parent opened as fd 3
// (`catalog-client.ts`).
import { Socket } from 'node:net';
import { pino, type Level } from 'pino';
import { openDatabase } from '../../db/client';
import { AppError } from '../../platform/errors';
import { productSettingsReader } from '../settings/service';
import { CatalogIndex } from './catalog-index';
import { checkAnswer, LocalCatalog, type CatalogMethod } from './catalog-reader';
import { FrameKind, FrameReader, FrameWriter, type Frame } from './frames';

/** What the parent passes in the environment (`PORTAL_CATALOG_PROCESS`, JSON). */
export interface CatalogProcessOptions {
  databaseUrl: string;
  poolMax: number;
  preparedPoolMax: number;
  responseCacheBytes: number;
  checkAnswers: boolean;
  logLevel: Level | 'silent';
}

/** A call's frame: the method and its arguments (`undefined` travels as null). */
export interface CatalogCall {
  method: CatalogMethod;
  args: unknown[];
}

/** A domain error crosses as its fields; anything else as its message. */
export type CatalogFailure =
  Pick<AppError, 'type' | 'key' | 'vars' | 'details' | 'statusCode'> | { message: string };

const CALLABLE: ReadonlySet<string> = new Set<CatalogMethod>([
  'searchBody',
  'listingBody',
  'productBody',
  'top',
  'byIds',
  'categories',
  'nestedCategories',
  'category',
  'increaseViews',
  'refreshStock',
  'rebuild',
  'warm',
]);

/** Calls answered with a serialized body, sent as its bytes. */
const BODIES: ReadonlySet<string> = new Set<CatalogMethod>([
  'searchBody',
  'listingBody',
  'productBody',
]);

const options = JSON.parse(process.env.PORTAL_CATALOG_PROCESS ?? 'null') as CatalogProcessOptions;
if (!options) throw new Error('the catalog process is started by the API (catalog-client.ts)');
const log = pino({ level: options.logLevel, name: 'catalog' });
const database = await openDatabase(
  options.databaseUrl,
  '',
  (error) => log.warn({ err: error }, 'idle database connection closed'),
  { max: options.poolMax, preparedMax: options.preparedPoolMax },
);
const catalog = new LocalCatalog({
  db: database.db,
  index: new CatalogIndex(database.db, log),
  settings: productSettingsReader(database.db),
  responseCacheBytes: options.responseCacheBytes,
  check: options.checkAnswers ? checkAnswer : undefined,
});

// The API's end of the socket pair is this process's file descriptor 3.
const socket = new Socket({ fd: 3, readable: true, writable: true });
const writer = new FrameWriter(socket, false);

async function answer({ id, payload }: Frame) {
  let method = '';
  try {
    const call = JSON.parse(payload.toString()) as CatalogCall;
    method = call.method;
    if (!CALLABLE.has(method)) throw new Error(`unknown catalog call ${method}`);
    const run = catalog[call.method] as (...values: unknown[]) => Promise<unknown>;
    const value = await run.apply(
      catalog,
      call.args.map((arg) => arg ?? undefined),
    );
    if (BODIES.has(method)) {
      writer.write(id, FrameKind.bytes, value as Buffer);
    } else if (method === 'nestedCategories') {
      const { etag, body } = value as { etag: string; body: Buffer };
      writer.write(id, FrameKind.taggedBytes, body, etag);
    } else {
      writer.write(id, FrameKind.value, JSON.stringify(value ?? null));
    }
  } catch (error) {
    let failure: CatalogFailure;
    if (error instanceof AppError) {
      const { type, key, vars, details, statusCode } = error;
      failure = { type, key, vars, details, statusCode };
    } else {
      log.error({ err: error, method }, 'catalog call failed');
      failure = { message: error instanceof Error ? error.message : String(error) };
    }
    writer.write(id, FrameKind.error, JSON.stringify(failure));
  }
}

const reader = new FrameReader((frame) => void answer(frame));
socket.on('data', (chunk: Buffer) => reader.push(chunk));
socket.on('error', (error) => log.error({ err: error }, 'catalog socket failed'));
// The API closed its end, or went away: nothing is left to answer.
socket.on('close', () => {
  void database.close().finally(() => process.exit(0));
});
