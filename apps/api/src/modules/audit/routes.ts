import { auditLogQuerySchema, auditLogSchema } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../platform/auth/guard';
import { listAuditLog } from './service';

/** Back-office: the audit log of what staff did (permission audit.view: admins). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preValidation: requirePermission('audit.view'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogSchema },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};
