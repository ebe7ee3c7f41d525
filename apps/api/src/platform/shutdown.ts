import type { FastifyInstance } from 'fastify';
import { serviceUnavailable } from './errors';

const shuttingDown = new WeakSet<FastifyInstance>();

/**
 * Requests that arrive once shutdown began (on a kept-alive connection, before the load
 * balancer noticed) are answered 503 with the app's error body; Fastify adds `Connection:
 * close` while closing, so the client opens its next connection elsewhere.
 */
export function refuseDuringShutdown(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    if (!shuttingDown.has(app)) return;
    reply.header('Connection', 'close');
    throw serviceUnavailable('errors.shutting_down');
  });
}

/** From now on new requests are refused (closeGracefully starts with this). */
export function markShuttingDown(app: FastifyInstance) {
  shuttingDown.add(app);
}

/**
 * Stops accepting, lets in-flight requests finish, closes each kept-alive connection as soon
 * as it is idle (instead of waiting for its keep-alive timeout, 72 s in Fastify), and gives
 * up after `timeoutMs`: resolves true once closed, false on timeout.
 */
export async function closeGracefully(app: FastifyInstance, timeoutMs: number): Promise<boolean> {
  markShuttingDown(app);
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    app.server.closeIdleConnections();
    return await Promise.race([app.close().then(() => true as const), timedOut]);
  } finally {
    clearInterval(reaper);
    clearTimeout(timer);
  }
}
