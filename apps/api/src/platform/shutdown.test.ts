import { Agent, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { closeGracefully, markShuttingDown } from './shutdown';

const get = (port: number, path: string, agent: Agent) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );

describe('shutdown', () => {
  it('closes kept-alive connections at once and lets an in-flight request finish', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // A kept-alive connection, idle: before, the server waited for its 72 s keep-alive timeout.
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, '/api/health', agent)).status).toBe(200);
    // A request in flight: its body is still being sent when shutdown begins.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const payload = JSON.stringify({ email: 'owner@demo.test', password: 'wrong-password-12' });
    socket.write(
      `POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n${payload.slice(0, 10)}`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    // The answer is read once the server has closed the connection: the bytes written before the
    // close may reach this socket after the server says it has closed.
    const ended = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    const closing = closeGracefully(t.app, 5_000);
    socket.write(payload.slice(10));
    expect(await closing).toBe(true);
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2_000);
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    agent.destroy();
    await t.close();
  });

  it('answers requests arriving during shutdown 503 with the error body and Connection: close', async () => {
    const t = await createTestApp();
    try {
      markShuttingDown(t.app);
      const response = await t.app.inject({
        url: '/api/health',
        headers: { 'accept-language': 'it' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers.connection).toBe('close');
      expect(response.json()).toEqual({
        type: 'SERVER_ERROR',
        code: 503,
        message: 'Il server si sta riavviando, riprova tra un momento',
      });
    } finally {
      await t.close();
    }
  });
});
