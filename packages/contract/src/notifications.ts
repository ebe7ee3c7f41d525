import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './constants';

export const NOTIFICATIONS_MAX_LIMIT = 50;

/** `GET /users/notifications?page&limit&full_notification`: 1 marks the returned page as seen. */
export const notificationsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).optional(),
  full_notification: z.enum(['0', '1']).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** One notification (SPEC section 3): type, happened_at and what it is about. */
export const notificationSchema = z.object({
  _id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  happened_at: z.string(),
  seen: z.boolean(),
  detail: z.object({
    buyer: z.object({ _id: z.string(), full_name: z.string() }).optional(),
    approval: z.object({ _id: z.string() }).optional(),
    order: z.object({ _id: z.string(), order_number: z.string() }).optional(),
    invoice: z.object({ _id: z.string(), invoice_number: z.string() }).optional(),
    quote: z.object({ _id: z.string(), quote_number: z.string() }).optional(),
  }),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  /** How many of the user's notifications are not seen yet (all pages). */
  unseen: z.number().int(),
  page: z.number().int(),
  totalPage: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** E-mail per notification type (on unless switched off); portal notifications always stay. */
export const notificationPreferencesSchema = z.strictObject({
  new_order: z.boolean(),
  new_invoice: z.boolean(),
  order_is_shipped: z.boolean(),
  replacement_sent: z.boolean(),
  new_creditmemo: z.boolean(),
  approval_requested: z.boolean(),
  approval_approved: z.boolean(),
  approval_declined: z.boolean(),
  quote_answered: z.boolean(),
}) satisfies z.ZodType<Record<NotificationType, boolean>>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesResponseSchema = z.object({
  preferences: notificationPreferencesSchema,
});
