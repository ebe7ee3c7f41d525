import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test/app';

const token = 'metrics-token-metrics-token-metrics-0001';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: token });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/metrics', () => {
  it('answers a scraper with the token in Prometheus text format', async () => {
    await t.app.catalog.warm();
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/orders', headers: bearer('not-a-token') });
    const response = await t.app.inject({ url: '/api/metrics', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} 1/,
    );
    expect(body).toMatch(/route="\/api\/orders",status_code="401"/);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'portal_mail_outbox_pending',
      'portal_mail_outbox_oldest_seconds',
      'portal_import_jobs_waiting',
      'portal_invoice_archives_waiting',
      'portal_payments_awaiting_reconciliation',
      'portal_catalog_read_model_age_seconds',
    ]) {
      expect(body, name).toMatch(new RegExp(`^${name} [0-9.e+-]+$`, 'm'));
    }
    if (process.env.TEST_DATABASE_URL) {
      expect(body).toMatch(/^portal_db_pool_connections\{state="waiting"\} \d+$/m);
    }
  });

  it('is never public: no token or a wrong one is 401, and nothing says what it holds', async () => {
    for (const headers of [{}, bearer('wrong'), bearer(`${token}x`)]) {
      const response = await t.app.inject({ url: '/api/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain('http_request');
    }
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.inject({ url: '/api/metrics', headers: bearer(token) });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
