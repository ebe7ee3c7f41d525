import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import { postgresPoolOf, type Db } from '../db/client';
import { unauthorized } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Constant-time: the digests have one length whatever the token sent. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

interface QueueFigures {
  outbox_pending: number;
  outbox_oldest_seconds: number;
  import_jobs: number;
  archive_jobs: number;
  payments_awaiting: number;
}

/**
 * `GET /api/metrics` in Prometheus's text format, for a scraper holding `METRICS_TOKEN` (no token
 * set: no route, nothing collected). Per process: requests by route and status with their
 * latency, event-loop lag, heap and RSS (prom-client's defaults), the PostgreSQL pool's
 * connections in use, idle and waited for, and the catalog read model's age; from the database
 * (one statement per scrape, on indexed columns): the mail outbox's depth and oldest mail, the
 * background jobs waiting or running, and online payments open past the reconciliation delay.
 */
export function registerMetrics(app: FastifyInstance, config: Config, db: Db): void {
  const token = config.metricsToken;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by method, route and status, with how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        method: request.method,
        // The route's pattern (/api/orders/:id), never the path with its ids.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  const pool = postgresPoolOf(db);
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of the PostgreSQL pool: in use, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_catalog_read_model_age_seconds',
    help: 'How old what the catalog answers from may be (0: read from the tables)',
    registers: [registry],
    collect() {
      const age = app.catalog.ageSeconds();
      if (age !== null) this.set(age);
    },
  });
  const gauge = (name: string, help: string) =>
    new Gauge({ name: `portal_${name}`, help, registers: [registry] });
  const queues = {
    outbox_pending: gauge('mail_outbox_pending', 'Mails waiting in the outbox'),
    outbox_oldest_seconds: gauge(
      'mail_outbox_oldest_seconds',
      'Age of the oldest mail waiting in the outbox (0: none waits)',
    ),
    import_jobs: gauge('import_jobs_waiting', 'Catalog imports queued or running'),
    archive_jobs: gauge('invoice_archives_waiting', 'Invoice archives queued or being built'),
    payments_awaiting: gauge(
      'payments_awaiting_reconciliation',
      'Online payments still open after the reconciliation delay',
    ),
  } satisfies Record<keyof QueueFigures, Gauge>;
  const reconcileAfter = config.payments.reconcileAfterMinutes;

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) throw unauthorized();
    const result = (await db.execute(sql`
      select
        (select count(*)::int from mail_outbox where status = 'pending') as outbox_pending,
        (select coalesce(extract(epoch from now() - min(created_at)), 0)::float8
          from mail_outbox where status = 'pending') as outbox_oldest_seconds,
        (select count(*)::int from import_jobs where status in ('queued', 'running'))
          as import_jobs,
        (select count(*)::int from invoice_archives where status in ('queued', 'running'))
          as archive_jobs,
        (select count(*)::int from payments where status = 'open'
          and created_at < now() - make_interval(mins => ${reconcileAfter}::int))
          as payments_awaiting`)) as unknown as { rows: QueueFigures[] };
    const figures = result.rows[0];
    if (figures) {
      for (const [key, metric] of Object.entries(queues)) {
        metric.set(Number(figures[key as keyof QueueFigures]));
      }
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
