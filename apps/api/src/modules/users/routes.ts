import {
  changePasswordSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { t } from '../../platform/i18n';
import { changePassword, updateProfile } from './profile';
import { getMe } from './service';

const tags = ['users'];
const security = [{ bearer: [] }];

/** The signed-in user's own account: profile and password. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config };
  const editProfile = requirePermission('profile.edit');

  app.put(
    '/update/profile',
    {
      preHandler: editProfile,
      schema: {
        tags,
        security,
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => {
      const ctx = contextOf(request);
      await updateProfile(deps, ctx, request.body);
      return {
        message: t(request.locale, 'messages.profile_saved'),
        user: await getMe(app.db, app.config, ctx.userId),
      };
    },
  );

  app.put(
    '/change-password',
    {
      preHandler: editProfile,
      schema: {
        tags,
        security,
        body: changePasswordSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await changePassword(deps, contextOf(request), request.body);
      return { message: t(request.locale, 'messages.password_changed') };
    },
  );
};
