// The catalog process (decision 004): keeps the catalog index, reads PostgreSQL itself and
// answers the API's calls over the IPC channel its parent opened (`catalog-client.ts`).
import { pino, type Level } from 'pino';
import { openDatabase } from '../../db/client';
import { AppError } from '../../platform/errors';
import { productSettingsReader } from '../settings/service';
import { CatalogIndex } from './catalog-index';
import { checkAnswer, LocalCatalog, type CatalogMethod } from './catalog-reader';

/** What the parent passes in the environment (`PORTAL_CATALOG_PROCESS`, JSON). */
export interface CatalogProcessOptions {
  databaseUrl: string;
  poolMax: number;
  preparedPoolMax: number;
  responseCacheBytes: number;
  checkAnswers: boolean;
  logLevel: Level | 'silent';
}

export interface CatalogCall {
  id: number;
  method: CatalogMethod;
  args: unknown[];
}

/** An answer to a call: its value, or the error it failed with (a domain error kept whole). */
export type CatalogAnswer =
  | { id: number; value: unknown }
  | {
      id: number;
      error:
        Pick<AppError, 'type' | 'key' | 'vars' | 'details' | 'statusCode'> | { message: string };
    };

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

const options = JSON.parse(process.env.PORTAL_CATALOG_PROCESS ?? 'null') as CatalogProcessOptions;
if (!options || !process.send) {
  throw new Error('the catalog process is started by the API (catalog-client.ts)');
}
const send = process.send.bind(process);
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

async function answer({ id, method, args }: CatalogCall): Promise<CatalogAnswer> {
  try {
    if (!CALLABLE.has(method)) throw new Error(`unknown catalog call ${String(method)}`);
    const call = catalog[method] as (...values: unknown[]) => Promise<unknown>;
    return { id, value: await call.apply(catalog, args) };
  } catch (error) {
    if (error instanceof AppError) {
      const { type, key, vars, details, statusCode } = error;
      return { id, error: { type, key, vars, details, statusCode } };
    }
    log.error({ err: error, method }, 'catalog call failed');
    return { id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

process.on('message', (call: CatalogCall) => {
  void answer(call).then((reply) => {
    if (process.connected) send(reply);
  });
});
// The API went away (or closed the channel): nothing is left to answer.
process.on('disconnect', () => {
  void database.close().finally(() => process.exit(0));
});
