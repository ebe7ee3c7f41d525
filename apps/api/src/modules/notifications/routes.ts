import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf, requirePermission } from '../../platform/auth/guard';
import { listNotifications } from './service';

const tags = ['users'];
const security = [{ bearer: [] }];

/** `GET /users/notifications`: the header bell and the notifications list. */
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
};
