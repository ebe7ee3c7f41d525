import { DEFAULT_LOCALE, isLocale } from '@portal/contract';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isPostgresUrl, loadConfig } from './config';
import { answerBackupRequest, pidFile, runningProcess } from './db/backup';
import { openDatabase } from './db/client';
import { seedCatalog } from './db/seed/catalog';
import { writeDemoMedia } from './db/seed/media/write';
import { seedDemo } from './db/seed/demo';
import { seedDemoClaims } from './db/seed/demo-claims';
import { startImportWorker } from './modules/catalog';
import { startArchiveWorker } from './modules/invoices/archives';
import { startVatRecheckJob } from './modules/companies/vat';
import { startPaymentReconciliation } from './modules/payments/reconcile';
import { startMailWorker } from './platform/mail/worker';
import { closeGracefully } from './platform/shutdown';
import { buildApp } from './server';

/** A bad setting stops the start with the settings named, not a stack trace. */
function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
const config = configOrExit();
mkdirSync(config.dataDir, { recursive: true });
// The embedded database allows one process per folder: a second one would corrupt it.
const embedded = !isPostgresUrl(config.databaseUrl) && config.databaseUrl !== 'memory://';
if (embedded) {
  const other = runningProcess(config);
  if (other !== undefined) {
    console.error(`another API process (${other}) has the database in ${config.dataDir} open`);
    process.exit(1);
  }
  writeFileSync(pidFile(config), String(process.pid));
}
const database = await openDatabase(
  config.databaseUrl,
  config.dataDir,
  (error) => {
    process.emitWarning(`database connection closed: ${error.message}`);
  },
  {
    max: config.databasePoolMax,
    preparedMax: config.databasePreparedPoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  },
);
await database.migrate();
const app = await buildApp({ config, db: database.db });
for (const what of config.demoInProduction) {
  app.log.warn(`production runs with ${what} (ALLOW_DEMO_IN_PRODUCTION=1): never for a real shop`);
}
if (config.devMailbox) {
  app.log.info(`dev mailbox at ${config.appUrl}/dev/mailbox, answering this machine only`);
}
if (config.seedDemo && (await seedDemo(database.db, config.scryptCostLog2))) {
  app.log.info('demo data seeded');
}
if (config.seedDemo) {
  const catalog = await seedCatalog(database.db, { products: config.seedCatalogProducts });
  if (catalog.products) app.log.info(catalog, 'demo catalog seeded');
  if (await seedDemoClaims(database.db, config)) app.log.info('demo orders and claim seeded');
  const pictures = await writeDemoMedia(config.mediaDir);
  if (pictures) app.log.info({ pictures, dir: config.mediaDir }, 'demo pictures drawn');
}
// Invoice and credit note mails carry the document, made when the mail goes out.
const mailWorker = startMailWorker(database.db, config, app.log, (ref, locale) =>
  app.documents.mailAttachment(ref, isLocale(locale) ? locale : DEFAULT_LOCALE),
);
const vatRecheck = startVatRecheckJob(
  database.db,
  app.vatChecker,
  config.vatRecheckIntervalMs,
  app.log,
);

// Archives of a period's invoice PDFs that owners and accountants ask for.
const archiveWorker = startArchiveWorker(database.db, app.documents, config.appUrl, app.log);

// Product and stock files staff import; what each batch changes shows in this process at once.
const importWorker = startImportWorker(database.db, app.log, () => app.catalog.catalogChanged());

const paymentReconciliation = startPaymentReconciliation(
  { db: database.db, config, payments: app.payments, log: app.log },
  config.payments.reconcileIntervalMs,
  config.payments.reconcileAfterMinutes,
);

/** How long in-flight requests may take to finish once SIGTERM came: then the process exits. */
const SHUTDOWN_TIMEOUT_MS = 8_000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // An archive being built goes back to the queue (it needs this process's PDF workers).
  await archiveWorker.stop();
  const closed = await closeGracefully(app, SHUTDOWN_TIMEOUT_MS);
  if (!closed) app.log.warn('in-flight requests did not finish in time: exiting anyway');
  await Promise.all([
    mailWorker.stop(),
    vatRecheck.stop(),
    paymentReconciliation.stop(),
    importWorker.stop(),
  ]);
  await database.close();
  if (embedded) rmSync(pidFile(config), { force: true });
  process.exit(closed ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// `npm run db:backup` asks for a consistent copy of the embedded database this process holds.
if (embedded) {
  process.on('SIGUSR2', () => {
    answerBackupRequest(config, database).then(
      (file) => app.log.info({ file }, 'backup written'),
      (error: unknown) => app.log.error({ err: error }, 'backup failed'),
    );
  });
}

await app.listen({ host: config.host, port: config.port });
// Started by a process manager or a test with an IPC channel: tell it the API is answering.
process.send?.('ready');
// Make the catalog ready now rather than on the first buyer's request (the in-memory index
// builds its snapshot). A failure is logged by the index, which builds again on the next request.
app.catalog.warm().catch(() => undefined);
