import {
  settingCodeParamsSchema,
  settingResponseSchema,
  updateSettingRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requirePermission } from '../../platform/auth/guard';
import { getSetting, updateSetting } from './service';

const tags = ['settings'];
const security = [{ bearer: [] }];

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/code/:code',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security,
        params: settingCodeParamsSchema,
        response: { 200: settingResponseSchema },
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
        body: updateSettingRequestSchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => updateSetting(app.db, request.params.code, request.body.value),
  );
};
