import {
  checkoutSettingResponseSchema,
  dashboardSliderSettingResponseSchema,
  claimSettingResponseSchema,
  invoiceSettingResponseSchema,
  settingCodeParamsSchema,
  settingResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, contextOf, requirePermission } from '../../platform/auth/guard';
import { getSetting, updateSetting } from './service';

const tags = ['settings'];
const security = [{ bearer: [] }];
const anySettingResponseSchema = z.union([
  settingResponseSchema,
  checkoutSettingResponseSchema,
  invoiceSettingResponseSchema,
  dashboardSliderSettingResponseSchema,
  claimSettingResponseSchema,
]);
/** The value is checked against its code's schema by the service. */
const updateAnySettingRequestSchema = z.strictObject({ value: z.record(z.string(), z.unknown()) });

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/code/:code',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        params: settingCodeParamsSchema,
        response: { 200: anySettingResponseSchema },
      },
    },
    async (request) => getSetting(app.db, request.params.code),
  );

  app.put(
    '/code/:code',
    {
      preHandler: requirePermission('settings.edit'),
      schema: {
        tags,
        security,
        params: settingCodeParamsSchema,
        body: updateAnySettingRequestSchema,
        response: { 200: anySettingResponseSchema },
      },
    },
    async (request) =>
      updateSetting(app.db, contextOf(request).userId, request.params.code, request.body.value),
  );
};
