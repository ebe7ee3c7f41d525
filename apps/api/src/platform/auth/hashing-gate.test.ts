import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { AppError } from '../errors';
import { HashingGate } from './passwords';

describe('the hashing gate', () => {
  it('runs at most `concurrency` at once, lets a few wait, and refuses the rest with 503', async () => {
    const gate = new HashingGate(2, 3);
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      new Promise<void>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve();
        });
      });
    const accepted = Array.from({ length: 5 }, () => gate.run(task));
    const refused = await gate.run(task).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, key: 'errors.busy', retryAfterSeconds: 2 });
    while (releases.length || running) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    await Promise.all(accepted);
    expect(most).toBe(2);
    // Free again: the next one runs at once.
    await gate.run(async () => undefined);
  });
});

describe('a burst of sign-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SCRYPT_COST_LOG2: '14',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '2',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is answered 503 with Retry-After past the queue, in the request language', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          headers: { 'accept-language': 'de' },
          payload: { email: `nobody${i}@burst.test`, password: 'not-the-password-1' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length + statuses.filter((s) => s === 401).length).toBe(8);
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        type: 'SERVER_ERROR',
        code: 503,
        message: expect.stringMatching(/^Der Server ist ausgelastet/) as string,
      });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Once the burst is over, sign-in works again.
    expect(await t.signIn('owner@demo.test')).toBeTruthy();
  });
});
