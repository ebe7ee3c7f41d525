// The baseline of the catalog benchmark: a bare Fastify route in its own process, so the search
// throughput can be read as a share of what Fastify alone serves on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3999) });
