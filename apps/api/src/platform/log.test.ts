import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});

describe('the logs', () => {
  it('never carry the parameters of a failed query, nor the values of its row', async () => {
    const hash = 'scrypt$17$secret-password-hash';
    const error = await t.db.execute(sql`select ${hash}::int`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(hash);
    t.app.log.error({ err: error }, 'unhandled error');
    const logged = lines.at(-1)!;
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query: select $1::int');
    expect(logged).not.toContain(hash);
  });

  it('never carry keys or tokens from links, in the query or in the path', async () => {
    const secret = 'S3cr3tKeyValue0123456789abcdef';
    await t.app.inject({ url: `/api/auth/check-secure-key?key=${secret}&kind=reset` });
    await t.app.inject({ url: `/api/auth/invitation/check/${secret}` });
    await t.app.inject({
      url: `/api/xml/getByUserId/00000000-0000-4000-8000-000000000000?key=${secret}`,
    });
    const requests = lines.filter((line) => line.includes('incoming request'));
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(requests.join('\n')).toContain('[hidden]');
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('never carry headers, so no bearer token', async () => {
    const token = await t.signIn('owner@demo.test');
    await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('request ids', () => {
  it('name every request on its log lines and in X-Request-Id, keeping a proxy’s plain id', async () => {
    const kept = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const logged = lines.filter((line) => line.includes('"request_id":"lb-7f3a.42:1"'));
    expect(logged.map((line) => JSON.parse(line).msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const sent of ['two words', 'x'.repeat(65), 'line\\nbreak']) {
      const replaced = await t.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': sent },
      });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const fresh = await t.app.inject({ url: '/api/nope' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
