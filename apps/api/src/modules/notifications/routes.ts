import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { getPreferences, updatePreferences } from './preferences';
import { listNotifications } from './service';

const tags = ['users'];
const security = [{ bearer: [] }];

/**
 * `GET /users/notifications` (the header bell and the notifications list) and the user's
 * e-mail notification preferences.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      preValidation: requirePermission('notifications.view'),
      schema: {
        tags,
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema },
      },
    },
    async (request) =>
      listNotifications(app.db, contextOf(request).userId, {
        page: request.query.page ?? 1,
        limit: request.query.limit ?? NOTIFICATIONS_PAGE_SIZE,
        markSeen: request.query.full_notification === '1',
      }),
  );

  app.get(
    '/notification-preferences',
    {
      preValidation: requirePermission('notification_preferences.edit'),
      schema: { tags, security, response: { 200: notificationPreferencesResponseSchema } },
    },
    async (request) => ({ preferences: await getPreferences(app.db, contextOf(request).userId) }),
  );

  app.put(
    '/update-notification-preferences',
    {
      preValidation: requirePermission('notification_preferences.edit'),
      schema: {
        tags,
        security,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await updatePreferences(app.db, contextOf(request).userId, request.body),
    }),
  );
};
