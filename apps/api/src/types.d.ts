import type { CheckoutSettings, Locale, ProductSettings } from '@portal/contract';
import type { Config } from './config';
import type { Db } from './db/client';
import type { CatalogReadModel } from './modules/catalog';
import type { PriceBooks } from './modules/pricing';
import type { DocumentPdfs } from './modules/invoices/routes';
import type { CheckedSession, RequestContext } from './platform/auth/guard';
import type { BackgroundWork } from './platform/background';
import type { Payments } from './platform/payments';
import type { ReadTogether } from './platform/read-together';
import type { VatChecker } from './platform/vat';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    catalog: CatalogReadModel;
    /** Price lists' books, per process (issue 24). */
    priceBooks: PriceBooks;
    /** Sessions found valid, by session id, checked again together (auth guard). */
    sessionChecks: ReadTogether<CheckedSession>;
    productSettings: () => Promise<ProductSettings>;
    checkoutSettings: () => Promise<CheckoutSettings>;
    payments: Payments;
    vatChecker: VatChecker;
    background: BackgroundWork;
    /** Invoices and credit notes as PDF and e-invoices (one PDF worker pool per process). */
    documents: DocumentPdfs;
  }
  interface FastifyRequest {
    locale: Locale;
    ctx: RequestContext | null;
  }
}
