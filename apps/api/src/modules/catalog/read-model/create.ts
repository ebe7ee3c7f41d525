import type { FastifyBaseLogger } from 'fastify';
import {
  advancedFilterResponseSchema,
  productSchema,
  productSearchResponseSchema,
} from '@portal/contract';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { MemoryReadModel } from './memory/memory-read-model';
import { PostgresReadModel } from './postgres/postgres-read-model';
import type { AnswerCheck, CatalogReadModel } from './read-model';

/** The contract schemas answers are checked against outside production. */
const answerSchemas = {
  search: productSearchResponseSchema,
  listing: advancedFilterResponseSchema,
  product: productSchema,
};

/**
 * The read model `CATALOG_READ_MODEL` names. Answers go out serialized already (no response
 * schema runs on them), so development and tests check each against its contract here.
 */
export function createCatalogReadModel(
  db: Db,
  log: FastifyBaseLogger,
  config: Pick<Config, 'env' | 'catalogReadModel' | 'catalogResponseCacheBytes'>,
): CatalogReadModel {
  const check: AnswerCheck | undefined =
    config.env === 'production'
      ? undefined
      : (kind, value) => void answerSchemas[kind].parse(value);
  return config.catalogReadModel === 'postgres'
    ? new PostgresReadModel(db, { check })
    : new MemoryReadModel(db, log, {
        responseCacheBytes: config.catalogResponseCacheBytes,
        check,
      });
}
