import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Where the catalog can be read from (modules/catalog/read-model, decision 012). */
export const CATALOG_READ_MODELS = ['memory', 'postgres'] as const;

/** A PostgreSQL server's address; anything else is the embedded database (db/client.ts). */
export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//.test(url);

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * The PostgreSQL pools' sizes when not configured, for the API and the tests alike: one-off
 * statements and transactions (8 took a sixth less database CPU per order than 20, decision 018)
 * and the prepared statements (decision 007).
 */
export const DATABASE_POOLS = { max: 8, preparedMax: 4 };

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset (or empty): outside production, links use the address each request came to. */
  APP_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  DATA_DIR: z.string().default('.data'),
  /** Where product pictures, category icons and banners are served from (DATA_DIR/media). */
  MEDIA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DATABASE_POOLS.max),
  DATABASE_PREPARED_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DATABASE_POOLS.preparedMax),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  PDF_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_HOURS: z.coerce.number().positive().max(720).default(12),
  SESSION_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SCRYPT_COST_LOG2: z.coerce.number().int().min(10).max(20).default(17),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(8),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Wholesale Portal <no-reply@portal.test>'),
  STAFF_EMAIL: z.email().default('staff@portal.test'),
  SUPPORT_EMAIL: z.email().default('support@portal.test'),
  VAT_CHECKER: z.enum(['offline', 'vies']).default('offline'),
  VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  VIES_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
  VAT_RECHECK_INTERVAL_HOURS: z.coerce.number().positive().default(24),
  TRUST_PROXY: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  SIGN_IN_FAILURE_LIMIT: z.coerce.number().int().positive().default(100),
  REDIS_URL: z.string().optional(),
  /** Bearer token of `GET /api/metrics`; unset: no metrics route. */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32).optional(),
  ),
  CATALOG_RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(8),
  /** Where the catalog is read from: the in-memory index or PostgreSQL queries (decision 012). */
  CATALOG_READ_MODEL: z.enum(CATALOG_READ_MODELS).default('memory'),
  /** Demo accounts and data; on by default outside production, off in production. */
  SEED_DEMO: booleanish.optional(),
  /** Production refuses demo accounts and simulated payments unless this says yes. */
  ALLOW_DEMO_IN_PRODUCTION: booleanish.default(false),
  SEED_CATALOG_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Simulated by default outside production; production must name its provider. */
  PAYMENT_PROVIDER: z.enum(['simulated', 'mollie']).optional(),
  MOLLIE_API_KEY: z.string().optional(),
  MOLLIE_API_URL: z.url().default('https://api.mollie.com/v2/'),
  SIMULATED_PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().positive().default(30),
  PAYMENT_RECONCILE_AFTER_MINUTES: z.coerce.number().int().positive().default(15),
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** The public address put in links (mails, payment return, XML feed). */
  appUrl: string;
  /** Outside production without APP_URL: links use the address each request came to. */
  appUrlFromRequest: boolean;
  dataDir: string;
  /** Pictures served under /api/media (the demo seed draws its own there). */
  mediaDir: string;
  /** `undefined`: embedded PGlite in `dataDir`; `memory://` for a throwaway one. */
  databaseUrl: string | undefined;
  /** Most PostgreSQL connections of this process's pool for one-off queries and transactions. */
  databasePoolMax: number;
  /**
   * Most PostgreSQL connections of its pool for the named prepared statements (list pages,
   * product details, the cart's line): about twice the database server's cores.
   */
  databasePreparedPoolMax: number;
  /** A statement (or a transaction left idle) running longer is canceled. */
  databaseStatementTimeoutMs: number;
  /** Worker threads rendering invoice PDFs (0: on the event loop). */
  pdfWorkers: number;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  /** How long a checked session is trusted before the database is asked again (0: every request). */
  sessionCheckIntervalMs: number;
  scryptCostLog2: number;
  /** Password hashes computed at once, and how many more may wait before 503 (Retry-After). */
  passwordHashing: { concurrency: number; maxWaiting: number };
  smtpUrl: string | undefined;
  mailFrom: string;
  staffEmail: string;
  /** Where contact-us messages go (the shop's support address). */
  supportEmail: string;
  vatChecker: Env['VAT_CHECKER'];
  viesUrl: string;
  viesTimeoutMs: number;
  /** How often every active company's VAT numbers are checked again (daily by default). */
  vatRecheckIntervalMs: number;
  trustProxy: string[] | false;
  corsOrigins: string[];
  bodyLimitBytes: number;
  authRateLimit: { max: number; windowSeconds: number };
  /** Failed sign-ins to one address in an hour after which it pauses (from any client). */
  signInFailureLimit: number;
  redisUrl: string | undefined;
  /** The bearer token `GET /api/metrics` asks for; undefined: the route does not exist. */
  metricsToken: string | undefined;
  /** Budget of the serialized catalog answers (search, listings, product pages) in bytes. */
  catalogResponseCacheBytes: number;
  catalogReadModel: (typeof CATALOG_READ_MODELS)[number];
  seedDemo: boolean;
  /**
   * What production runs that no real shop should (demo accounts, simulated payments), each
   * acknowledged with ALLOW_DEMO_IN_PRODUCTION: said at start. Empty outside production.
   */
  demoInProduction: string[];
  /** Size of the generated demo catalog seeded into an empty database. */
  seedCatalogProducts: number;
  mailWorkerIntervalMs: number;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  devMailbox: boolean;
  payments: {
    provider: NonNullable<Env['PAYMENT_PROVIDER']>;
    /** Set when MOLLIE_API_KEY is: payments made with Mollie can be checked even after a switch. */
    mollie: { apiKey: string; apiUrl: string } | null;
    simulatedExpiryMinutes: number;
    /** Pending online payments older than this are asked about by the reconciliation job. */
    reconcileAfterMinutes: number;
    reconcileIntervalMs: number;
  };
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Outside production, a secret is made once and kept in DATA_DIR so tokens survive restarts. */
function resolveJwtSecret(env: Env, dataDir: string, embedded: boolean): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (!embedded) return new Uint8Array(randomBytes(32));
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** A production JWT secret has at least this many different characters (a random one has far more). */
const JWT_SECRET_MIN_DISTINCT = 10;

/** Parses the environment once; throws with every bad variable named. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const paymentProvider = env.PAYMENT_PROVIDER ?? (production ? undefined : 'simulated');
  const seedDemo = env.SEED_DEMO ?? !production;
  if (!paymentProvider) {
    throw new Error(
      'Invalid configuration:\nPAYMENT_PROVIDER: required in production (mollie; simulated only with ALLOW_DEMO_IN_PRODUCTION=1)',
    );
  }
  const problems: string[] = [];
  if (production && !env.APP_URL) {
    problems.push(
      'APP_URL: required in production (the public address put in mail and payment links)',
    );
  }
  if (paymentProvider === 'mollie' && !env.MOLLIE_API_KEY) {
    problems.push('MOLLIE_API_KEY: required when PAYMENT_PROVIDER is mollie');
  }
  if (production && !env.JWT_SECRET) {
    problems.push(
      'JWT_SECRET: required in production (32 characters or more; make one with: openssl rand -base64 48)',
    );
  } else if (
    production &&
    env.JWT_SECRET &&
    new Set(env.JWT_SECRET).size < JWT_SECRET_MIN_DISTINCT
  ) {
    problems.push(
      `JWT_SECRET: too weak for production (fewer than ${JWT_SECRET_MIN_DISTINCT} different characters); make one with: openssl rand -base64 48`,
    );
  }
  const demoInProduction = production
    ? [
        ...(seedDemo ? ['SEED_DEMO: demo accounts with the published demo password'] : []),
        ...(paymentProvider === 'simulated'
          ? ['PAYMENT_PROVIDER=simulated: orders are marked paid without any money']
          : []),
        ...(!isPostgresUrl(env.DATABASE_URL)
          ? [
              'DATABASE_URL: not a postgres:// address, so the embedded database in DATA_DIR (one process, no managed backups)',
            ]
          : []),
        ...(env.SMTP_URL ? [] : ['SMTP_URL: not set, so no mail leaves the shop']),
      ]
    : [];
  if (demoInProduction.length && !env.ALLOW_DEMO_IN_PRODUCTION) {
    problems.push(
      ...demoInProduction.map(
        (what) => `${what}; refused in production unless ALLOW_DEMO_IN_PRODUCTION=1`,
      ),
    );
  }
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(env.DATA_DIR);
  const embeddedOnDisk = !env.DATABASE_URL;
  const trustProxy = list(env.TRUST_PROXY);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appUrlFromRequest: !production && !env.APP_URL,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    databasePreparedPoolMax: env.DATABASE_PREPARED_POOL_MAX,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    pdfWorkers: env.PDF_WORKERS,
    jwtSecret: resolveJwtSecret(env, dataDir, embeddedOnDisk),
    accessTokenTtlSeconds: Math.round(env.ACCESS_TOKEN_TTL_HOURS * 3600),
    sessionCheckIntervalMs: env.SESSION_CHECK_INTERVAL_MS,
    scryptCostLog2: env.SCRYPT_COST_LOG2,
    passwordHashing: {
      concurrency: env.PASSWORD_HASH_CONCURRENCY,
      maxWaiting: env.PASSWORD_HASH_QUEUE,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    staffEmail: env.STAFF_EMAIL,
    supportEmail: env.SUPPORT_EMAIL,
    vatChecker: env.VAT_CHECKER,
    viesUrl: env.VIES_URL,
    viesTimeoutMs: env.VIES_TIMEOUT_MS,
    vatRecheckIntervalMs: Math.round(env.VAT_RECHECK_INTERVAL_HOURS * 3_600_000),
    trustProxy: trustProxy.length ? trustProxy : false,
    corsOrigins: list(env.CORS_ORIGINS),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    authRateLimit: {
      max: env.AUTH_RATE_LIMIT_MAX,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    },
    signInFailureLimit: env.SIGN_IN_FAILURE_LIMIT,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    catalogResponseCacheBytes: Math.round(env.CATALOG_RESPONSE_CACHE_MB * 1024 * 1024),
    catalogReadModel: env.CATALOG_READ_MODEL,
    seedDemo,
    demoInProduction,
    seedCatalogProducts: env.SEED_CATALOG_PRODUCTS,
    mailWorkerIntervalMs: env.MAIL_WORKER_INTERVAL_MS,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    devMailbox: env.NODE_ENV !== 'production',
    payments: {
      provider: paymentProvider,
      mollie: env.MOLLIE_API_KEY
        ? { apiKey: env.MOLLIE_API_KEY, apiUrl: env.MOLLIE_API_URL }
        : null,
      simulatedExpiryMinutes: env.SIMULATED_PAYMENT_EXPIRY_MINUTES,
      reconcileAfterMinutes: env.PAYMENT_RECONCILE_AFTER_MINUTES,
      reconcileIntervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
    },
  };
}
