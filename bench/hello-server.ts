// The baseline of the catalog benchmark: a bare Fastify route in its own process, so the search
// throughput can be read as a share of what Fastify alone serves on this machine. With
// HELLO_HEADERS=plugin or precomputed the route answers with the API's security headers, set by
// @fastify/helmet or by the API's precomputed hook (security-headers.bench.ts compares them).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { helmetHeaders, securityHeaderOptions } from '../apps/api/src/platform/security-headers';

const app = Fastify({ logger: false });
const headers = process.env.HELLO_HEADERS;
// The same options: @fastify/helmet declares them with its own copy of helmet's types.
if (headers === 'plugin') {
  await app.register(helmet, securityHeaderOptions as unknown as FastifyHelmetOptions);
}
if (headers === 'precomputed') {
  const precomputed = helmetHeaders(securityHeaderOptions);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(precomputed);
    done();
  });
}
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
