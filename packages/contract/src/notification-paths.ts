import type { Notification } from './notifications';

/**
 * Where a notification leads in the portal (without the locale prefix): its invoice, order,
 * approval or quote; null when it names none. The notification list links there, and so does
 * the button of the notification's mail. Apart from notifications.ts's schemas: the web's bell
 * is on every page, and a module is bundled whole.
 */
export function notificationPath(detail: Notification['detail']): string | null {
  if (detail.invoice) return `/invoices/invoice-details/${detail.invoice._id}`;
  if (detail.order) return `/orders/${detail.order._id}`;
  if (detail.approval) return `/approvals/${detail.approval._id}`;
  if (detail.quote) return `/quotes/${detail.quote._id}`;
  return null;
}
