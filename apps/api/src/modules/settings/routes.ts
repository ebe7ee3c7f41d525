import multipart from '@fastify/multipart';
import {
  SHOP_PICTURE_LIMITS,
  shopPictureSchema,
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
import { readShopPictureUpload, storeShopPicture } from '../media';
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

/**
 * `POST /api/admin/banner-pictures`: a picture for the dashboard slider, stored and answered with
 * its path; the slider names it once saved (a picture never put in use is deleted after a day).
 */
export const bannerPictureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  app.post(
    '/',
    {
      preHandler: requirePermission('settings.edit'),
      schema: {
        tags,
        security,
        summary: 'Upload a picture for a dashboard banner',
        description:
          'multipart/form-data with one `file`: a JPEG, PNG or WebP picture (recognised by its ' +
          `content) of at most ${SHOP_PICTURE_LIMITS.maxBytes / 1_048_576} MB, stored cropped to ` +
          `${SHOP_PICTURE_LIMITS.banner.width}×${SHOP_PICTURE_LIMITS.banner.height} px as WebP.`,
        consumes: ['multipart/form-data'],
        response: { 201: shopPictureSchema },
      },
    },
    async (request, reply) => {
      const picture = await readShopPictureUpload(request, 'banner');
      const path = await storeShopPicture(app.db, 'banner', picture, contextOf(request).userId);
      return reply.status(201).send({ path });
    },
  );
};
