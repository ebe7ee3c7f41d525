import { healthResponseSchema, readinessResponseSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationsApplied, migrationsInBuild } from '../../db/client';

/** What a readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 1_000;

/** True when `check` resolves true within the timeout; false when it fails or takes longer. */
async function within(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['health'];
  const expectedMigrations = migrationsInBuild();
  // Once the database has every migration of this build it keeps them (a later deploy only adds
  // some), so the count is read until it first matches, not on every probe.
  let migrationsCurrent = false;

  app.get('/health', { schema: { tags, response: { 200: healthResponseSchema } } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });

  app.get(
    '/ready',
    { schema: { tags, response: { 200: readinessResponseSchema, 503: readinessResponseSchema } } },
    async (_request, reply) => {
      const [database, migrations, catalog] = await Promise.all([
        within(async () => {
          await app.db.execute(sql`select 1`);
          return true;
        }),
        within(async () => {
          migrationsCurrent ||= (await migrationsApplied(app.db)) >= expectedMigrations;
          return migrationsCurrent;
        }),
        // Resolves at once when the catalog is loaded; else it loads (or fails) meanwhile.
        within(async () => {
          await app.catalog.warm();
          return true;
        }),
      ]);
      const ready = database && migrations && catalog;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks: { database, migrations, catalog } });
    },
  );
};
