import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test/app';

/** Several processes count rate limits in Redis (REDIS_URL); ops/cluster.test.ts checks the count. */
describe('rate limits when Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: every Redis command fails.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9', AUTH_RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets sign-ins through uncounted instead of failing them', async () => {
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'owner@demo.test', password },
      });
    const started = Date.now();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signIn('Wrong-Password-2026')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401]);
    expect((await signIn(DEMO_PASSWORD)).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
