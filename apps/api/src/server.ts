import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { PRERENDERED_DIR } from '@portal/contract';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerErrorHandler } from './platform/error-handler';
import { passwordHashing } from './platform/auth/passwords';
import { checkSessionsOf } from './platform/auth/guard';
import { BackgroundWork } from './platform/background';
import { type LogStream, loggerOptions, requestIdOf } from './platform/log';
import { helmetHeaders, securityHeaderOptions } from './platform/security-headers';
import { refuseDuringShutdown } from './platform/shutdown';
import { notFound } from './platform/errors';
import { negotiateLocale, t } from './platform/i18n';
import { validatorCompiler } from './platform/validation';
import { adminRoutes } from './modules/admin/routes';
import { auditRoutes } from './modules/audit/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { authRoutes } from './modules/auth/routes';
import { feedRoutes } from './modules/feed/routes';
import { createCatalogReadModel } from './modules/catalog';
import { companyPriceListRoutes, priceListRoutes, PriceBooks } from './modules/pricing';
import { productImageRoutes, staffCatalogRoutes, staffCategoryRoutes } from './modules/catalog';
import { categoryRoutes, productRoutes } from './modules/catalog/routes';
import { pdfRenderer } from './modules/invoices/pdf-pool';
import { documentPdfs, invoiceRoutes, staffDocumentRoutes } from './modules/invoices/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { healthRoutes } from './modules/health/routes';
import { registerMetrics } from './platform/metrics';
import { mediaRoutes } from './modules/media/routes';
import { bannerPictureRoutes, settingsRoutes } from './modules/settings/routes';
import { userRoutes } from './modules/users/routes';
import { companyRoutes } from './modules/companies/routes';
import {
  checkoutSettingsReader,
  claimSettingsReader,
  productSettingsReader,
} from './modules/settings/service';
import { adminClaimRoutes } from './modules/claims/admin-routes';
import { claimRoutes } from './modules/claims/routes';
import { addressRoutes } from './modules/addresses/routes';
import { cartRoutes } from './modules/cart/routes';
import { quickOrderRoutes } from './modules/quick-order/routes';
import { shoppingListRoutes } from './modules/shopping-lists/routes';
import { approvalRoutes, budgetRoutes } from './modules/approvals/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { quoteRoutes, staffQuoteRoutes } from './modules/quotes/routes';
import { adminOrderRoutes } from './modules/orders/admin-routes';
import { orderRoutes } from './modules/orders/routes';
import { adminPaymentRoutes, paymentRoutes } from './modules/payments/routes';
import { createPayments } from './platform/payments';
import { devMailboxRoutes } from './platform/mail/dev-mailbox';
import { createVatChecker } from './platform/vat';
import { linksFromRequestOrigin } from './platform/urls';

/** A URL that cannot be decoded never reaches the hooks: it gets the error body here. */
function answerBadUrl(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = negotiateLocale(request.headers['accept-language']);
  void reply
    .status(400)
    .send({ type: 'VALIDATION_ERROR', code: 400, message: t(locale, 'errors.bad_url') });
}

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Where log lines go: standard output unless given. */
  logStream?: LogStream;
}

/** Builds the Fastify app: external plugins first, then the app's own hooks, then the modules. */
export async function buildApp({ config, db, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy === false ? false : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerBadUrl,
    return503OnClosing: false,
    // Every request has an id: the caller's X-Request-Id when it is a plain token (a proxy's),
    // else a new UUID; it is on each log line as request_id and answered in X-Request-Id.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  passwordHashing.configure(config.passwordHashing);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their contract schema in development and tests, where a
  // drift fails loudly; production serializes them as built, which is much cheaper.
  app.setSerializerCompiler(
    config.env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler,
  );
  // The API speaks JSON only: a text body is refused with 415 instead of reaching the schemas.
  app.removeContentTypeParser('text/plain');
  // Clients send the JSON content type on every call (SPEC section 7), also on a POST without
  // a body such as sign-out: an empty body is no body, not a malformed one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, body.toString(), done);
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('catalog', createCatalogReadModel(db, app.log, config));
  app.decorate('priceBooks', new PriceBooks(db));
  checkSessionsOf(app, db, config.sessionCheckIntervalMs);
  app.decorate('productSettings', productSettingsReader(db));
  app.decorate('checkoutSettings', checkoutSettingsReader(db));
  app.decorate('payments', createPayments(db, config));
  app.decorate('vatChecker', createVatChecker(config));
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  // One pool of PDF workers for the customers' and the staff's documents and the mails' files.
  const renderer = pdfRenderer(config.pdfWorkers);
  app.addHook('onClose', () => renderer.close());
  app.decorate('documents', documentPdfs(db, renderer));
  // Closing waits for the work requests started and did not wait for.
  app.addHook('onClose', () => background.idle());
  app.decorateRequest('locale', 'en');
  app.decorateRequest('ctx', null);
  // Every answer's headers, set in one hook before any route runs: helmet's security headers,
  // computed once (they do not depend on the request; decision 011 measured @fastify/helmet
  // against them), and `no-store` on API answers unless a route sets its own Cache-Control (the
  // category tree's ETag answers).
  const securityHeaders = helmetHeaders(securityHeaderOptions);
  const apiHeaders = { ...securityHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : securityHeaders);
    done();
  });
  linksFromRequestOrigin(app);
  // Requests arriving once shutdown began get the app's 503 body, in their language.
  refuseDuringShutdown(app);
  registerErrorHandler(app);

  await app.register(cookie);
  if (config.corsOrigins.length) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  // With REDIS_URL every process counts in Redis. Redis down: requests go through uncounted
  // (skipOnError) rather than failing, and sign-ins stay limited per address in the database.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis unavailable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, { global: false, ...(redis ? { redis, skipOnError: true } : {}) });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wholesale portal API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerMetrics(app, config, db);

  await app.register(
    async (api) => {
      // The API's answers from 1 KB on are sent compressed to a client that accepts it (brotli at
      // quality 4, else gzip): the category tree a signed-in page loads is 35 KB of JSON, 5 KB
      // compressed. Answers already compressed (the catalog's kept gzip) and media that do not
      // compress (images, PDFs, ZIPs) are sent as they are. The web build's files are
      // precompressed at build and served outside this scope.
      await api.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(auditRoutes, { prefix: '/admin/audit-log' });
      await api.register(settingsRoutes, { prefix: '/settings' });
      await api.register(bannerPictureRoutes, { prefix: '/admin/banner-pictures' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(notificationRoutes, { prefix: '/users' });
      await api.register(companyRoutes, { prefix: '/companies' });
      await api.register(categoryRoutes, { prefix: '/categories' });
      await api.register(productRoutes, { prefix: '/products' });
      await api.register(staffCatalogRoutes, { prefix: '/admin/products' });
      await api.register(staffCategoryRoutes, { prefix: '/admin/categories' });
      await api.register(priceListRoutes, { prefix: '/admin/price-lists' });
      await api.register(companyPriceListRoutes, { prefix: '/admin/companies' });
      await api.register(feedRoutes, { prefix: '/xml' });
      await api.register(mediaRoutes, { prefix: '/media' });
      await api.register(productImageRoutes, { prefix: '/media/product-images' });
      const orderDeps = {
        db,
        config,
        payments: app.payments,
        productSettings: app.productSettings,
        checkoutSettings: app.checkoutSettings,
        priceBooks: app.priceBooks,
        log: app.log,
        // Stock changed by an order or a failed payment shows in the catalog at once.
        onStockChanged: (productIds: string[]) => {
          app.catalog
            .stockChanged(productIds)
            .catch((error: unknown) =>
              app.log.error({ err: error }, 'catalog stock refresh failed'),
            );
        },
      };
      await api.register(cartRoutes, { prefix: '/carts' });
      await api.register(quickOrderRoutes, { prefix: '/quick-order' });
      await api.register(shoppingListRoutes, { prefix: '/shopping-lists' });
      await api.register(addressRoutes, { prefix: '/addresses' });
      await api.register(quoteRoutes({ db, config, priceBooks: app.priceBooks }), {
        prefix: '/quotes',
      });
      await api.register(staffQuoteRoutes({ db, config }), { prefix: '/admin/quotes' });
      await api.register(checkoutRoutes, { prefix: '/checkout' });
      await api.register(orderRoutes(orderDeps), { prefix: '/orders' });
      await api.register(approvalRoutes(orderDeps), { prefix: '/order-approvals' });
      await api.register(budgetRoutes, { prefix: '/budgets' });
      await api.register(adminOrderRoutes(orderDeps), { prefix: '/admin/orders' });
      await api.register(adminPaymentRoutes(orderDeps), { prefix: '/admin/orders' });
      const pdfs = app.documents;
      await api.register(invoiceRoutes({ db, pdfs }), { prefix: '/invoices' });
      await api.register(staffDocumentRoutes({ db, pdfs }), { prefix: '/admin' });
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(paymentRoutes(orderDeps), { prefix: '/payments' });
      const claimSettings = claimSettingsReader(db);
      const claimDeps = {
        db,
        config,
        returnWindowDays: async () => (await claimSettings()).return_window_days,
        onStockChanged: orderDeps.onStockChanged,
      };
      await api.register(claimRoutes(claimDeps), { prefix: '/claims' });
      await api.register(adminClaimRoutes(claimDeps), { prefix: '/admin/claims' });
    },
    { prefix: '/api' },
  );
  if (config.devMailbox) await app.register(devMailboxRoutes, { prefix: '/dev/mailbox' });

  const indexHtml = path.join(config.webDist, 'index.html');
  const serveWeb = existsSync(indexHtml);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: the smallest one the browser
      // accepts is sent as it is (Content-Encoding, Vary: Accept-Encoding).
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const prerendered = serveWeb ? prerenderedPages(config.webDist) : new Set<string>();
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|dev)(\/|$)/.test(request.url);
    const pathname = request.url.split('?')[0] ?? '';
    if (serveWeb && isPage && !path.extname(pathname)) {
      // A page the build drew to HTML (the sign-in page) is sent drawn; any other, the app shell.
      const file = prerendered.has(pathname) ? `${PRERENDERED_DIR}${pathname}.html` : 'index.html';
      return reply.header('Cache-Control', 'no-cache').sendFile(file);
    }
    throw notFound('errors.route_not_found');
  });

  return app;
}

/** The web build's prerendered pages (`dist/prerendered/fr/sign-in.html` → `/fr/sign-in`). */
function prerenderedPages(webDist: string): Set<string> {
  const dir = path.join(webDist, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Set();
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return new Set(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`),
  );
}
