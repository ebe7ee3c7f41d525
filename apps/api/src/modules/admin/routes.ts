import {
  companyIdParamsSchema,
  messageResponseSchema,
  registrationListQuerySchema,
  registrationListSchema,
  staffMemberListSchema,
  vatVerificationRequestSchema,
  vatVerificationResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import {
  listPendingRegistrations,
  listStaff,
  reviewRegistration,
  setVatVerification,
} from './service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Back-office calls for the shop's staff (role admin). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const review = requirePermission('registrations.review');

  app.get(
    '/registrations',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        querystring: registrationListQuerySchema,
        response: { 200: registrationListSchema },
      },
    },
    async (request) => listPendingRegistrations(app.db, request.query.page, request.query.limit),
  );

  app.post(
    '/registrations/:companyId/approve',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await reviewRegistration(
        app.db,
        app.config,
        contextOf(request).userId,
        request.params.companyId,
        'approve',
      );
      return { message: t(request.locale, 'messages.registration_approved') };
    },
  );

  app.post(
    '/registrations/:companyId/reject',
    {
      preValidation: review,
      schema: {
        tags,
        security,
        params: companyIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await reviewRegistration(
        app.db,
        app.config,
        contextOf(request).userId,
        request.params.companyId,
        'reject',
      );
      return { message: t(request.locale, 'messages.registration_rejected') };
    },
  );

  app.get(
    '/staff',
    {
      preValidation: requirePermission('audit.view'),
      schema: { tags, security, response: { 200: staffMemberListSchema } },
    },
    async () => listStaff(app.db),
  );

  app.post(
    '/companies/:companyId/vat-verification',
    {
      preValidation: requirePermission('vat.verify'),
      schema: {
        tags,
        security,
        description:
          "Marks the company's (or one invoice entity's) VAT number verified now, or unverified.",
        params: companyIdParamsSchema,
        body: vatVerificationRequestSchema,
        response: { 200: vatVerificationResponseSchema },
      },
    },
    async (request) =>
      setVatVerification(app.db, contextOf(request).userId, request.params.companyId, request.body),
  );
};
