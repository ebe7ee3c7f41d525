import { notificationPath, type Notification } from '@portal/contract';

/** What a notification says (translation key and values) and where it leads. */
export function describeNotification(notification: Notification): {
  key: string;
  values: Record<string, string>;
  to: string | null;
} {
  const { detail } = notification;
  const values = {
    buyer: detail.buyer?.full_name ?? '',
    order: detail.order?.order_number ?? '',
    invoice: detail.invoice?.invoice_number ?? '',
    quote: detail.quote?.quote_number ?? '',
  };
  return { key: `notifications.types.${notification.type}`, values, to: notificationPath(detail) };
}
