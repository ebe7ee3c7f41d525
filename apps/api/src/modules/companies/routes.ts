import {
  companyIdParamsSchema,
  companyProfileResponseSchema,
  companyProfileSchema,
  companyProfileUpdateSchema,
  invoiceIdParamsSchema,
  vatCheckResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { getCompanyProfile, updateCompanyProfile } from './service';
import { checkCompanyVatNumber, checkInvoiceVatNumber } from './vat';

const tags = ['companies'];
const security = [{ bearer: [] }];

/** The company profile (owners edit, members read) and the VAT number rechecks. */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = requirePermission('company.view');
  const edit = requirePermission('company.edit');

  app.post(
    '/check-vat-number',
    { preHandler: view, schema: { tags, security, response: { 200: vatCheckResponseSchema } } },
    async (request) => checkCompanyVatNumber(app.db, app.vatChecker, contextOf(request)),
  );

  app.post(
    '/check-invoice-vat-number/:invoiceId',
    {
      preHandler: view,
      schema: {
        tags,
        security,
        params: invoiceIdParamsSchema,
        response: { 200: vatCheckResponseSchema },
      },
    },
    async (request) =>
      checkInvoiceVatNumber(app.db, app.vatChecker, contextOf(request), request.params.invoiceId),
  );

  app.get(
    '/:companyId',
    {
      preHandler: view,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: companyProfileSchema },
      },
    },
    async (request) => getCompanyProfile(app.db, contextOf(request), request.params.companyId),
  );

  app.put(
    '/profile/:companyId',
    {
      preHandler: edit,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        body: companyProfileUpdateSchema,
        response: { 200: companyProfileResponseSchema },
      },
    },
    async (request) => ({
      message: t(request.locale, 'messages.company_saved'),
      company: await updateCompanyProfile(
        app.db,
        app.vatChecker,
        contextOf(request),
        request.params.companyId,
        request.body,
      ),
    }),
  );
};
